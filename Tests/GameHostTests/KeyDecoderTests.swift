import GameHost
import Testing

@Suite struct KeyDecoderTests {
    func decode(_ chunks: [[UInt8]], flush: Bool = true) -> [Key] {
        var decoder = KeyDecoder()
        var events = chunks.flatMap { decoder.feed($0) }
        if flush { events += decoder.flush() }
        return events.compactMap(\.key)
    }

    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func plainCharactersAndControls() {
        #expect(decode([bytes("ab 1")]) == [.character("a"), .character("b"), .space, .character("1")])
        #expect(decode([[0x0D], [0x0D], [0x09], [0x7F], [0x08], [0x03]]) ==
                [.enter, .enter, .tab, .backspace, .backspace, .control("c")])
        #expect(decode([[0x0D, 0x0A]]) == [.enter], "CR LF is one Enter")
        #expect(decode([[0x0D], [0x0A]]) == [.enter], "even when a read splits it")
        #expect(decode([[0x0A, 0x0A]]) == [.enter, .enter])
        #expect(decode([[0x00, 0x1C]]) == [])
    }

    @Test func arrowsAndNamedKeys() {
        #expect(decode([bytes("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D")]) == [.up, .down, .right, .left])
        #expect(decode([bytes("\u{1B}OA\u{1B}OH\u{1B}OF")]) == [.up, .home, .end])
        #expect(decode([bytes("\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[1~\u{1B}[4~\u{1B}[Z")]) ==
                [.delete, .pageUp, .pageDown, .home, .end, .backTab])
        #expect(decode([bytes("\u{1B}[1;5A\u{1B}[15~")]) == [.up, .function(5)], "modifiers are ignored")
        #expect(decode([bytes("\u{1B}[299~")]) == [], "unknown sequences are dropped whole")
    }

    @Test func sequencesSplitAnywhere() {
        let sequence = bytes("\u{1B}[1;5A")
        for cut in 1..<sequence.count {
            #expect(decode([Array(sequence[..<cut]), Array(sequence[cut...])]) == [.up], "cut at \(cut)")
        }
        #expect(decode([[0x1B], [0x4F], [0x42]]) == [.down])
    }

    @Test func utf8SplitAcrossReads() {
        let text = bytes("é中🐶")
        for cut in 1..<text.count {
            #expect(decode([Array(text[..<cut]), Array(text[cut...])]) ==
                    [.character("é"), .character("中"), .character("🐶")], "cut at \(cut)")
        }
    }

    @Test func clustersArriveAsOneKey() {
        #expect(decode([bytes("👨‍👩‍👧🇫🇷👍🏽❤️")]) ==
                [.character("👨‍👩‍👧"), .character("🇫🇷"), .character("👍🏽"), .character("❤️")])
    }

    @Test func loneEscapeWaitsForAPause() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [.key(.escape)])
        #expect(!decoder.hasPending)
        #expect(decode([[0x1B, 0x1B]]) == [.escape, .escape])
        #expect(decode([bytes("\u{1B}q")]) == [.escape, .character("q")])
        #expect(decode([bytes("\u{1B}[")]) == [.escape, .character("[")], "a cut-off sequence at the end")
        #expect(decode([bytes("\u{1B}O\u{1B}[A")]) == [.escape, .character("O"), .up], "Alt+O, then ↑")
    }

    @Test func invalidBytesAreDropped() {
        #expect(decode([[0xFF, 0x61, 0xC3]]) == [.character("a")])
        #expect(decode([[0xC3, 0x28]]) == [.character("(")])
        #expect(decode([bytes("a\u{202E}b")]) == [.character("a"), .character("b")], "bidi override dropped")
    }

    @Test func namesRoundTrip() throws {
        let keys: [Key] = [.up, .enter, .escape, .space, .character("x"), .control("c"), .function(3), .backTab]
        for key in keys {
            #expect(Key(name: key.name) == key)
        }
        #expect(Key(name: "nonsense") == nil)
        #expect(Key.up.symbol == "↑" && Key.control("c").symbol == "^C" && Key.space.symbol == "Space")
    }
}
