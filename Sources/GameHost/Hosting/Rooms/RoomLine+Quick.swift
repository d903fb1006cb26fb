/// Reading the lines a room writes most without `JSONDecoder`: every seat's process reads
/// every line of its room's journal, ten ticks a second, and the decoder cost most of that.
extension RoomLine {
    /// The line, for the shapes the room's own encoder writes for a tick, a key, a timer, a
    /// hold and a seat leaving (`{"key":"up","kind":"key","label":"turn","seat":1,"t":2.5}`,
    /// in any order and spacing); nil for anything else, which the decoder then reads (and
    /// says what is wrong with). Declined rather than guessed at: an escape or a character
    /// past ASCII in a string, a number with an exponent, a field other than those, a field
    /// twice, `null`. A test holds it to the decoder's result.
    static func quick(_ row: ArraySlice<UInt8>) -> RoomLine? {
        row.withUnsafeBufferPointer { bytes in
            var scanner = QuickScanner(bytes: bytes)
            return scanner.line()
        }
    }
}

private struct QuickScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    /// The fields read, and the kinds of line read, matched as bytes: no string is made to
    /// name them (a seat's process reads ten lines a second).
    private enum Field: CaseIterable {
        case kind, time, seat, label, key

        var name: StaticString {
            switch self {
            case .kind: "kind"
            case .time: "t"
            case .seat: "seat"
            case .label: "label"
            case .key: "key"
            }
        }
    }

    /// The kinds of line read: a key names its input in its own field.
    private enum Kind {
        case input(JournalInput)
        case key
    }

    private static let kinds: [(name: StaticString, kind: Kind)] =
        [("tick", .input(.tick)), ("key", .key), ("timer", .input(.timer)), ("hold", .input(.hold)), ("left", .input(.left))]

    mutating func line() -> RoomLine? {
        var kind: Kind?, time: Double?, seat: Int?, label: String?, key: String?
        guard take(UInt8(ascii: "{")) else { return nil }
        repeat {
            guard let name = quoted(), take(UInt8(ascii: ":")),
                  let field = Field.allCases.first(where: { matches(name, $0.name) }) else { return nil }
            switch field {
            case .kind where kind == nil:
                guard let value = quoted(), let known = Self.kinds.first(where: { matches(value, $0.name) }) else {
                    return nil
                }
                kind = known.kind
            case .time where time == nil: guard let value = double() else { return nil }; time = value
            case .seat where seat == nil: guard let value = whole() else { return nil }; seat = value
            case .label where label == nil: guard let value = string() else { return nil }; label = value
            case .key where key == nil: guard let value = string() else { return nil }; key = value
            default: return nil
            }
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")) else { return nil }
        skipSpace()
        guard at == bytes.count, let kind, let time else { return nil }
        switch kind {
        case .key:
            guard let key, let pressed = Key(name: key) else { return nil }
            return RoomLine(.input(.key(pressed), time: time), seat: seat.map(Seat.init), label: label)
        case .input(let input):
            guard key == nil else { return nil }
            return RoomLine(.input(input, time: time), seat: seat.map(Seat.init), label: label)
        }
    }

    /// Whether the bytes in `range` are `name`'s.
    private func matches(_ range: Range<Int>, _ name: StaticString) -> Bool {
        guard range.count == name.utf8CodeUnitCount else { return false }
        let start = name.utf8Start
        for offset in 0..<range.count where bytes[range.lowerBound + offset] != start[offset] { return false }
        return true
    }

    private mutating func skipSpace() {
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0D { at += 1 }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard at < bytes.count, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    /// A string of printable ASCII without escapes.
    private mutating func string() -> String? {
        quoted().map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
    }

    /// Where a string of printable ASCII without escapes lies, its quotes left out.
    private mutating func quoted() -> Range<Int>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = at
        while at < bytes.count, bytes[at] != UInt8(ascii: "\"") {
            guard bytes[at] >= 0x20, bytes[at] < 0x7F, bytes[at] != UInt8(ascii: "\\") else { return nil }
            at += 1
        }
        guard at < bytes.count else { return nil }
        at += 1
        return start..<(at - 1)
    }

    /// JSON's digits: `0` or a first digit that is not 0; the count scanned.
    private mutating func digits() -> Int {
        let start = at
        while at < bytes.count, (0x30...0x39).contains(bytes[at]) { at += 1 }
        guard at > start, bytes[start] != 0x30 || at == start + 1 else { return 0 }
        return at - start
    }

    /// A whole number from 0, short enough for an Int.
    private mutating func whole() -> Int? {
        skipSpace()
        let start = at
        let count = digits()
        guard (1...18).contains(count) else { return nil }
        var value = 0
        for byte in bytes[start..<at] { value = value * 10 + Int(byte - 0x30) }
        return value
    }

    /// A number without an exponent (`-1.25`), as JSON writes it; finite.
    private mutating func double() -> Double? {
        skipSpace()
        let start = at
        if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
        guard digits() > 0 else { return nil }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            let fraction = at
            while at < bytes.count, (0x30...0x39).contains(bytes[at]) { at += 1 }
            guard at > fraction else { return nil }
        }
        guard at - start <= 40 else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}

extension RoomLine {
    /// The line as the room's encoder writes it (sorted keys, slashes unescaped), made without
    /// the encoder for a tick, a key, a timer, a hold and a seat leaving: the seat keeping the
    /// room's clock writes a tick line ten times a second. Nil for any other line, and for a
    /// label or key name that would need escaping. A test holds it to the encoder's bytes.
    var quickText: String? {
        guard case .input(let input, _) = line, let text = line.quickText else { return nil }
        switch input {
        case .key, .tick, .timer, .hold, .left: break
        case .mouse, .paste: return nil
        }
        // The fields sort between "kind" (and "key") and "t", the last.
        var fields = ""
        if let label {
            guard label.utf8.allSatisfy({ (0x20..<0x7F).contains($0) && $0 != 0x22 && $0 != 0x5C }) else { return nil }
            fields += #""label":"\#(label)","#
        }
        if let seat { fields += #""seat":\#(seat.index),"# }
        // The last comma is the one before "t": its number has none.
        guard let comma = text.utf8.lastIndex(of: UInt8(ascii: ",")),
              text.utf8[comma...].starts(with: #","t":"#.utf8) else { return nil }
        let time = text.utf8.index(after: comma)
        return String(text[..<time]) + fields + text[time...]
    }
}
