/// Turns terminal bytes into keys, incrementally.
///
/// Reads may split an escape sequence or a UTF-8 character anywhere, so undecided bytes are
/// kept until more arrive. A lone Esc is ambiguous (it also starts every sequence): the
/// runtime calls `flush()` after a short quiet time, or at end of input, to deliver it.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    private var lastWasCarriageReturn = false

    /// A decoder with nothing pending.
    public init() {}

    /// True while bytes wait for the rest of a sequence; the caller should flush after a pause.
    public var hasPending: Bool { !pending.isEmpty }

    /// The keys these bytes complete; an unfinished sequence waits for the next bytes.
    public mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [Key] {
        pending.append(contentsOf: bytes)
        return decode(final: false)
    }

    /// Decides what is left: a waiting Esc becomes the Esc key, a broken character is dropped.
    public mutating func flush() -> [Key] {
        decode(final: true)
    }

    private mutating func decode(final: Bool) -> [Key] {
        var keys: [Key] = []
        var text = String.UnicodeScalarView()
        var index = 0

        func emitText() {
            guard !text.isEmpty else { return }
            // Grapheme clusters (a ZWJ family, a flag, a skin tone) arrive as several scalars;
            // grouping the run into Characters gives one key per cluster.
            keys.append(contentsOf: String(text).map { Key.character($0) })
            text = String.UnicodeScalarView()
        }

        while index < pending.count {
            let byte = pending[index]
            if byte == 0x0A, lastWasCarriageReturn {
                lastWasCarriageReturn = false
                index += 1
                continue
            }
            lastWasCarriageReturn = byte == 0x0D
            switch byte {
            case 0x1B:
                switch Self.escapeSequence(pending, at: index, final: final) {
                case .incomplete:
                    emitText()
                    pending.removeFirst(index)
                    return keys
                case .key(let key, let length):
                    emitText()
                    if let key { keys.append(key) }
                    index += length
                }
            case 0x0D, 0x0A:
                emitText(); keys.append(.enter); index += 1
            case 0x09:
                emitText(); keys.append(.tab); index += 1
            case 0x7F, 0x08:
                emitText(); keys.append(.backspace); index += 1
            case 0x01...0x1A:
                emitText(); keys.append(.control(Character(Unicode.Scalar(byte + 0x60)))); index += 1
            case 0x00, 0x1C...0x1F:
                index += 1
            case 0x20...0x7E:
                text.append(Unicode.Scalar(byte)); index += 1
            default:
                switch Self.utf8Scalar(pending, at: index) {
                case .incomplete where !final:
                    emitText()
                    pending.removeFirst(index)
                    return keys
                case .incomplete, .invalid:
                    index += 1
                case .scalar(let scalar, let length):
                    if !Self.isControl(scalar) { text.append(scalar) }
                    index += length
                }
            }
        }
        emitText()
        pending.removeAll(keepingCapacity: true)
        return keys
    }

    private enum Escape { case incomplete, key(Key?, length: Int) }

    private static func escapeSequence(_ bytes: [UInt8], at start: Int, final: Bool) -> Escape {
        guard start + 1 < bytes.count else { return final ? .key(.escape, length: 1) : .incomplete }
        let introducer = bytes[start + 1]
        if introducer == UInt8(ascii: "[") {
            // CSI: parameters and intermediates, then one final byte in 0x40...0x7E.
            var end = start + 2
            while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) {
                guard (0x20...0x3F).contains(bytes[end]) else { return .key(.escape, length: 1) }
                end += 1
            }
            guard end < bytes.count else { return final ? .key(.escape, length: 1) : .incomplete }
            let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
            return .key(csiKey(final: bytes[end], parameters: parameters), length: end - start + 1)
        }
        if introducer == UInt8(ascii: "O") {
            guard start + 2 < bytes.count else { return final ? .key(.escape, length: 1) : .incomplete }
            // SS3 ends with one byte in 0x40...0x7E. Anything else (Alt+O followed by an arrow
            // key's Esc) means the Esc stood alone, and the next key must not be swallowed.
            guard (0x40...0x7E).contains(bytes[start + 2]) else { return .key(.escape, length: 1) }
            return .key(ss3Key(bytes[start + 2]), length: 3)
        }
        return .key(.escape, length: 1)
    }

    /// Final letters CSI and SS3 sequences share: arrows, Home, End and F1–F4.
    private static func letterKey(_ byte: UInt8) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "P")...UInt8(ascii: "S"): return .function(Int(byte) - 0x4F)
        default: return nil
        }
    }

    private static func csiKey(final: UInt8, parameters: String) -> Key? {
        let first = Int(parameters.split(separator: ";").first ?? "") ?? 1
        switch final {
        case UInt8(ascii: "Z"): return .backTab
        // A cursor position report (CSI row;column R) that came after the width probe stopped
        // waiting is no key; F3 with modifiers reads CSI 1;mR, and the probe never asks on row 1.
        case UInt8(ascii: "R") where parameters.contains(";") && first != 1: return nil
        case UInt8(ascii: "~"):
            switch first {
            case 1, 7: return .home
            case 2: return .insert
            case 3: return .delete
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            case 11...15: return .function(first - 10)
            case 17...21: return .function(first - 11)
            case 23, 24: return .function(first - 12)
            default: return nil
            }
        default: return letterKey(final)
        }
    }

    private static func ss3Key(_ byte: UInt8) -> Key? {
        byte == UInt8(ascii: "M") ? .enter : letterKey(byte)
    }

    private enum UTF8Result { case incomplete, invalid, scalar(Unicode.Scalar, length: Int) }

    private static func utf8Scalar(_ bytes: [UInt8], at start: Int) -> UTF8Result {
        let lead = bytes[start]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .invalid
        }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            guard start + offset < bytes.count else { return .incomplete }
            let byte = bytes[start + offset]
            guard byte & 0xC0 == 0x80 else { return .invalid }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = [0, 0, 0x80, 0x800, 0x10000][length]
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return .invalid }
        return .scalar(scalar, length: length)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        TextSanitizer.isUnsafe(scalar)
    }
}
