/// Plain mode's time: the script says when time passes, with a sequence in its input.
///
/// `ESC [ = <milliseconds> t` (in `printf`: `'\033[=500t'`) lets that much virtual time pass
/// at that point of the input: the ticks and timers due meanwhile are delivered, each at its
/// moment, and then the frame is printed. It is a control sequence with a private marker
/// (`=`) that no terminal sends as a key, so it can never be mistaken for one; keys typed
/// around it keep their order. With no such sequence time stands still, so a script of keys
/// alone gives the same frames on every run.
///
/// The filter sits before the key decoder and passes every other byte through untouched;
/// a sequence may be split across reads anywhere.
struct ScriptedTime {
    enum Piece: Equatable {
        /// Input for the key decoder.
        case bytes([UInt8])
        /// Time to let pass.
        case wait(Duration)
        /// `ESC [ =` not followed by 1 to `maximumDigits` digits and `t`: dropped, and reported.
        case malformed([UInt8])
    }

    /// Up to 999,999,999 ms (about eleven days) in one step.
    static let maximumDigits = 9
    private static let introducer: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "=")]
    private static let final = UInt8(ascii: "t")

    private var pending: [UInt8] = []

    /// True while the input ends in what may be the start of a sequence.
    var hasPending: Bool { !pending.isEmpty }

    mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [Piece] {
        pending.append(contentsOf: bytes)
        var pieces: [Piece] = []
        var plain: [UInt8] = []
        var index = 0
        while index < pending.count {
            guard pending[index] == 0x1B else {
                plain.append(pending[index])
                index += 1
                continue
            }
            switch Self.match(pending, at: index) {
            case .notTime:
                plain.append(pending[index])
                index += 1
            case .incomplete:
                if !plain.isEmpty { pieces.append(.bytes(plain)) }
                pending.removeFirst(index)
                return pieces
            case .time(let milliseconds, let length):
                if !plain.isEmpty { pieces.append(.bytes(plain)) }
                plain = []
                pieces.append(.wait(.milliseconds(milliseconds)))
                index += length
            case .malformed(let length):
                if !plain.isEmpty { pieces.append(.bytes(plain)) }
                plain = []
                pieces.append(.malformed(Array(pending[index..<(index + length)])))
                index += length
            }
        }
        if !plain.isEmpty { pieces.append(.bytes(plain)) }
        pending.removeAll(keepingCapacity: true)
        return pieces
    }

    /// At the end of input, or after a pause: what waits is not a sequence after all.
    mutating func flush() -> [Piece] {
        defer { pending.removeAll() }
        guard !pending.isEmpty else { return [] }
        // Only a complete introducer makes a sequence; a lone Esc or `ESC [` is input.
        if pending.starts(with: Self.introducer) { return [.malformed(pending)] }
        return [.bytes(pending)]
    }

    private enum Match { case notTime, incomplete, time(Int64, length: Int), malformed(length: Int) }

    private static func match(_ bytes: [UInt8], at start: Int) -> Match {
        for (offset, expected) in introducer.enumerated() {
            guard start + offset < bytes.count else { return .incomplete }
            if bytes[start + offset] != expected { return .notTime }
        }
        var end = start + introducer.count
        var value: Int64 = 0
        while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
            if end - start - introducer.count < maximumDigits {
                value = value * 10 + Int64(bytes[end] - UInt8(ascii: "0"))
            }
            end += 1
        }
        guard end < bytes.count else { return .incomplete }
        let digits = end - start - introducer.count
        if bytes[end] == final, (1...maximumDigits).contains(digits) { return .time(value, length: end - start + 1) }
        // The byte that broke the sequence goes with it if it could end one, so no stray
        // letter becomes a key.
        let length = (0x40...0x7E).contains(bytes[end]) ? end - start + 1 : end - start
        return .malformed(length: length)
    }
}
