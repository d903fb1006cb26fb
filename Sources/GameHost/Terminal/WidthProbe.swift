#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Measures the terminal at start: prints one grapheme of each `WidthClass` and asks where
/// the cursor went (CSI 6n), in one write and one round trip, ended by a Primary Device
/// Attributes request every terminal answers. Grapheme-cluster mode (DEC mode 2027) is asked
/// for first (DECRQM) and turned on, so where it is offered the measurement is made in it.
///
/// The samples are printed concealed on the alternate screen, just before the first frame
/// clears it. `Runner` reads the replies with the keys, so nothing waits for them; a terminal
/// that does not answer in time keeps today's widths. Keys typed meanwhile go on to the key
/// decoder; replies that come later are swallowed by it.
public enum WidthProbe {
    /// How long to wait for the replies: a local terminal answers in a millisecond or two,
    /// tmux and ssh in tens.
    public static let timeout = 200.0 / 1000

    /// Where the samples are printed (1-based). Not row 1: a late cursor report for row 1
    /// would read like a function key with modifiers (CSI 1;5R).
    static let row = 2

    /// What the probe learnt, what the player typed meanwhile, and what to undo at the end.
    public struct Result: Sendable {
        public var widths: TerminalWidths
        public var typed: [UInt8]
        /// True when the terminal had mode 2027 off and the probe turned it on.
        public var turnedOnGraphemeClusters: Bool
    }

    /// Last, after the width samples: a letter of 2 UTF-8 bytes (no C1 control among them), which
    /// a terminal that decodes UTF-8 draws in 1 cell and one that shows bytes (Latin-1) in 2.
    static let utf8Sample: Character = "\u{E9}"

    /// The bytes of the question.
    static var query: [UInt8] {
        var text = "\u{1B}[?2027$p\u{1B}[?2027h\u{1B}[8m"
        for sample in WidthClass.samples.map(\.1) + [utf8Sample] {
            text += "\u{1B}[\(row);1H" + String(sample) + "\u{1B}[6n"
        }
        text += "\u{1B}[0m\u{1B}[\(row);1H\u{1B}[2K\u{1B}[c"
        return Array(text.utf8)
    }

    /// The terminal's answers, picked out of whatever arrives on standard input.
    struct Replies {
        var columns: [Int] = []
        var mode2027: Int?
        var isComplete = false
        var typed: [UInt8] = []
        private var pending: [UInt8] = []

        /// The player's bytes so far, handed on once.
        mutating func takeTyped() -> [UInt8] {
            defer { typed.removeAll() }
            return typed
        }

        mutating func feed(_ bytes: some Sequence<UInt8>) {
            pending.append(contentsOf: bytes)
            var index = 0
            while index < pending.count {
                guard pending[index] == 0x1B else {
                    typed.append(pending[index])
                    index += 1
                    continue
                }
                guard index + 1 < pending.count else { break }
                guard pending[index + 1] == UInt8(ascii: "[") else {
                    typed.append(pending[index])
                    index += 1
                    continue
                }
                var end = index + 2
                while end < pending.count, (0x20...0x3F).contains(pending[end]) { end += 1 }
                guard end < pending.count else { break }
                let sequence = Array(pending[index...end])
                if !take(parameters: String(decoding: pending[(index + 2)..<end], as: UTF8.self), final: pending[end]) {
                    typed.append(contentsOf: sequence)
                }
                index = end + 1
            }
            pending.removeFirst(index)
        }

        /// True for a reply to the probe, well formed or not (it is swallowed); anything else
        /// (an arrow key) is the player's.
        private mutating func take(parameters: String, final: UInt8) -> Bool {
            let trimmed = parameters.drop { $0 == "?" || $0 == "$" }.reversed().drop { $0 == "?" || $0 == "$" }.reversed()
            let numbers = String(trimmed).split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
            switch final {
            case UInt8(ascii: "R"):
                // A report for another row is no answer to the probe: its column would be wrong.
                if numbers.count == 2, numbers[0] == WidthProbe.row { columns.append(numbers[1] ?? 0) } else { columns.append(0) }
            case UInt8(ascii: "y"):
                if parameters.hasPrefix("?2027;"), parameters.hasSuffix("$"), numbers.count == 2 { mode2027 = numbers[1] }
            case UInt8(ascii: "c"):
                isComplete = true
            default:
                return false
            }
            return true
        }

        var result: Result {
            var widths = TerminalWidths()
            // One report per sample, in order; with any missing, which is which is unknown.
            if columns.count == WidthClass.samples.count + 1 {
                for ((kind, _), column) in zip(WidthClass.samples, columns) where (1...9).contains(column) {
                    widths.drawn[kind] = column - 1
                }
                // Its letter drawn 1 cell wide: UTF-8; 2 (two Latin-1 characters): bytes.
                switch columns[WidthClass.samples.count] {
                case 2: widths.decodesUTF8 = true
                case 3: widths.decodesUTF8 = false
                default: break
                }
            }
            widths.ambiguousIsWide = widths.drawn[.ambiguous] == 2
            // 1 set, 2 reset (now set by the probe), 3 permanently set.
            widths.graphemeClusters = [1, 2, 3].contains(mode2027 ?? 0)
            // A sequence cut off by the time limit is a reply's start far more likely than a
            // key: handed on, a lone Esc would take the player back.
            return Result(widths: widths, typed: typed, turnedOnGraphemeClusters: mode2027 == 2)
        }
    }
}
