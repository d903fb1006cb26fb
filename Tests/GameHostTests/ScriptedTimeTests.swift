@testable import GameHost
import Testing

/// Plain mode's time sequence, `ESC [ = <ms> t`, picked out of the input bytes.
@Suite struct ScriptedTimeTests {
    typealias Piece = ScriptedTime.Piece

    /// Feeds the input in pieces of the given sizes, then flushes; adjacent bytes merged.
    func pieces(_ input: String, split: [Int] = []) -> [Piece] {
        var script = ScriptedTime()
        var bytes = Array(input.utf8)[...]
        var out: [Piece] = []
        for size in split where !bytes.isEmpty {
            out += script.feed(bytes.prefix(size))
            bytes = bytes.dropFirst(size)
        }
        out += script.feed(bytes) + script.flush()
        var merged: [Piece] = []
        for piece in out {
            if case .bytes(let more) = piece, case .bytes(let before)? = merged.last {
                merged[merged.count - 1] = .bytes(before + more)
            } else {
                merged.append(piece)
            }
        }
        return merged
    }

    func bytes(_ text: String) -> Piece { .bytes(Array(text.utf8)) }

    @Test func timePassesWhereTheScriptSaysAndKeysKeepTheirOrder() {
        #expect(pieces("ab\u{1B}[=500tc") == [bytes("ab"), .wait(.milliseconds(500)), bytes("c")])
        #expect(pieces("\u{1B}[=1t\u{1B}[=0t") == [.wait(.milliseconds(1)), .wait(.zero)])
        #expect(pieces("\u{1B}[=999999999t") == [.wait(.milliseconds(999_999_999))])
    }

    @Test func everythingElsePassesThroughUntouched() {
        for input in ["hello", "\u{1B}[A\u{1B}OB", "\u{1B}", "\u{1B}[", "\u{1B}\u{1B}[=5t", "é🐶\n", "\u{1B}[5~"] {
            let expected: [Piece] = input == "\u{1B}\u{1B}[=5t" ? [bytes("\u{1B}"), .wait(.milliseconds(5))] : [bytes(input)]
            #expect(pieces(input) == expected, "\(Array(input.utf8))")
        }
    }

    @Test func aSequenceSplitAnywhereIsStillOne() {
        let input = "x\u{1B}[=250ty\u{1B}[Az"
        let whole = pieces(input)
        #expect(whole == [bytes("x"), .wait(.milliseconds(250)), bytes("y\u{1B}[Az")])
        for first in 1..<input.utf8.count {
            #expect(pieces(input, split: [first, 1, 2]) == whole, "split at \(first)")
            #expect(pieces(input, split: Array(repeating: 1, count: 20)) == whole)
        }
    }

    @Test func malformedSequencesAreDroppedWholeAndReported() {
        #expect(pieces("a\u{1B}[=tb") == [bytes("a"), .malformed(Array("\u{1B}[=t".utf8)), bytes("b")])
        #expect(pieces("\u{1B}[=5xq") == [.malformed(Array("\u{1B}[=5x".utf8)), bytes("q")])
        #expect(pieces("\u{1B}[=1234567890t") == [.malformed(Array("\u{1B}[=1234567890t".utf8))])
        #expect(pieces("\u{1B}[=12\u{1B}[A") == [.malformed(Array("\u{1B}[=12".utf8)), bytes("\u{1B}[A")])
        #expect(pieces("\u{1B}[=12") == [.malformed(Array("\u{1B}[=12".utf8))], "cut off by the end of input")
    }

    @Test func waitingBytesAreKnown() {
        var script = ScriptedTime()
        _ = script.feed(Array("a\u{1B}[".utf8))
        #expect(script.hasPending)
        #expect(script.flush() == [bytes("\u{1B}[")])
        #expect(!script.hasPending)
    }
}
