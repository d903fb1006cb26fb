/// One key press, decoded from the terminal's bytes.
///
/// Keys have a stable `name` ("up", "enter", "ctrl-c", "x") used in traces and on the
/// command line, and a short `symbol` ("↑", "Enter", "^C") used in footers and help.
public enum Key: Hashable, Sendable {
    /// A printable grapheme cluster: a letter, a digit, a space, an emoji.
    case character(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown, insert, delete
    case enter, tab, backTab, backspace, escape
    /// Ctrl plus a letter, for the letters that have no key of their own (not I, M, H).
    case control(Character)
    case function(Int)

    /// The space bar.
    public static let space = Key.character(" ")

    /// Digits as keys, for bindings such as "1–4 answer".
    public static func digit(_ value: Int) -> Key { .character(Character(String(value))) }
}

extension Key {
    private static let named: [(Key, String, String)] = [
        (.up, "up", "↑"), (.down, "down", "↓"), (.left, "left", "←"), (.right, "right", "→"),
        (.home, "home", "Home"), (.end, "end", "End"), (.pageUp, "pageup", "PgUp"),
        (.pageDown, "pagedown", "PgDn"), (.insert, "insert", "Ins"), (.delete, "delete", "Del"),
        (.enter, "enter", "Enter"), (.tab, "tab", "Tab"), (.backTab, "backtab", "⇧Tab"),
        (.backspace, "backspace", "⌫"), (.escape, "esc", "Esc"),
    ]

    /// The stable name, e.g. "up", "enter", "ctrl-c", "f5", "space", "a".
    public var name: String {
        switch self {
        case .character(" "): return "space"
        case .character(let c): return String(c)
        case .control(let c): return "ctrl-\(c)"
        case .function(let n): return "f\(n)"
        default: return Key.named.first { $0.0 == self }!.1
        }
    }

    /// How the key is shown to a player.
    public var symbol: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .control(let c): return "^" + c.uppercased()
        case .function(let n): return "F\(n)"
        default: return Key.named.first { $0.0 == self }!.2
        }
    }

    /// Parses a stable name back into a key; a single character stands for itself.
    public init?(name: String) {
        if let match = Key.named.first(where: { $0.1 == name }) {
            self = match.0
        } else if name == "space" {
            self = .space
        } else if name.hasPrefix("ctrl-"), name.count == 6, let c = name.last, c.isLetter {
            self = .control(c)
        } else if name.hasPrefix("f"), name.count > 1, let n = Int(name.dropFirst()), (1...24).contains(n) {
            self = .function(n)
        } else if name.count == 1, let c = name.first {
            self = .character(c)
        } else {
            return nil
        }
    }
}

extension Key: Codable {
    /// Reads a key from its name, as traces write it.
    public init(from decoder: Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let key = Key(name: name) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "unknown key name '\(name)'"))
        }
        self = key
    }

    /// Writes the key's name, for traces.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
