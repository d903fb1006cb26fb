@testable import GameHost

/// A terminal emulator small enough to trust, for the encoder's tests: cursor moves (CUP,
/// CUF, CUB, CR LF, BS), erase (ED, EL), SGR ignored, autowrap off. It draws each grapheme as
/// wide as `drawnWidth` says, like tmux or screen with their own tables: 0 (left out), 1, 2,
/// or more as pieces of 2 cells (pyte's flag: two letters of 2 cells each). Writing over any
/// cell of a piece blanks the whole piece, as real terminals do with wide characters.
struct FakeTerminal {
    struct Cell: Equatable {
        /// The grapheme whose piece covers the cell, or " ".
        var glyph: String = " "
        /// Which piece of it, to blank the whole piece when a cell of it is overwritten.
        var piece = 0
        var pieceStart = 0
        var pieceWidth = 1
    }

    let width: Int, height: Int
    var cells: [[Cell]]
    var row = 0, column = 0
    let drawnWidth: (Character) -> Int
    private var nextPiece = 1

    init(width: Int, height: Int, drawnWidth: @escaping (Character) -> Int) {
        self.width = width
        self.height = height
        self.drawnWidth = drawnWidth
        cells = Array(repeating: Array(repeating: Cell(), count: width), count: height)
    }

    mutating func feed(_ bytes: [UInt8]) {
        var index = 0
        var text: [UInt8] = []
        func flushText() {
            for character in String(decoding: text, as: UTF8.self) { draw(character) }
            text.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                flushText()
                precondition(bytes[index + 1] == UInt8(ascii: "["), "only CSI sequences are expected")
                var end = index + 2
                while !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                csi(parameters, final: bytes[end])
                index = end + 1
            case 0x0D: flushText(); column = 0; index += 1
            case 0x0A: flushText(); row = min(height - 1, row + 1); index += 1
            case 0x08: flushText(); column = max(0, column - 1); index += 1
            default:
                precondition(byte >= 0x20, "a control byte \(byte) reached the terminal")
                text.append(byte)
                index += 1
            }
        }
        flushText()
    }

    private mutating func csi(_ parameters: String, final: UInt8) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch final {
        case UInt8(ascii: "H"):
            row = min(height, max(1, numbers.first.flatMap { $0 } ?? 1)) - 1
            column = min(width, max(1, numbers.count > 1 ? numbers[1] ?? 1 : 1)) - 1
        case UInt8(ascii: "C"):
            column = min(width - 1, column + max(1, numbers.first.flatMap { $0 } ?? 1))
        case UInt8(ascii: "D"):
            column = max(0, column - max(1, numbers.first.flatMap { $0 } ?? 1))
        case UInt8(ascii: "K"):
            for x in column..<width { put(" ", at: x, width: 1) }
        case UInt8(ascii: "J"):
            cells = Array(repeating: Array(repeating: Cell(), count: width), count: height)
        case UInt8(ascii: "m"):
            break
        default:
            preconditionFailure("unexpected CSI \(parameters)\(Character(Unicode.Scalar(final)))")
        }
    }

    private mutating func draw(_ character: Character) {
        var left = drawnWidth(character)
        while left > 0 {
            let piece = min(2, left)
            // Autowrap is off: a glyph that does not fit is not drawn, the cursor stays.
            guard column + piece <= width else { return }
            put(String(character), at: column, width: piece)
            column = min(width - 1, column + piece)
            if column == width - 1 && piece > 0 && left - piece > 0 { return }
            left -= piece
        }
    }

    private mutating func put(_ glyph: String, at start: Int, width pieceWidth: Int) {
        for x in start..<(start + pieceWidth) {
            let old = cells[row][x]
            if old.pieceWidth > 1 {
                for y in old.pieceStart..<(old.pieceStart + old.pieceWidth) where cells[row][y].piece == old.piece {
                    cells[row][y] = Cell()
                }
            }
        }
        let id = glyph == " " ? 0 : nextPiece
        nextPiece += 1
        for x in start..<(start + pieceWidth) {
            cells[row][x] = Cell(glyph: glyph, piece: id, pieceStart: start, pieceWidth: pieceWidth)
        }
    }

    /// Where the screen differs from the frame. A grapheme terminals disagree on may show
    /// as blank cells, or as itself, in its own cells; every other cell must be exact.
    func differences(from frame: Frame, substituting: Bool = false) -> [String] {
        var problems: [String] = []
        for y in 0..<frame.size.height {
            var x = 0
            while x < frame.size.width {
                let cell = frame[y, x]
                let cells = max(1, Int(cell.width))
                let wanted = String(cell.character)
                if WidthClass.of(cell.character) != nil {
                    for c in x..<min(width, x + cells) where cells != 0 {
                        let shown = self.cells[y][c].glyph
                        if shown != " " && shown != wanted && shown != "?" {
                            problems.append("row \(y), column \(c): \(shown) inside the cells of \(wanted)")
                        }
                    }
                } else {
                    var expected = wanted
                    if substituting, cell.width == 1, let scalar = cell.character.unicodeScalars.first,
                       let standIn = NarrowGlyphs.standIn(scalar.value) {
                        expected = String(Unicode.Scalar(standIn))
                    }
                    let shown = self.cells[y][x]
                    if shown.glyph != expected || (cells == 2 && self.cells[y][x + 1].piece != shown.piece) {
                        problems.append("row \(y), column \(x): \(shown.glyph) where the frame has \(expected)")
                    }
                }
                x += cells
            }
        }
        return problems
    }

    var lines: [String] {
        cells.map { row in
            var line = ""
            var x = 0
            while x < row.count {
                line += row[x].glyph
                x += row[x].glyph == " " ? 1 : max(1, row[x].pieceWidth)
            }
            return line
        }
    }
}
