@testable import GameHost
import Testing

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("a", 1), ("~", 1), ("é", 1), ("e\u{301}", 1),   // ASCII, precomposed, combining mark
        ("中", 2), ("한", 2), ("ｱ", 1), ("Ａ", 2),          // CJK, Hangul, halfwidth and fullwidth forms
        ("🐶", 2), ("👨‍👩‍👧", 2), ("🇫🇷", 2), ("👍🏽", 2),        // emoji, ZWJ family, flag, skin tone
        ("❤️", 2), ("❤", 1), ("✈", 1), ("✈️", 2), ("1️⃣", 2), // VS16 turns text symbols into emoji; keycap
        ("\u{301}", 0), ("\u{200B}", 0), ("\u{1B}", 0), ("\u{7}", 0), ("\u{85}", 0), ("\u{202E}", 0),
    ] as [(Character, Int)])
    func width(_ character: Character, _ expected: Int) {
        #expect(DisplayWidth.of(character) == expected, "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    /// A path longer than a line breaks after a separator, not mid-name (audit N23); a word
    /// with none is still cut at the line's end, and nothing is lost either way.
    @Test func aLongPathWrapsAfterItsSeparators() {
        let text = "The file /tmp/gamehost-data/arithmetic-quiz/scores.json.corrupt-20261126-195644 was moved."
        let lines = DisplayWidth.wrap(text, width: 38)
        #expect(lines == ["The file", "/tmp/gamehost-data/arithmetic-quiz/", "scores.json.corrupt-20261126-195644", "was moved."],
                "\(lines)")
        #expect(DisplayWidth.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        // A separator near the line's start would leave a scrap: cut at the end instead.
        #expect(DisplayWidth.wrap("a/bcdefghijkl", width: 6) == ["a/bcde", "fghijk", "l"])
    }

    @Test func strings() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("中文ab") == 6)
        #expect(DisplayWidth.of("🐶🐱 x") == 6)
        // A prepended sign joins what follows into one cluster (the compiler's literals do
        // not know it yet, so these are strings): the cluster is as wide as what follows.
        #expect("\u{600}1".count == 1 && DisplayWidth.of("\u{600}1") == 1)
        #expect(DisplayWidth.of("\u{6DD} ") == 1 && DisplayWidth.of("\u{6DD}") == 0)
    }

    @Test func truncateAndPadCountCells() {
        #expect(DisplayWidth.truncate("abcdef", to: 4) == "abc…")
        #expect(DisplayWidth.truncate("中文中文", to: 5) == "中文…")
        #expect(DisplayWidth.truncate("中文中文", to: 5, ellipsis: false) == "中文")
        #expect(DisplayWidth.truncate("ab", to: 4) == "ab")
        #expect(DisplayWidth.pad("中", to: 4) == "中  ")
        #expect(DisplayWidth.of(DisplayWidth.pad("a\u{6DD}", to: 3)) == 3, "the sign joins the first space")
    }

    @Test func sanitizerRemovesEverythingATerminalWouldObey() {
        #expect(TextSanitizer.clean("a\u{1B}[31mb\u{7}c\u{9B}d") == "a[31mbcd")
        #expect(TextSanitizer.clean("x\u{202E}y\u{2066}z") == "xyz")
        #expect(TextSanitizer.clean("line\nnext\ttab") == "line next tab")
        #expect(TextSanitizer.hasUnsafe("ok") == false && TextSanitizer.hasUnsafe("\u{1B}"))
    }
}

@Suite struct DisplayWidthTableTests {
    /// The fast paths must agree with the Unicode properties for every scalar they cover.
    @Test func fastPathsMatchTheProperties() {
        var differences: [String] = []
        for value in UInt32(0x2010)..<0x2E80 {
            let scalar = Unicode.Scalar(value)!
            if ScalarWidths.width(of: scalar) != ScalarWidths.fromProperties(scalar) {
                differences.append("U+" + String(value, radix: 16, uppercase: true))
            }
        }
        for value in UInt32(0x1F000)..<0x1FB00 {
            let scalar = Unicode.Scalar(value)!
            if ScalarWidths.width(of: scalar) != ScalarWidths.fromProperties(scalar) {
                differences.append("U+" + String(value, radix: 16, uppercase: true))
            }
        }
        #expect(differences == [])
    }
}

extension DisplayWidthTableTests {
    /// The widths come from Unicode properties, not from ranges: spot checks across the
    /// scripts UAX #11 makes wide. (Compared with Python's unicodedata 14.0 over every
    /// assigned scalar, 67 of 141,869 differ: U+FE45–FE4F, U+16FE2–16FF1, tally marks,
    /// regional indicators, which are emoji here, and U+2028/2029, which are never written.)
    @Test(arguments: [
        (0x3042, 2), (0x30A2, 2), (0xAC00, 2), (0x1100, 2), (0x3131, 2), (0xFF21, 2), (0xFF71, 1),
        (0x3008, 2), (0x3251, 2), (0x3300, 2), (0x4E00, 2), (0x20000, 2), (0xA000, 2), (0x2E80, 2),
        (0x2500, 1), (0x2026, 1), (0x2329, 2), (0x2190, 1), (0x25A4, 1), (0x2170, 1), (0x1F436, 2),
        (0x1FABF, 2), (0x0E01, 1), (0x05D0, 1),
    ] as [(UInt32, Int)])
    func widthsFromProperties(_ value: UInt32, _ expected: Int) {
        #expect(ScalarWidths.width(of: Unicode.Scalar(value)!) == expected, "U+\(String(value, radix: 16))")
    }

    /// A scalar said to stand alone must be a whole character by itself, whatever surrounds it.
    @Test func scalarsThatStandAloneNeverJoinTheirNeighbours() {
        let neighbours: [Unicode.Scalar] = ["a", "\u{301}", "\u{200D}", "\u{FE0F}", "\u{1F3FD}", "\u{1F1EB}", "中", "🐶"]
        var joined: [String] = []
        for value in UInt32(0x20)..<0x1FB00 {
            guard let scalar = Unicode.Scalar(value), DisplayWidth.standsAlone(scalar) else { continue }
            for other in neighbours where DisplayWidth.standsAlone(other) {
                var pair = String.UnicodeScalarView()
                pair.append(scalar)
                pair.append(other)
                if String(pair).count != 2 { joined.append("U+" + String(value, radix: 16, uppercase: true)) }
            }
        }
        #expect(joined == [])
    }
}

@Test func trimmedDropsWhitespaceAtBothEnds() {
    #expect("  a b \t\n".trimmed == "a b")
    #expect(" \n ".trimmed == "" && "".trimmed == "" && "x".trimmed == "x")
}
