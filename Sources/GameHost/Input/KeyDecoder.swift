/// Turns terminal bytes into input events (keys, mouse reports, pastes), incrementally.
///
/// Reads may split an escape sequence or a UTF-8 character anywhere, so undecided bytes are
/// kept until more arrive. A lone Esc is ambiguous (it also starts every sequence): the
/// runtime calls `flush()` after a short quiet time, or at end of input, to deliver it.
///
/// Mouse reports are SGR ones (`ESC [ < b ; x ; y M|m`, mode 1006), which have no column
/// limit. A paste (`ESC [ 200 ~` … `ESC [ 201 ~`, mode 2004) becomes one event however many
/// reads it takes; nothing inside it is decoded as a key, and the decoder waits for its end
/// without a timeout (only the end of input cuts it short).
public struct KeyDecoder: Sendable {
    var pending: [UInt8] = []
    private var lastWasCarriageReturn = false
    /// The bytes of a paste whose end has not arrived yet; nil outside a paste.
    var pasted: [UInt8]?
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)
    /// A paste longer than this is cut (the rest is dropped), so no input can fill memory.
    static let pasteLimit = 1 << 20

    /// A decoder with nothing pending.
    public init() {}

    /// True while bytes wait for the rest of a sequence; the caller should flush after a pause.
    /// Inside a paste the decoder waits for the paste's end, not for a pause.
    public var hasPending: Bool { !pending.isEmpty && pasted == nil }

    /// The input events these bytes complete; an unfinished sequence waits for the next bytes.
    public mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        return decode(final: false)
    }

    /// Decides what is left: a waiting Esc becomes the Esc key, a broken character is dropped,
    /// an unfinished paste is delivered as far as it came.
    public mutating func flush() -> [InputEvent] {
        decode(final: true)
    }

    private mutating func decode(final: Bool) -> [InputEvent] {
        var keys: [InputEvent] = []
        var text = String.UnicodeScalarView()
        var index = 0

        func emitText() {
            guard !text.isEmpty else { return }
            // Grapheme clusters (a ZWJ family, a flag, a skin tone) arrive as several scalars;
            // grouping the run into Characters gives one key per cluster.
            keys.append(contentsOf: String(text).map { .key(.character($0)) })
            text = String.UnicodeScalarView()
        }

        while index < pending.count {
            if pasted != nil {
                guard let end = takePaste(from: index, final: final) else {
                    if final, let bytes = pasted {
                        pasted = nil
                        keys.append(.paste(Self.pasteText(bytes)))
                    }
                    return keys
                }
                keys.append(.paste(Self.pasteText(pasted ?? [])))
                pasted = nil
                index = end
                continue
            }
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
                case .pasteStart(let length):
                    emitText()
                    pasted = []
                    lastWasCarriageReturn = false
                    index += length
                }
            case 0x0D, 0x0A:
                emitText(); keys.append(.key(.enter)); index += 1
            case 0x09:
                emitText(); keys.append(.key(.tab)); index += 1
            case 0x7F, 0x08:
                emitText(); keys.append(.key(.backspace)); index += 1
            case 0x01...0x1A:
                emitText(); keys.append(.key(.control(Character(Unicode.Scalar(byte + 0x60))))); index += 1
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
        if final, let bytes = pasted {
            pasted = nil
            keys.append(.paste(Self.pasteText(bytes)))
        }
        return keys
    }

    private enum Escape { case incomplete, key(InputEvent?, length: Int), pasteStart(length: Int) }

    private static func escapeSequence(_ bytes: [UInt8], at start: Int, final: Bool) -> Escape {
        guard start + 1 < bytes.count else { return final ? .key(.key(.escape), length: 1) : .incomplete }
        let introducer = bytes[start + 1]
        if introducer == UInt8(ascii: "[") {
            // CSI: parameters and intermediates, then one final byte in 0x40...0x7E.
            var end = start + 2
            while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) {
                guard (0x20...0x3F).contains(bytes[end]) else { return .key(.key(.escape), length: 1) }
                end += 1
            }
            guard end < bytes.count else { return final ? .key(.key(.escape), length: 1) : .incomplete }
            let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
            let length = end - start + 1
            if parameters.hasPrefix("<") {
                return .key(mouse(final: bytes[end], parameters: parameters.dropFirst()).map(InputEvent.mouse),
                            length: length)
            }
            if parameters == "200", bytes[end] == UInt8(ascii: "~") { return .pasteStart(length: length) }
            return .key(csiKey(final: bytes[end], parameters: parameters).map(InputEvent.key), length: length)
        }
        if introducer == UInt8(ascii: "O") {
            guard start + 2 < bytes.count else { return final ? .key(.key(.escape), length: 1) : .incomplete }
            // SS3 ends with one byte in 0x40...0x7E. Anything else (Alt+O followed by an arrow
            // key's Esc) means the Esc stood alone, and the next key must not be swallowed.
            guard (0x40...0x7E).contains(bytes[start + 2]) else { return .key(.key(.escape), length: 1) }
            return .key(ss3Key(bytes[start + 2]).map(InputEvent.key), length: 3)
        }
        return .key(.key(.escape), length: 1)
    }

    /// An SGR mouse report: button code (low bits the button, +4 Shift, +8 Alt, +16 Ctrl,
    /// +32 motion, +64 wheel), 1-based column and row, M for a press, m for a release.
    /// Motion, wheel releases (a wheel has none; some terminals send one) and malformed
    /// reports are dropped.
    private static func mouse(final: UInt8, parameters: Substring) -> MouseEvent? {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count == 3, let code = numbers[0], let column = numbers[1], let row = numbers[2],
              column >= 1, row >= 1, code >= 0, code < 256,
              final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return nil }
        let isPress = final == UInt8(ascii: "M")
        if code & 32 != 0 { return nil }
        let action: MouseEvent.Action
        if code & 64 != 0 {
            guard isPress else { return nil }
            switch code & 3 {
            case 0: action = .wheelUp
            case 1: action = .wheelDown
            default: return nil
            }
        } else {
            let button = code & 3
            guard button < 3 else { return nil }
            action = isPress ? .press(button) : .release(button)
        }
        return MouseEvent(action, column: column - 1, row: row - 1)
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
