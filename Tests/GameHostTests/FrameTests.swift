@testable import GameHost
import Testing

@Suite struct FrameTests {
    /// The guide's trailing-closure region picks the intent from the click's place even when
    /// the closure captures a value; it was taken for an intent and did not compile (D1).
    @Test func aTrailingClosureRegionThatCapturesPicksTheIntentByPlace() throws {
        let cell = 3
        var frame = Frame(size: Size(width: 20, height: 2))
        frame.region(Rect(column: 0, row: 0, width: 9)) { column, _ in column / cell }
        guard case .position(let pick)? = try #require(frame.regions.first).click else {
            Issue.record("the closure was taken for an intent")
            return
        }
        #expect(pick(7, 0) as? Int == 2)
    }

    @Test func writingClipsAtTheEdge() {
        var frame = Frame(size: Size(width: 5, height: 2))
        #expect(frame.write("hello world", row: 0, column: 2) == 5)
        #expect(frame.lines == ["  hel", ""])
        frame.write("x", row: 5, column: 0)
        frame.write("ab", row: 1, column: -1)
        #expect(frame.lines == ["  hel", "b"])
    }

    /// The one box helper draws every box: rounded, heavy and dashed lines, its inside kept.
    @Test func boxesInEachLineStyle() {
        var frame = Frame(size: Size(width: 15, height: 3))
        frame.write("x", row: 1, column: 1)
        frame.box(row: 0, column: 0, width: 4, height: 3)
        frame.box(row: 0, column: 5, width: 4, height: 3, style: .bold, lines: .heavy)
        frame.box(row: 0, column: 10, width: 5, height: 3, lines: .dashed)
        #expect(frame.lines == ["╭──╮ ┏━━┓ ╭╌╌╌╮", "│x │ ┃  ┃ ╎   ╎", "╰──╯ ┗━━┛ ╰╌╌╌╯"])
        #expect(frame[1, 5].style == .bold && frame[1, 1].style == .plain)
    }

    @Test func wideCharactersTakeTwoCellsAndNeverHalfOne() {
        var frame = Frame(size: Size(width: 5, height: 1))
        frame.write("中文中", row: 0, column: 0)
        #expect(frame.line(0) == "中文", "the third does not fit in one cell")
        #expect(frame[0, 0].width == 2 && frame[0, 1].width == 0)
        frame.write("x", row: 0, column: 1)
        #expect(frame.line(0) == " x文", "overwriting the second half blanks the first")
        frame.write("y", row: 0, column: 2)
        #expect(frame.line(0) == " xy", "overwriting the first half blanks the second")
    }

    @Test func controlCharactersNeverReachTheGrid() {
        var frame = Frame(size: Size(width: 20, height: 1))
        frame.write("a\u{1B}[2Jb\u{7}\u{202E}c", row: 0, column: 0)
        #expect(frame.line(0) == "a[2Jbc")
    }

    @Test func drawingClipsAndMendsWideCharacters() {
        var inner = Frame(size: Size(width: 4, height: 1))
        inner.write("ab中", row: 0, column: 0)
        var outer = Frame(size: Size(width: 5, height: 2))
        outer.write("中中中", row: 0, column: 0)
        outer.draw(inner, row: 0, column: 3)
        #expect(outer.line(0) == "中 ab", "the wide character cut by the right edge becomes a blank")
        outer.draw(inner, row: 1, column: -2)
        #expect(outer.line(1) == "中")
        #expect(outer.lines.allSatisfy { DisplayWidth.of($0) <= 5 })
    }

    @Test func centerAndFill() {
        var frame = Frame(size: Size(width: 10, height: 2))
        frame.center("abcd", row: 0)
        #expect(frame.line(0) == "   abcd")
        frame.fill(row: 1, column: 2, width: 3, character: "=")
        #expect(frame.line(1) == "  ===")
        frame.restyle(row: 1, column: 0, width: 10) { $0.bold = true }
        #expect(frame[1, 3].style.bold && frame[1, 3].character == "=")
    }

    @Test func textTrimsTrailingSpaceAndLines() {
        var frame = Frame(size: Size(width: 6, height: 4))
        frame.write("a  ", row: 1, column: 0)
        #expect(frame.text == "\na")
        #expect(frame.lines.count == 4)
    }

    @Test func textMatchesItsLinesWithWideCharactersAndClusters() {
        var frame = Frame(size: Size(width: 8, height: 5))
        frame.write("日本", row: 0, column: 1)
        frame.write("👍🏽 é", row: 2, column: 0)
        frame.write("x", row: 2, column: 7)
        #expect(frame.text == Frame.join(frame.lines))
        #expect(frame.lines[0] == " 日本" && frame.lines[2] == "👍🏽 é   x")
    }

    @Test func aPlainPageIsTheTextAndARuleAsWideAsTheFrame() {
        var frame = Frame(size: Size(width: 5, height: 3))
        frame.write("ab", row: 0, column: 0)
        #expect(String(decoding: frame.plainPage, as: UTF8.self) == "ab\n-----\n")
        #expect(String(decoding: Frame(size: Size(width: 3, height: 2)).plainPage, as: UTF8.self) == "\n---\n")
    }
}

@Suite struct FrameEncoderTests {
    func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func frame(_ rows: [String], width: Int = 10) -> Frame {
        var frame = Frame(size: Size(width: width, height: rows.count))
        for (row, text) in rows.enumerated() { frame.write(text, row: row, column: 0) }
        return frame
    }

    @Test func firstFrameClearsAndWritesWhatIsNotBlank() {
        var encoder = FrameEncoder(colors: true)
        let output = string(encoder.encode(frame(["hi", "", "x"])))
        #expect(output.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
        #expect(output.contains("\u{1B}[1;1Hhi"))
        #expect(output.contains("\u{1B}[3;1Hx"))
        #expect(!output.contains("\u{1B}[2;"), "blank rows are not written")
    }

    @Test func onlyChangedCellsAreSent() {
        var encoder = FrameEncoder(colors: true)
        _ = encoder.encode(frame(["hello", "world"]))
        #expect(encoder.encode(frame(["hello", "world"])).isEmpty, "an identical frame sends nothing")
        let output = string(encoder.encode(frame(["hello", "wOrld"])))
        #expect(output == "\u{1B}[2;2HO")
        let adjacent = string(encoder.encode(frame(["jelly", "wOrld"])))
        #expect(adjacent == "\u{1B}[1;1Hjelly", "a short unchanged stretch is rewritten, not jumped")
        let far = string(encoder.encode(frame(["Jelly", "wOrld"], width: 10)))
        #expect(far == "\u{1B}[1;1HJ")
        var wide = FrameEncoder(colors: false)
        _ = wide.encode(frame(["a         b", "c"], width: 12))
        #expect(string(wide.encode(frame(["A         B", "C"], width: 12))) == "\u{1B}[1;1HA\u{1B}[9CB\r\nC",
                "forward and next-line moves are the short ones")
        let run = string(encoder.encode(frame(["HEllo", "wOrld"], width: 10)))
        #expect(run == "\u{1B}[1;1HHEllo", "one cursor move per run of changes")
    }

    @Test func aBlankTailIsErasedInOneGo() {
        var encoder = FrameEncoder(colors: false)
        _ = encoder.encode(frame(["abcdefghij"]))
        #expect(string(encoder.encode(frame(["abc"]))) == "\u{1B}[1;4H\u{1B}[K")
        _ = encoder.encode(frame(["abcdefghij"]))
        #expect(string(encoder.encode(frame(["abcdefgh"]))) == "\u{1B}[1;9H  ", "two cells are cheaper written")
    }

    @Test func aResizeOrInvalidationRepaintsEverything() {
        var encoder = FrameEncoder(colors: true)
        _ = encoder.encode(frame(["abc"]))
        #expect(string(encoder.encode(frame(["abc"], width: 12))).contains("\u{1B}[2J"))
        encoder.invalidate()
        #expect(string(encoder.encode(frame(["abc"], width: 12))).contains("\u{1B}[2J"))
    }

    @Test func stylesAreSetOnceAndResetAtTheEnd() {
        var styled = Frame(size: Size(width: 10, height: 1))
        styled.write("ab", row: 0, column: 0, style: Style(foreground: .red, bold: true))
        styled.write("c", row: 0, column: 2, style: Style(foreground: .orange))
        var encoder = FrameEncoder(colors: true)
        let output = string(encoder.encode(styled))
        #expect(output.contains("\u{1B}[1;31mab\u{1B}[0;38;5;208mc\u{1B}[0m"), "the shorter of a change and a reset")
        var plain = FrameEncoder(colors: false)
        let uncolored = string(plain.encode(styled))
        #expect(uncolored.contains("\u{1B}[1mab\u{1B}[0mc"), "no colors, but bold stays")
        func transition(_ old: Style, _ new: Style) -> String {
            var bytes: [UInt8] = []
            FrameEncoder.transition(from: old, to: new, into: &bytes)
            return string(bytes)
        }
        #expect(transition(Style(bold: true), Style(bold: true, reverse: true)) == "\u{1B}[7m")
        #expect(transition(Style(bold: true, dim: true), .dim) == "\u{1B}[0;2m")
        #expect(!uncolored.contains("31m") && !uncolored.contains("38;5"))
    }

    @Test func theCursorIsPlacedAgainAfterAClusterButNotAfterOneWideScalar() {
        var encoder = FrameEncoder(colors: false)
        #expect(string(encoder.encode(frame(["中a"]))).contains("\u{1B}[1;1H中a"))
        var clusters = FrameEncoder(colors: false)
        #expect(string(clusters.encode(frame(["🇫🇷a"]))).contains("\u{1B}[1;1H  \u{1B}[2D🇫🇷\u{1B}[1;3Ha"),
                "terminals disagree about flags and ZWJ sequences: cleared first, then placed again")
    }
}
