@testable import GameHost
import Testing

/// Boxes, fills and ASCII text store their cells directly rather than through `set` one by
/// one; each must leave exactly the frame the cell-by-cell path leaves, over wide characters
/// and clusters it cuts, at every place up to and past the frame's edges.
@Suite struct FrameFastPathTests {
    static let size = Size(width: 12, height: 5)

    /// Rows of wide characters, clusters and styled text, shifted row by row so that every
    /// column is, on some row, a wide character's first half, its second half or a cluster.
    static func background() -> Frame {
        var frame = Frame(size: size)
        let rows = ["中a👍🏽é文bc中字x", "x中文e\u{301}👍🏽中字", "ab中🇫🇷c文字中d", "中中中中中中", "é中é中é中é"]
        for (row, text) in rows.enumerated() {
            frame.write(text, row: row, column: 0, style: Style(foreground: .cyan, reverse: row % 2 == 0))
        }
        return frame
    }

    /// What the frame's general path leaves: each cell stored on its own through `set`.
    static func cellByCell(_ frame: inout Frame, row: Int, from column: Int, _ codes: [UInt32], style: Style,
                           end: Int? = nil) {
        guard row >= 0, row < frame.size.height else { return }
        for (offset, code) in codes.enumerated() where column + offset >= 0 && column + offset < (end ?? Int.max) {
            frame.set(row, column + offset, Frame.Slot(code: code, style: style, width: 1))
        }
    }

    @Test func aBoxIsTheBoxWrittenCellByCell() {
        let style = Style(foreground: .yellow, bold: true)
        for lines in [Frame.BoxLines.rounded, .heavy, .dashed] {
            for row in -2...5 {
                for column in -3...13 {
                    for (width, height) in [(2, 2), (3, 4), (5, 3), (9, 5), (14, 7)] {
                        var fast = Self.background(), general = fast
                        fast.box(row: row, column: column, width: width, height: height, style: style, lines: lines)
                        general.writeBox(row: row, column: column, width: width, height: height, style: style,
                                         pieces: lines.pieces)
                        #expect(fast == general, "\(lines) \(width)×\(height) at \(row),\(column)")
                        #expect(fast.lines == general.lines)
                    }
                }
            }
        }
    }

    /// The general path is the one taken where a cut must be recorded: the frame is the same.
    @Test func aBoxCutAtTheLeftOrRightEdgeRecordsWhatAWriteWould() {
        let (frame, cuts) = Frame.recordingCuts {
            var frame = Frame(size: Size(width: 6, height: 3))
            frame.box(row: 0, column: -2, width: 4, height: 3)
            frame.box(row: 0, column: 4, width: 4, height: 3)
            return frame
        }
        #expect(frame.lines == ["─╮  ╭─", " │  │", "─╯  ╰─"])
        #expect(cuts.map(\.lost) == ["╭─", "│", "╰─", "─╮", "│", "─╯"])
    }

    @Test func asciiTextIsTheTextStoredCellByCell() {
        let style = Style(foreground: .green, underline: true)
        for text in ["", "a", "hello", "a longer line of text!"] {
            for row in -1...5 {
                for column in -25...13 {
                    for limit in [nil, 0, 1, 3, 30] {
                        var fast = Self.background(), general = fast
                        let after = fast.write(text, row: row, column: column, style: style, limit: limit)
                        let end = min(general.size.width, limit.map { column + $0 } ?? general.size.width)
                        Self.cellByCell(&general, row: row, from: column, text.utf8.map(UInt32.init), style: style,
                                        end: end)
                        #expect(fast == general, "\(text) at \(row),\(column) limit \(String(describing: limit))")
                        let expected = row >= 0 && row < 5 ? min(column + text.utf8.count, end) : column
                        #expect(after == expected)
                    }
                }
            }
        }
    }

    @Test func aFillIsTheGlyphStoredCellByCell() {
        let style = Style(background: .blue, dim: true)
        for (character, code) in [(Character(" "), 0x20), ("█", 0x2588), ("中", 0x20), ("e\u{301}", 0x20)] {
            for row in -1...5 {
                for column in -4...13 {
                    for width in [0, 1, 2, 5, 20] {
                        var fast = Self.background(), general = fast
                        fast.fill(row: row, column: column, width: width, character: character, style: style)
                        Self.cellByCell(&general, row: row, from: column, Array(repeating: UInt32(code), count: width),
                                        style: style, end: general.size.width)
                        #expect(fast == general, "\(character) × \(width) at \(row),\(column)")
                    }
                }
            }
        }
    }
}

/// A character of one scalar, ASCII or one that stands alone, is measured by that scalar alone.
@Suite struct DisplayWidthFastPathTests {
    @Test func aCharacterOfOneScalarIsAsWideAsTheGeneralWaySays() {
        var checked = 0
        for value in UInt32(0)...0x1FAFF {
            guard let scalar = Unicode.Scalar(value), scalar.isASCII || DisplayWidth.standsAlone(scalar) else { continue }
            let character = Character(scalar)
            #expect(DisplayWidth.of(character) == DisplayWidth.measured(character), "U+\(String(value, radix: 16))")
            checked += 1
        }
        #expect(checked > 40_000)
    }
}
