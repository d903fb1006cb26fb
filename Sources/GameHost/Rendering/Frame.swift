/// A terminal size in cells.
public struct Size: Hashable, Codable, Sendable, CustomStringConvertible {
    /// Columns, in terminal cells.
    public var width: Int
    /// Rows.
    public var height: Int

    /// A size in cells.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Whether it is no wider and no taller than `other`.
    public func fits(in other: Size) -> Bool { width <= other.width && height <= other.height }
    /// "80×24".
    public var description: String { "\(width)×\(height)" }
}

/// One cell of a frame as a reader sees it: a grapheme cluster and its style.
///
/// A wide character (an emoji, a CJK ideograph) fills two cells: its own, with width 2, and
/// the next one, a continuation with width 0 that is never written to the terminal.
public struct Cell: Equatable, Sendable {
    /// What the cell shows.
    public var character: Character
    /// How it is shown.
    public var style: Style
    /// 1, 2 for a wide character, 0 for the cell a wide character covers.
    public var width: UInt8
}

/// A grid of cells: what a renderer returns and what the terminal shows.
///
/// Every write goes through `DisplayWidth` and `TextSanitizer`, so no frame can hold a
/// control character or a line wider than the frame, whatever text a module hands it.
///
/// Cells are stored as plain data, so frames are cheap to make, copy and compare on every
/// key: a one-scalar character is kept inline, a longer cluster (a ZWJ emoji, a flag, a
/// letter with a combining mark) as an index into the frame's table of clusters.
public struct Frame: Sendable {
    /// Its size in cells; nothing is drawn outside it.
    public let size: Size
    private(set) var slots: [Slot]
    private(set) var clusters: [Character] = []
    /// Where clicks and the wheel go, as the view declared them while drawing (see `HitRegion`).
    public private(set) var regions: [HitRegion] = []

    struct Slot: Equatable, Sendable {
        /// A Unicode scalar value, or `clusterFlag | index` into `clusters`.
        var code: UInt32
        var style: Style
        var width: UInt8

        static let blank = Slot(code: 0x20, style: .plain, width: 1)
        static let clusterFlag: UInt32 = 0x8000_0000
        var isCluster: Bool { code & Self.clusterFlag != 0 }
    }

    /// A blank frame.
    public init(size: Size) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        slots = Array(repeating: .blank, count: self.size.width * self.size.height)
    }

    /// A frame of cells already laid out, one slot for each cell of `size` (`init(stacking:size:)`).
    init(size: Size, slots: [Slot], clusters: [Character]) {
        precondition(size.width >= 0 && size.height >= 0 && slots.count == size.width * size.height)
        self.size = size
        self.slots = slots
        self.clusters = clusters
    }

    /// The cell at a row and column inside the frame.
    public subscript(row: Int, column: Int) -> Cell {
        let slot = slots[row * size.width + column]
        return Cell(character: character(slot), style: slot.style, width: slot.width)
    }

    func character(_ slot: Slot) -> Character {
        if slot.isCluster { return clusters[Int(slot.code & ~Slot.clusterFlag)] }
        return Character(Unicode.Scalar(slot.code) ?? " ")
    }

    /// Writes text starting at a cell; returns the column after the last cell written.
    /// Text past the right edge (or past `limit` columns) is cut off.
    @discardableResult
    public mutating func write(_ text: String, row: Int, column: Int, style: Style = .plain,
                               limit: Int? = nil) -> Int {
        guard row >= 0, row < size.height else { return column }
        let after = put(text, row: row, column: column, style: style, limit: limit)
        if column < 0 { noteCutBefore(text, row: row, column: column) }
        return after
    }

    /// `write`'s cells, from `column` to the edge or the `limit`.
    private mutating func put(_ text: String, row: Int, column: Int, style: Style, limit: Int?) -> Int {
        let end = min(size.width, limit.map { column + $0 } ?? size.width)
        if let after = putASCII(text, row: row, column: column, style: style, end: end) { return after }
        var x = column
        if text.unicodeScalars.allSatisfy(DisplayWidth.standsAlone) {
            // Every scalar is a character of its own: no grapheme clusters to find. Read by the
            // iterator, which decodes each scalar once; an index walk decoded it twice.
            var placed = 0
            for scalar in text.unicodeScalars {
                let width = DisplayWidth.width(of: scalar)
                if x + width > end {
                    if x < end, x >= 0 { set(row, x, Slot(code: 0x20, style: style, width: 1)) }
                    noteCut(Substring(text.unicodeScalars.dropFirst(placed)), row: row, end: end)
                    break
                }
                if x >= 0 {
                    set(row, x, Slot(code: scalar.value, style: style, width: UInt8(width)))
                    if width == 2 { set(row, x + 1, Slot(code: 0x20, style: style, width: 0)) }
                }
                x += width
                placed += 1
            }
            return min(x, end)
        }
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let width = DisplayWidth.of(character)
            if width == 0 {
                index = text.index(after: index)
                continue
            }
            if x + width > end {
                // A wide character that does not fit leaves a blank rather than half a glyph.
                if x < end, x >= 0 { set(row, x, Slot(code: 0x20, style: style, width: 1)) }
                noteCut(text[index...], row: row, end: end)
                break
            }
            if x >= 0 {
                set(row, x, Slot(code: code(for: character), style: style, width: UInt8(width)))
                if width == 2 { set(row, x + 1, Slot(code: 0x20, style: style, width: 0)) }
            }
            x += width
            index = text.index(after: index)
        }
        return min(x, end)
    }

    /// `put` for printable ASCII, the common case: one byte, one cell, stored straight from
    /// the text's bytes (a walk of `String.UTF8View` indices cost more than the cells). Nil
    /// when the text is anything else.
    private mutating func putASCII(_ text: String, row: Int, column: Int, style: Style, end: Int) -> Int? {
        let placed = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            let first = max(0, column), after = min(end, column + bytes.count)
            if first < after {
                mendEdges(row: row, first..<after)
                let start = row * size.width
                slots.withUnsafeMutableBufferPointer { cells in
                    for x in first..<after {
                        cells[start + x] = Slot(code: UInt32(bytes[x - column]), style: style, width: 1)
                    }
                }
            }
            if column + bytes.count > end { noteCut(text.dropFirst(max(0, end - column)), row: row, end: end) }
            return min(column + bytes.count, end)
        }
        return placed ?? nil
    }

    private mutating func code(for character: Character) -> UInt32 {
        let scalars = character.unicodeScalars
        if scalars.count == 1 { return scalars.first!.value }
        clusters.append(character)
        return Slot.clusterFlag | UInt32(clusters.count - 1)
    }

    /// Writes text centered in the row (or in `width` columns starting at `column`).
    @discardableResult
    public mutating func center(_ text: String, row: Int, style: Style = .plain,
                                column: Int = 0, width: Int? = nil) -> Int {
        let room = width ?? (size.width - column)
        let fitted = DisplayWidth.truncate(text, to: room)
        let start = column + max(0, (room - DisplayWidth.of(fitted)) / 2)
        return write(fitted, row: row, column: start, style: style)
    }

    /// Paints `width` cells with a style (spaces), e.g. a bar or a highlighted row.
    public mutating func fill(row: Int, column: Int, width: Int, character: Character = " ",
                              style: Style = .plain) {
        guard row >= 0, row < size.height else { return }
        var scalars = character.unicodeScalars.makeIterator()
        let first = scalars.next()!
        let glyph = scalars.next() == nil && DisplayWidth.of(character) == 1 ? first.value : 0x20
        fillRun(row: row, max(0, column)..<max(max(0, column), min(size.width, column + width)),
                with: Slot(code: glyph, style: style, width: 1))
    }

    /// Changes the style of cells already written, keeping their characters.
    public mutating func restyle(row: Int, column: Int, width: Int, _ change: (inout Style) -> Void) {
        guard row >= 0, row < size.height else { return }
        for x in max(0, column)..<max(max(0, column), min(size.width, column + width)) {
            change(&slots[row * size.width + x].style)
        }
    }

    /// Adds a region, clipped to the frame; one wholly outside is dropped.
    mutating func addRegion(_ region: HitRegion) {
        var region = region
        region.rect = region.rect.clipped(to: Rect(column: 0, row: 0, width: size.width, height: size.height))
        if !region.rect.isEmpty { regions.append(region) }
    }

    /// The frame with each region replaced by what `transform` makes of it (nil drops it): a
    /// screen that draws another's frame and takes its clicks itself (a room's seat).
    func mappingRegions(_ transform: (HitRegion) -> HitRegion?) -> Frame {
        var frame = self
        frame.regions = regions.compactMap(transform)
        return frame
    }

    /// Copies another frame in with its top-left corner at (row, column), clipped to this frame,
    /// its regions moved along with its cells.
    public mutating func draw(_ other: Frame, row: Int, column: Int) {
        for var region in other.regions {
            region.rect.column += column
            region.rect.row += row
            addRegion(region)
        }
        if column == 0, other.size.width == size.width, row >= 0, row + other.size.height <= size.height {
            // Whole rows, as the host draws a screen's content: one bulk copy.
            let start = row * size.width
            slots.replaceSubrange(start..<(start + other.slots.count), with: other.slots)
            if !other.clusters.isEmpty {
                let offset = UInt32(clusters.count)
                clusters.append(contentsOf: other.clusters)
                for index in start..<(start + other.slots.count) where slots[index].isCluster {
                    slots[index].code += offset
                }
            }
            return
        }
        let first = max(0, -column), last = min(other.size.width, size.width - column)
        guard first < last else { return }
        let offset = UInt32(clusters.count)
        clusters.append(contentsOf: other.clusters)
        func moved(_ slot: Slot) -> Slot {
            var slot = slot
            if slot.isCluster { slot.code += offset }
            return slot
        }
        for y in 0..<other.size.height where row + y >= 0 && row + y < size.height {
            let source = y * other.size.width
            let target = (row + y) * size.width + column
            // Edges through `set`, so wide characters cut by them are mended; the rest copied.
            set(row + y, column + first, moved(other.slots[source + first]))
            if last - 1 > first { set(row + y, column + last - 1, moved(other.slots[source + last - 1])) }
            if last - first > 2 {
                for x in (first + 1)..<(last - 1) { slots[target + x] = moved(other.slots[source + x]) }
            }
            if other.slots[source + first].width == 0 {
                slots[target + first] = Slot(code: 0x20, style: other.slots[source + first].style, width: 1)
            }
            if other.slots[source + last - 1].width == 2 {
                slots[target + last - 1] = Slot(code: 0x20, style: other.slots[source + last - 1].style, width: 1)
            }
        }
    }

    /// True when two cells show the same thing (clusters compared by content).
    func sameCell(_ index: Int, as other: Frame) -> Bool {
        let mine = slots[index], theirs = other.slots[index]
        if mine == theirs { return !mine.isCluster || clusters[Int(mine.code & ~Slot.clusterFlag)]
            == other.clusters[Int(theirs.code & ~Slot.clusterFlag)] }
        guard mine.isCluster || theirs.isCluster, mine.style == theirs.style, mine.width == theirs.width else {
            return false
        }
        return character(mine) == other.character(theirs)
    }

    /// Stores one cell, mending a wide character it cuts in half: the general path every
    /// faster one is tested against.
    mutating func set(_ row: Int, _ column: Int, _ slot: Slot) {
        guard column >= 0, column < size.width else { return }
        let index = row * size.width + column
        let old = slots[index]
        // Overwriting half of a wide character blanks its other half.
        if slot.width != 0, old.width == 0, column > 0, slots[index - 1].width == 2 {
            slots[index - 1] = Slot(code: 0x20, style: slots[index - 1].style, width: 1)
        }
        if old.width == 2, column + 1 < size.width, slots[index + 1].width == 0 {
            slots[index + 1] = Slot(code: 0x20, style: old.style, width: 1)
        }
        slots[index] = slot
    }
}

extension Frame {
    /// Makes ready to store cells `columns` of a row at once, as `set` would one by one: a
    /// wide character that the run cuts at either end is blanked. (Inside the run, what `set`
    /// mends is overwritten anyway; the run's first cell must not be a wide character's
    /// second half, and a wide character in it must be followed by its second half.)
    mutating func mendEdges(row: Int, _ columns: Range<Int>) {
        guard !columns.isEmpty else { return }
        let start = row * size.width, first = columns.lowerBound, last = columns.upperBound - 1
        if slots[start + first].width == 0, first > 0, slots[start + first - 1].width == 2 {
            slots[start + first - 1] = Slot(code: 0x20, style: slots[start + first - 1].style, width: 1)
        }
        if slots[start + last].width == 2, last + 1 < size.width, slots[start + last + 1].width == 0 {
            slots[start + last + 1] = Slot(code: 0x20, style: slots[start + last].style, width: 1)
        }
    }

    /// Cells `columns` of a row (inside the frame), each set to one cell-wide `slot`.
    mutating func fillRun(row: Int, _ columns: Range<Int>, with slot: Slot) {
        guard !columns.isEmpty else { return }
        mendEdges(row: row, columns)
        let start = row * size.width
        slots.withUnsafeMutableBufferPointer { cells in
            for x in columns { cells[start + x] = slot }
        }
    }
}

extension Frame: Equatable {
    /// Frames are equal when they show the same cells, however their clusters are stored.
    public static func == (a: Frame, b: Frame) -> Bool {
        guard a.size == b.size else { return false }
        // Slot by slot through buffers: the conformance suite compares a frame on every step,
        // and a closure per cell made that the cost of a walk in a debug build.
        return a.slots.withUnsafeBufferPointer { mine in
            b.slots.withUnsafeBufferPointer { theirs in
                if let words = Slot.Words.layout,
                   words.same(mine, theirs, from: 0, count: mine.count, clusters: !a.clusters.isEmpty) { return true }
                for index in 0..<mine.count where mine[index] != theirs[index] || mine[index].isCluster {
                    if !a.sameCell(index, as: b) { return false }
                }
                return true
            }
        }
    }
}
