@testable import GameHost
import Testing

/// The probe's replies: picked out of the input, whatever else arrives with them.
@Suite struct WidthProbeTests {
    static func reports(_ widths: [Int]) -> String {
        widths.map { "\u{1B}[2;\($0 + 1)R" }.joined()
    }

    /// tmux 3.3a, as measured: VS16 and keycaps 1 cell, skin tones 4, emoji of Unicode 15 on 0;
    /// then the UTF-8 letter, 1 cell.
    static var tmux: [Int] {
        WidthClass.samples.map { kind, _ -> Int in
            switch kind {
            case .vs16, .keycap, .ambiguous: 1
            case .skinTone: 4
            case .emoji(let age): age >= 1500 ? 0 : 2
            default: 2
            }
        } + [1]
    }

    @Test func aTerminalThatAnswersIsMeasured() {
        var replies = WidthProbe.Replies()
        replies.feed(Array(("\u{1B}[?2027;0$y" + Self.reports(Self.tmux) + "\u{1B}[?62;22c").utf8))
        #expect(replies.isComplete)
        let result = replies.result
        #expect(result.widths.drawn[.vs16] == 1 && result.widths.drawn[.skinTone] == 4)
        #expect(result.widths.drawn[.emoji(age: 1500)] == 0 && result.widths.drawn[.emoji(age: 1100)] == 2)
        #expect(!result.widths.ambiguousIsWide && !result.widths.graphemeClusters && !result.turnedOnGraphemeClusters)
        #expect(result.widths.decodesUTF8 == true)
        #expect(result.typed == [])
    }

    /// A terminal that shows bytes (Latin-1) draws the 2-byte letter in 2 cells: no UTF-8 there,
    /// whatever the locale says; without that last report, nothing is known (audit #27).
    @Test func aTerminalThatShowsBytesDoesNotDecodeUTF8() {
        var answer = Self.tmux
        answer[answer.count - 1] = 2
        var replies = WidthProbe.Replies()
        replies.feed(Array((Self.reports(answer) + "\u{1B}[?62c").utf8))
        #expect(replies.result.widths.decodesUTF8 == false)
        var partial = WidthProbe.Replies()
        partial.feed(Array((Self.reports(Array(Self.tmux.dropLast())) + "\u{1B}[?62c").utf8))
        #expect(partial.result.widths.decodesUTF8 == nil)
        #expect(partial.result.widths.drawn.isEmpty, "a report missing: which is which is unknown")
    }

    @Test func repliesSplitAnywhereAndKeysTypedMeanwhileAreKept() {
        let input = Array(("j\u{1B}[?2027;2$y\u{1B}[A" + Self.reports(Self.tmux) + "ü\u{1B}[?1;2c").utf8)
        var replies = WidthProbe.Replies()
        for byte in input { replies.feed([byte]) }
        #expect(replies.isComplete)
        #expect(String(decoding: replies.result.typed, as: UTF8.self) == "j\u{1B}[Aü")
        #expect(replies.result.turnedOnGraphemeClusters && replies.result.widths.graphemeClusters)
    }

    @Test func boxDrawingTwoWideMeansAnAmbiguousTerminal() {
        var answer = Self.tmux
        answer[WidthClass.samples.firstIndex { $0.0 == .ambiguous }!] = 2
        var replies = WidthProbe.Replies()
        replies.feed(Array((Self.reports(answer) + "\u{1B}[?62c").utf8))
        #expect(replies.result.widths.ambiguousIsWide)
    }

    /// Missing, out-of-range and garbled reports leave today's widths: never a wrong guess.
    @Test(arguments: [
        "",                                   // no answer at all
        "\u{1B}[?62c",                        // attributes only
        "\u{1B}[2;3R\u{1B}[?62c",             // one report of many
        "\u{1B}[2;0R\u{1B}[2;999R\u{1B}[?62c", // nonsense columns
        "\u{1B}[;R\u{1B}[2;;R\u{1B}[?2027;;$y\u{1B}[?2027:9$y\u{1B}[",
    ])
    func badRepliesGiveTodaysWidths(_ input: String) {
        var replies = WidthProbe.Replies()
        replies.feed(Array(input.utf8))
        #expect(replies.result.widths.drawn.count <= 2)
        #expect(replies.result.widths.layoutWidth(.vs16, intended: 2) == 2)
        #expect(!replies.result.widths.ambiguousIsWide)
        #expect(!replies.result.typed.contains(0x1B), "no half reply is handed on as an Esc")
    }

    /// A report that comes after the probe stopped waiting is swallowed, not taken as keys.
    @Test func lateRepliesAreNoKeys() {
        var decoder = KeyDecoder()
        let keys = decoder.feed(Array(("\u{1B}[2;3R\u{1B}[12;40R\u{1B}[?2027;2$y\u{1B}[?62;22cq").utf8))
        #expect(keys == [.key(.character("q"))])
        #expect(decoder.feed(Array("\u{1B}[1;5R".utf8)) == [.key(.function(3))], "F3 with Ctrl is still F3")
    }

    @Test func theQuestionAsksForEverySampleThenForAttributes() {
        let query = String(decoding: WidthProbe.query, as: UTF8.self)
        #expect(query.hasPrefix("\u{1B}[?2027$p\u{1B}[?2027h"))
        #expect(query.components(separatedBy: "\u{1B}[6n").count - 1 == WidthClass.samples.count + 1)
        #expect(query.contains("\u{E9}\u{1B}[6n\u{1B}[0m"), "the UTF-8 letter comes last")
        #expect(query.hasSuffix("\u{1B}[c"))
        #expect(WidthClass.samples.count >= 7)
    }
}
