/// Turns frames into the bytes a terminal needs: only the cells that changed since the last
/// frame, or everything after a resize. One call gives one buffer, for one `write`.
///
/// Terminals disagree about the width of some graphemes (`WidthClass`). Such a grapheme is
/// drawn so that the disagreement stays in its own cells: the cells the frame gives it are
/// cleared first (a terminal drawing it narrower leaves nothing stale), the cursor is placed
/// absolutely after it (nothing after it moves), and the cells a wider drawing may cover are
/// drawn again. Graphemes every terminal agrees on cost nothing extra.
public struct FrameEncoder {
    /// Whether styles with colors are written.
    public var colors: Bool
    /// What the terminal was measured to draw: invisible classes get a stand-in, and
    /// ambiguous glyphs narrow ones when it draws those wide.
    public var widths: TerminalWidths
    /// Whether every cell is written in ASCII (`ASCIIText`): the terminal does not decode UTF-8.
    public var ascii = false
    private var previous: Frame?
    private var style = Style.plain
    private var bytes: [UInt8] = []
    /// The last frame's changes, kept for its buffer: frame after frame, no array grows anew.
    private var changes: [CellChange] = []

    /// An encoder that has drawn nothing yet.
    public init(colors: Bool, widths: TerminalWidths = .assumed) {
        self.colors = colors
        self.widths = widths
    }

    /// Forgets what the terminal shows, so the next frame is painted in full.
    public mutating func invalidate() {
        previous = nil
    }

    /// The bytes that turn the last frame into this one: the frame's changes (`Frame.diff`),
    /// drawn in order with the fewest cursor moves and style changes.
    public mutating func encode(_ frame: Frame) -> [UInt8] {
        bytes.removeAll(keepingCapacity: true)
        if previous?.size != frame.size {
            // A full repaint: clear, then write what is not blank.
            append("\u{1B}[0m\u{1B}[H\u{1B}[2J")
            style = .plain
            previous = nil
        }
        var changes = self.changes
        self.changes = []
        changes.removeAll(keepingCapacity: true)
        frame.diff(from: previous, into: &changes)
        defer { self.changes = changes }
        var cursor: (row: Int, column: Int)? = nil
        let width = frame.size.width
        var next = 0
        while next < changes.count {
            let row = changes[next].row
            // Where the row's blank tail begins: from there one "erase to end of line" does.
            let blankFrom = frame.blankTail(row: row)
            // Cells a disputed grapheme drawn wider than its cells may have covered: drawn again.
            var redrawUntil = 0
            var column = changes[next].column
            cells: while column < width {
                while next < changes.count, changes[next].row == row, changes[next].column < column { next += 1 }
                let cell: CellChange
                if next < changes.count, changes[next].row == row, changes[next].column == column {
                    cell = changes[next]
                    next += 1
                } else if column < redrawUntil {
                    cell = frame.change(row: row, column: column)
                    guard cell.width != 0 else {
                        column += 1
                        continue
                    }
                } else if next < changes.count, changes[next].row == row {
                    column = changes[next].column
                    continue
                } else {
                    break
                }
                if column >= blankFrom, width - column > 3 {
                    if cursor == nil || cursor! != (row, column) { moveCursor(from: cursor, to: (row, column)) }
                    if style != .plain {
                        appendCSI("m", 0)
                        style = .plain
                    }
                    appendCSI("K")
                    cursor = (row, column)
                    break cells
                }
                if let at = cursor, at.row == row, at.column < column, rewriteIsShorter(frame, row: row, from: at.column, to: column) {
                    // Rewriting a short unchanged stretch costs less than moving over it.
                    for x in at.column..<column { bytes.append(UInt8(frame.change(row: row, column: x).scalar!.value)) }
                } else if cursor == nil || cursor! != (row, column) {
                    moveCursor(from: cursor, to: (row, column))
                }
                let wanted = colors ? cell.style : cell.style.withoutColors
                if wanted != style {
                    Self.transition(from: style, to: wanted, into: &bytes)
                    style = wanted
                }
                let code = cell.scalar?.value
                if let code, code < 0x80 {
                    bytes.append(UInt8(code))
                } else if ascii {
                    // As many ASCII bytes as the grapheme has cells: the cursor lands where layout says.
                    bytes.append(contentsOf: ASCIIText.bytes(code ?? 0, isCluster: code == nil, width: Int(cell.width)))
                    cursor = (row, column + Int(cell.width))
                    column += Int(cell.width)
                    continue
                } else if let disputed = disputedClass(cell) {
                    let character = cell.character
                    let cells = Int(cell.width)
                    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: cells))
                    if column + cells < width {
                        // Back over the blanks (CSI D: the output stays escape sequences and text).
                        if cells == 1 { appendCSI("D") } else { appendCSI("D", cells) }
                    } else {
                        // At the right margin (autowrap is off) the cursor stays on the last cell.
                        appendCSI("H", row + 1, column + 1)
                    }
                    if widths.isInvisible(disputed) {
                        // Drawn 0 wide, some terminals join it to the cell before: a stand-in instead.
                        bytes.append(UInt8(ascii: "?"))
                    } else {
                        append(character)
                    }
                    redrawUntil = max(redrawUntil, column + max(cells, WidthClass.widestDrawing(of: character),
                                                               widths.drawn[disputed] ?? 0))
                } else if widths.ambiguousIsWide, cell.width == 1, let code, let standIn = NarrowGlyphs.standIn(code) {
                    bytes.append(standIn)
                } else if let scalar = cell.scalar {
                    UTF8.encode(scalar) { bytes.append($0) }
                } else {
                    append(cell.character)
                }
                // After a cluster (a disputed one, or a letter with marks) the cursor is placed
                // again rather than trusted.
                cursor = code.map { $0 >= 0x1F000 && ScalarWidths.isRecentEmoji($0) } ?? true
                    ? nil : (row, column + Int(cell.width))
                column += Int(cell.width)
            }
            while next < changes.count, changes[next].row == row { next += 1 }
        }
        if style != .plain {
            appendCSI("m", 0)
            style = .plain
        }
        previous = frame
        return bytes
    }

    /// The class of a grapheme terminals disagree on; cheap for the others.
    private func disputedClass(_ cell: CellChange) -> WidthClass? {
        guard let code = cell.scalar?.value else { return WidthClass.of(cell.character) }
        guard code >= 0x1F000, let age = ScalarWidths.recentAge(code) else { return nil }
        return .emoji(age: age)
    }

    /// True when the cells of a row between two columns are plain ASCII in the current style
    /// and fewer than a cursor move would take.
    private func rewriteIsShorter(_ frame: Frame, row: Int, from: Int, to: Int) -> Bool {
        guard to - from <= 4 else { return false }
        for column in from..<to {
            let cell = frame.change(row: row, column: column)
            let shown = colors ? cell.style : cell.style.withoutColors
            guard let code = cell.scalar?.value, code < 0x80, cell.width == 1, shown == style else { return false }
        }
        return true
    }

    /// The shortest of: forward on the same row, start of the next row, or an absolute move.
    private mutating func moveCursor(from: (row: Int, column: Int)?, to: (row: Int, column: Int)) {
        if let from, from.row == to.row, to.column > from.column {
            let distance = to.column - from.column
            if distance == 1 { appendCSI("C") } else { appendCSI("C", distance) }
        } else if let from, to.row == from.row + 1, to.column == 0 {
            bytes.append(UInt8(ascii: "\r"))
            bytes.append(UInt8(ascii: "\n"))
        } else {
            appendCSI("H", to.row + 1, to.column + 1)
        }
    }

    /// ESC [, the numbers joined by ";", and the final byte: written as bytes, since a frame
    /// of a few changes spent more on making strings of its escape sequences than on the rest.
    private mutating func appendCSI(_ final: Unicode.Scalar, _ first: Int? = nil, _ second: Int? = nil) {
        var sequence = ControlSequence(into: &bytes)
        if let first { sequence.add(first, to: &bytes) }
        if let second { sequence.add(second, to: &bytes) }
        sequence.end(final, to: &bytes)
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func append(_ character: Character) {
        if let ascii = character.asciiValue {
            bytes.append(ascii)
        } else {
            bytes.append(contentsOf: String(character).utf8)
        }
    }

    /// Appends the shorter of: changing only what differs, or resetting and setting the new style.
    static func transition(from old: Style, to new: Style, into bytes: inout [UInt8]) {
        let start = bytes.count
        var changed = ControlSequence(into: &bytes)
        // Bold and dim share one "off" code, so turning either off turns both off.
        let intensityOff = (old.bold && !new.bold) || (old.dim && !new.dim)
        if intensityOff { changed.add(22, to: &bytes) }
        if new.bold && (!old.bold || intensityOff) { changed.add(1, to: &bytes) }
        if new.dim && (!old.dim || intensityOff) { changed.add(2, to: &bytes) }
        if old.underline != new.underline { changed.add(new.underline ? 4 : 24, to: &bytes) }
        if old.reverse != new.reverse { changed.add(new.reverse ? 7 : 27, to: &bytes) }
        if old.foreground != new.foreground { changed.add(new.foreground, base: 30, to: &bytes) }
        if old.background != new.background { changed.add(new.background, base: 40, to: &bytes) }
        changed.end("m", to: &bytes)
        guard bytes.count - start >= sgrLength(new) else { return }
        bytes.removeSubrange(start...)
        sgr(new, into: &bytes)
    }

    /// Appends the escape sequence that sets exactly this style.
    static func sgr(_ style: Style, into bytes: inout [UInt8]) {
        var codes = ControlSequence(into: &bytes)
        codes.add(0, to: &bytes)
        if style.bold { codes.add(1, to: &bytes) }
        if style.dim { codes.add(2, to: &bytes) }
        if style.underline { codes.add(4, to: &bytes) }
        if style.reverse { codes.add(7, to: &bytes) }
        if let color = style.foreground { codes.add(color, base: 30, to: &bytes) }
        if let color = style.background { codes.add(color, base: 40, to: &bytes) }
        codes.end("m", to: &bytes)
    }

    /// How many bytes `sgr` writes for a style: ESC [ 0 m, ";N" a flag, ";3N" or ";38;5;N" a color.
    private static func sgrLength(_ style: Style) -> Int {
        func length(_ color: Color?) -> Int {
            guard let color else { return 0 }
            let index = color.paletteIndex
            return index < 8 ? 3 : index < 10 ? 7 : index < 100 ? 8 : 9
        }
        var flags = 0
        for flag in [style.bold, style.dim, style.underline, style.reverse] where flag { flags += 2 }
        return 4 + flags + length(style.foreground) + length(style.background)
    }
}

/// One control sequence written straight into a buffer: ESC [, numbers joined by ";", a final byte.
private struct ControlSequence {
    private var first = true

    init(into bytes: inout [UInt8]) {
        bytes.append(0x1B)
        bytes.append(UInt8(ascii: "["))
    }

    mutating func add(_ number: Int, to bytes: inout [UInt8]) {
        if !first { bytes.append(UInt8(ascii: ";")) }
        first = false
        var divisor = 1
        while divisor * 10 <= number { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(number / divisor % 10))
            divisor /= 10
        }
    }

    /// A color's code: the terminal's own (base + 9), one of the first eight, or one of 256.
    mutating func add(_ color: Color?, base: Int, to bytes: inout [UInt8]) {
        guard let color else { return add(base + 9, to: &bytes) }
        guard color.paletteIndex >= 8 else { return add(base + color.paletteIndex, to: &bytes) }
        add(base + 8, to: &bytes)
        add(5, to: &bytes)
        add(color.paletteIndex, to: &bytes)
    }

    func end(_ final: Unicode.Scalar, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: final))
    }
}
