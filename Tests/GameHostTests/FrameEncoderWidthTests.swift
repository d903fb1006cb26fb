@testable import GameHost
import Testing

/// Whatever width a terminal draws a disputed grapheme at, the screen it ends with is the
/// frame: nothing stale in its cells, nothing after it moved.
@Suite struct FrameEncoderWidthTests {
    static let samples: [(String, Character)] = [
        ("VS16", "❤️"), ("keycap", "1️⃣"), ("skin tone", "👍🏽"), ("ZWJ", "👨‍👩‍👧"), ("flag", "🇫🇷"),
        ("new emoji", "🪿"), ("ZWJ with tags", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"),
    ]

    /// A board row as Memorize draws one: cards turned and turned back, between borders.
    static func frames(_ glyph: Character) -> [Frame] {
        let size = Size(width: 16, height: 3)
        func board(_ middle: [String]) -> Frame {
            var frame = Frame(size: size)
            frame.write("┌──────────────┐", row: 0, column: 0)
            frame.write("│", row: 1, column: 0)
            var x = 1
            for card in middle { x = frame.write(card, row: 1, column: x) }
            frame.write("│", row: 1, column: 15)
            frame.write("└──────────────┘", row: 2, column: 0)
            return frame
        }
        let g = String(glyph)
        return [
            board(["░░", " ", "░░", " ", "░░", " xy"]),
            board([g, " ", "░░", " ", "░░", " xy"]),
            board([g, " ", g, " ", "░░", " xy"]),
            board(["░░", " ", "░░", " ", "░░", " xy"]),
            board([g, g, g, "ab"]),
            board(["░░", " ", "🐶", " ", g, " xy"]),
            board(["", "", "", "", "", ""]),
            board([g, " ", "░░", " ", "░░", " xy"]),
        ]
    }

    @Test(arguments: samples)
    func theScreenIsTheFrameHoweverWideTheTerminalDrawsIt(_ sample: (String, Character)) {
        let glyph = sample.1
        let kind = WidthClass.of(glyph)!
        for drawn in [0, 1, 2, WidthClass.widestDrawing(of: glyph)] {
            // Measured or not: the host may know how wide this terminal draws it, or assume 2.
            for measured in [false, true] {
                let widths = measured ? TerminalWidths(drawn: [kind: drawn]) : .assumed
                TerminalWidths.$current.withValue(widths) {
                    var terminal = FakeTerminal(width: 16, height: 3) { $0 == glyph ? drawn : DisplayWidth.of($0) }
                    var encoder = FrameEncoder(colors: true, widths: widths)
                    for (step, frame) in Self.frames(glyph).enumerated() {
                        terminal.feed(encoder.encode(frame))
                        let problems = terminal.differences(from: frame)
                        #expect(problems == [], "\(sample.0) drawn \(drawn) wide, measured: \(measured), frame \(step): \(terminal.lines)")
                    }
                }
            }
        }
    }

    /// The layout gives a measured class the width the terminal draws it at (1 or 2).
    @Test func layoutUsesTheMeasuredWidths() {
        TerminalWidths.$current.withValue(TerminalWidths(drawn: [.vs16: 1, .flag: 4, .emoji(age: 1500): 0])) {
            #expect(DisplayWidth.of("❤️") == 1)
            #expect(DisplayWidth.of("🇫🇷") == 2, "4 cells is more than layout gives: the encoder contains it")
            #expect(DisplayWidth.of("🪿") == 2)
            #expect(DisplayWidth.of("x❤️y") == 3)
            #expect(!DisplayWidth.drawsWhole("❤️") && !DisplayWidth.drawsWhole("🪿") && DisplayWidth.drawsWhole("🐶"))
        }
        #expect(DisplayWidth.of("❤️") == 2)
    }

    @Test func classesOfGraphemes() {
        #expect(WidthClass.of("❤️") == .vs16 && WidthClass.of("✈️") == .vs16 && WidthClass.of("#️⃣") == .keycap)
        #expect(WidthClass.of("👍🏽") == .skinTone && WidthClass.of("👩🏽‍💻") == .sequence && WidthClass.of("🏴󠁧󠁢󠁳󠁣󠁴󠁿") == .sequence)
        #expect(WidthClass.of("🇫🇷") == .flag && WidthClass.of("🪿") == .emoji(age: 1500) && WidthClass.of("🥱") == .emoji(age: 1200))
        #expect(WidthClass.of("🐶") == nil && WidthClass.of("a") == nil && WidthClass.of("e\u{301}") == nil && WidthClass.of("─") == nil)
        #expect(WidthClass.of("a\u{200D}b") == nil, "a joiner between letters is no emoji sequence")
    }

    /// Graphemes every terminal agrees on cost what they always cost.
    @Test func agreedGraphemesCostNothingExtra() {
        var frame = Frame(size: Size(width: 12, height: 1))
        frame.write("a🐶─b", row: 0, column: 0)
        var encoder = FrameEncoder(colors: false)
        #expect(String(decoding: encoder.encode(frame), as: UTF8.self) == "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[1;1Ha🐶─b")
    }

    /// A disputed grapheme: its cells cleared, the cursor back, the grapheme, then an absolute
    /// move before what follows.
    @Test func aDisputedGraphemeIsClearedAndReanchored() {
        var frame = Frame(size: Size(width: 12, height: 1))
        frame.write("a❤️b", row: 0, column: 0)
        var encoder = FrameEncoder(colors: false)
        #expect(String(decoding: encoder.encode(frame), as: UTF8.self)
            == "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[1;1Ha  \u{1B}[2D❤️\u{1B}[1;4Hb")
    }

    /// A terminal drawing box drawing 2 wide gets narrow stand-ins, and keeps its shape.
    @Test func ambiguousGlyphsAreNarrowWhereTheTerminalDrawsThemWide() {
        let ambiguousWide: (Character) -> Int = { character in
            let value = character.unicodeScalars.first!.value
            return NarrowGlyphs.standIn(value) != nil && value >= 0x2010 ? 2 : DisplayWidth.of(character)
        }
        var before = FakeTerminal(width: 16, height: 3, drawnWidth: ambiguousWide)
        var plain = FrameEncoder(colors: true)
        before.feed(plain.encode(Self.frames("🐶")[0]))
        #expect(before.differences(from: Self.frames("🐶")[0]) != [], "the fake terminal does break rows")

        let widths = TerminalWidths(drawn: [.ambiguous: 2], ambiguousIsWide: true)
        var terminal = FakeTerminal(width: 16, height: 3, drawnWidth: ambiguousWide)
        var encoder = FrameEncoder(colors: true, widths: widths)
        for frame in Self.frames("🐶") {
            terminal.feed(encoder.encode(frame))
            #expect(terminal.differences(from: frame, substituting: true) == [], "\(terminal.lines)")
        }
        #expect(terminal.lines[0] == "+--------------+")
        #expect(terminal.lines[1].hasPrefix("|"))
    }

    @Test func everyHostGlyphHasANarrowStandIn() {
        for glyph in "─━│┃┏┓┗┛╭╮╰╯╌╎░█▏…·×→←↑↓–—−“”★☆●○◉▲▼◀▶▪≥⇧" {
            #expect(NarrowGlyphs.standIn(glyph.unicodeScalars.first!.value) != nil, "\(glyph)")
        }
        for glyph in "a🐶✓✗‹›⌫" {
            #expect(NarrowGlyphs.standIn(glyph.unicodeScalars.first!.value) == nil, "\(glyph)")
        }
    }

    /// The stand-ins are written out in blocks (looking the names up at a session's first frame
    /// read the standard library's name tables into every hosted process); they must stay what
    /// the glyphs' Unicode names say.
    @Test func narrowStandInsFollowTheGlyphsUnicodeNames() {
        for value in UInt32(0)..<0x2800 {
            let named = Unicode.Scalar(value)?.properties.name.flatMap { Self.standIn(named: $0, value) }
            #expect(NarrowGlyphs.standIn(value) == named.map { UInt8(ascii: $0) }, "U+\(String(value, radix: 16))")
        }
    }

    /// The rules the stand-ins were made by, from each glyph's name.
    private static func standIn(named name: String, _ value: UInt32) -> Unicode.Scalar? {
        switch value {
        case 0xB7, 0x2026: return "."
        case 0xD7: return "x"
        case 0xB0: return "o"
        case 0x2010...0x2015, 0x2212: return "-"
        case 0x2018, 0x2019: return "'"
        case 0x201C, 0x201D: return "\""
        case 0x2022, 0x25CF, 0x25C9, 0x25CE, 0x2605, 0x2606: return "*"
        case 0x25CB: return "o"
        case 0x2265: return ">"
        case 0x2264: return "<"
        case 0x2500...0x257F:
            // Box drawing: lines by their direction, corners and junctions as "+".
            let horizontal = name.contains("HORIZONTAL"), vertical = name.contains("VERTICAL")
            if horizontal && !vertical && !name.contains(" AND ") { return "-" }
            if vertical && !horizontal && !name.contains(" AND ") { return "|" }
            if name.contains("DIAGONAL") { return name.contains("UPPER RIGHT TO LOWER LEFT") ? "/" : "\\" }
            return "+"
        case 0x258F, 0x2590, 0x2595: return "|"
        case 0x2580...0x259F: return "#"
        case 0x2190...0x21FF:
            if name.contains("LEFT RIGHT") || name.contains("UP DOWN") { return nil }
            if name.contains("LEFTWARDS") { return "<" }
            if name.contains("RIGHTWARDS") { return ">" }
            if name.contains("UPWARDS") { return "^" }
            if name.contains("DOWNWARDS") { return "v" }
            return nil
        case 0x25A0...0x25FF:
            if name.contains("UP-POINTING") { return "^" }
            if name.contains("DOWN-POINTING") { return "v" }
            if name.contains("RIGHT-POINTING") { return ">" }
            if name.contains("LEFT-POINTING") { return "<" }
            if name.contains("SQUARE") { return "#" }
            return nil
        default: return nil
        }
    }
}

/// ASCII for a terminal that does not decode UTF-8 (audit #27).
@Suite struct ASCIITextTests {
    @Test func everyCellIsASCIIAndKeepsItsPlace() {
        var frame = Frame(size: Size(width: 20, height: 2))
        frame.write("› 🍎─❤️é x", row: 0, column: 0)
        frame.write("end", row: 1, column: 0)
        var encoder = FrameEncoder(colors: false)
        encoder.ascii = true
        let bytes = encoder.encode(frame)
        #expect(bytes.allSatisfy { $0 < 0x80 }, "\(bytes)")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(">") && text.contains("-? ?"), "\(text.debugDescription)")
        // As many bytes as cells, so what follows stays where layout put it: › > · 🍎 "? " ·
        // ─ - · ❤️ (2 cells) "? " · é ? — then " x".
        #expect(frame.plainPage(narrowGlyphs: false, ascii: true).allSatisfy { $0 < 0x80 })
        #expect(String(decoding: frame.plainPage(narrowGlyphs: false, ascii: true), as: UTF8.self).hasPrefix("> ? -? ? x\nend\n"))
    }

    @Test func theLocaleSaysASCIIOnlyForCOrPOSIXInPOSIXsOrder() {
        #expect(ASCIIText.localeIsASCII(["LC_ALL": "C"]))
        #expect(ASCIIText.localeIsASCII(["LANG": "POSIX"]))
        #expect(ASCIIText.localeIsASCII(["LC_ALL": "", "LC_CTYPE": "C", "LANG": "en_US.UTF-8"]))
        #expect(!ASCIIText.localeIsASCII(["LC_ALL": "C.UTF-8", "LANG": "C"]))
        #expect(!ASCIIText.localeIsASCII(["LC_CTYPE": "en_US.UTF-8", "LANG": "C"]))
        #expect(!ASCIIText.localeIsASCII([:]), "no locale (over SSH, say) says nothing")
    }
}
