/// The kinds of grapheme that terminals draw at different widths, found by measuring tmux,
/// GNU screen, pyte, xterm and others: each kind is measured once at start (`WidthProbe`),
/// and the encoder re-anchors the cursor after any of them.
public enum WidthClass: Hashable, Sendable, CustomStringConvertible {
    /// A text symbol made emoji by VS16: ❤️ ☺️ ✌️ ☀️
    case vs16
    /// 1️⃣ #️⃣
    case keycap
    /// 👍🏽
    case skinTone
    /// A ZWJ or tag sequence: 👨‍👩‍👧 🏴‍☠️ 🏴󠁧󠁢󠁳󠁣󠁴󠁿
    case sequence
    /// Two regional indicators: 🇫🇷
    case flag
    /// One emoji-presentation scalar from a recent Unicode version (`age` is 1100 for 11.0):
    /// older tables draw it 1 or 0 wide.
    case emoji(age: Int)
    /// East Asian ambiguous: box drawing and the like, 2 wide in some CJK terminals.
    case ambiguous

    public var description: String {
        switch self {
        case .vs16: "VS16"
        case .keycap: "keycap"
        case .skinTone: "skin tone"
        case .sequence: "ZWJ sequence"
        case .flag: "flag"
        case .emoji(let age): "emoji of Unicode \(age / 100).\(age % 100)"
        case .ambiguous: "ambiguous"
        }
    }

    /// The class of a grapheme whose width terminals disagree on; nil when they agree.
    /// Ambiguous glyphs are not included: they are substituted, not re-anchored.
    public static func of(_ character: Character) -> WidthClass? {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return nil }
        var iterator = scalars.makeIterator()
        _ = iterator.next()
        guard iterator.next() != nil else {
            return ScalarWidths.recentAge(first.value).map { .emoji(age: $0) }
        }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return .flag }
        // Joiners, tags and skin tones make one emoji only after an emoji; after a letter
        // they are marks on it.
        let isEmoji = first.properties.isEmoji
        var found: WidthClass?
        for scalar in scalars.dropFirst() {
            switch scalar.value {
            case 0x200D where isEmoji, 0xE0020...0xE007F where isEmoji: return .sequence
            case 0x1F3FB...0x1F3FF where isEmoji: found = .skinTone
            case 0x20E3: if found != .skinTone { found = .keycap }
            case 0xFE0F: if found == nil { found = .vs16 }
            default: break
            }
        }
        return found
    }

    private var order: Int {
        if case .emoji(let age) = self { return 100 + age }
        return [.vs16, .keycap, .skinTone, .sequence, .flag, .ambiguous].firstIndex(of: self) ?? 0
    }

    /// The widest a terminal could draw this grapheme if it drew each emoji in it apart.
    static func widestDrawing(of character: Character) -> Int {
        var width = 0
        for scalar in character.unicodeScalars where scalar.properties.isEmoji || ScalarWidths.width(of: scalar) > 0 {
            width += 2
        }
        return max(2, width)
    }

    /// One grapheme of each class, to measure a terminal with: the recent emoji are the
    /// first emoji of each Unicode version since `ScalarWidths.recentSince`, from the table
    /// generated from the standard library's properties, so a newer toolchain adds its newer emoji.
    public static let samples: [(WidthClass, Character)] = {
        var samples: [(WidthClass, Character)] = [
            (.vs16, "\u{2764}\u{FE0F}"), (.keycap, "1\u{FE0F}\u{20E3}"), (.skinTone, "\u{1F44D}\u{1F3FD}"),
            (.sequence, "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"), (.flag, "\u{1F1EB}\u{1F1F7}"),
            (.ambiguous, "\u{2500}"),
        ]
        var ages: Set<Int> = []
        for (range, age) in ScalarWidthTable.recent where ages.insert(age).inserted {
            samples.append((.emoji(age: age), Character(Unicode.Scalar(range.lowerBound)!)))
        }
        return samples.sorted { $0.0.order < $1.0.order }
    }()
}
