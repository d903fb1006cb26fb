/// A terminal size in cells.
public struct Size: Hashable, Codable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public func fits(in other: Size) -> Bool { width <= other.width && height <= other.height }
    public var description: String { "\(width)×\(height)" }
}

/// One cell of a frame: a grapheme cluster and its style.
///
/// A wide character (an emoji, a CJK ideograph) fills two cells: its own, with width 2, and
/// the next one, a continuation with width 0 that is never written to the terminal.
public struct Cell: Hashable, Sendable {
    public var character: Character
    public var style: Style
    public var width: UInt8

    public static let blank = Cell(character: " ", style: .plain, width: 1)
    static let continuation = Cell(character: " ", style: .plain, width: 0)
}

/// A grid of cells: what a renderer returns and what the terminal shows.
///
/// Every write goes through `DisplayWidth` and `TextSanitizer`, so no frame can hold a
/// control character or a line wider than the frame, whatever text a module hands it.
public struct Frame: Hashable, Sendable {
    public let size: Size
    public private(set) var cells: [Cell]

    public init(size: Size) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        cells = Array(repeating: .blank, count: self.size.width * self.size.height)
    }

    public subscript(row: Int, column: Int) -> Cell {
        cells[row * size.width + column]
    }

    /// Writes text starting at a cell; returns the column after the last cell written.
    /// Text past the right edge (or past `limit` columns) is cut off.
    @discardableResult
    public mutating func write(_ text: String, row: Int, column: Int, style: Style = .plain,
                               limit: Int? = nil) -> Int {
        guard row >= 0, row < size.height else { return column }
        let end = min(size.width, limit.map { column + $0 } ?? size.width)
        var x = column
        for character in text {
            let width = DisplayWidth.of(character)
            if width == 0 { continue }
            if x + width > end {
                // A wide character that does not fit leaves a blank rather than half a glyph.
                if x < end, x >= 0 { set(row, x, Cell(character: " ", style: style, width: 1)) }
                break
            }
            if x >= 0 {
                set(row, x, Cell(character: character, style: style, width: UInt8(width)))
                if width == 2 { set(row, x + 1, Cell(character: " ", style: style, width: 0)) }
            }
            x += width
        }
        return min(x, end)
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
        let glyph = DisplayWidth.of(character) == 1 ? character : " "
        for x in max(0, column)..<max(max(0, column), min(size.width, column + width)) {
            set(row, x, Cell(character: glyph, style: style, width: 1))
        }
    }

    /// Changes the style of cells already written, keeping their characters.
    public mutating func restyle(row: Int, column: Int, width: Int, _ change: (inout Style) -> Void) {
        guard row >= 0, row < size.height else { return }
        for x in max(0, column)..<max(max(0, column), min(size.width, column + width)) {
            change(&cells[row * size.width + x].style)
        }
    }

    /// Copies another frame in with its top-left corner at (row, column), clipped to this frame.
    public mutating func draw(_ other: Frame, row: Int, column: Int) {
        let first = max(0, -column), last = min(other.size.width, size.width - column)
        guard first < last else { return }
        for y in 0..<other.size.height where row + y >= 0 && row + y < size.height {
            let source = y * other.size.width
            let target = (row + y) * size.width + column
            // Edges first, through `set`, so wide characters cut by the edges are blanked.
            set(row + y, column + first, other.cells[source + first])
            if last - 1 > first { set(row + y, column + last - 1, other.cells[source + last - 1]) }
            if last - first > 2 {
                for x in (first + 1)..<(last - 1) { cells[target + x] = other.cells[source + x] }
            }
            let lead = other.cells[source + first]
            if lead.width == 0 { cells[target + first] = Cell(character: " ", style: lead.style, width: 1) }
            let end = other.cells[source + last - 1]
            if end.width == 2 { cells[target + last - 1] = Cell(character: " ", style: end.style, width: 1) }
        }
    }

    /// The frame as lines of text, trailing spaces removed: what tests and plain mode read.
    public var lines: [String] {
        (0..<size.height).map { line($0) }
    }

    public func line(_ row: Int) -> String {
        let start = row * size.width
        var end = start + size.width
        while end > start, cells[end - 1].character == " " || cells[end - 1].width == 0 { end -= 1 }
        var text = ""
        text.reserveCapacity(end - start)
        for index in start..<end where cells[index].width != 0 {
            text.append(cells[index].character)
        }
        return text
    }

    /// All lines joined with newlines, trailing empty lines removed.
    public var text: String { Self.join(lines) }

    /// Lines joined with newlines, trailing empty lines removed.
    public static func join(_ lines: [String]) -> String {
        var all = lines[...]
        while all.last == "" { all.removeLast() }
        return all.joined(separator: "\n")
    }

    private mutating func set(_ row: Int, _ column: Int, _ cell: Cell) {
        guard column >= 0, column < size.width else { return }
        let index = row * size.width + column
        let old = cells[index]
        // Overwriting half of a wide character blanks its other half.
        if cell.width != 0, old.width == 0, column > 0, cells[index - 1].width == 2 {
            cells[index - 1] = Cell(character: " ", style: cells[index - 1].style, width: 1)
        }
        if old.width == 2, column + 1 < size.width, cells[index + 1].width == 0 {
            cells[index + 1] = Cell(character: " ", style: old.style, width: 1)
        }
        cells[index] = cell
    }
}
