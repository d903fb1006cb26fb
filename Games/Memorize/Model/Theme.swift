#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The colors a theme can have: the names of the host's terminal palette, kept here as
/// plain strings so the model stays free of any terminal type.
enum ThemeColor: String, CaseIterable, Codable, Sendable {
    case red, orange, yellow, green, teal, cyan, blue, purple, magenta, pink, brown, gray, white, black

    var label: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

/// A theme of the memory game: its emojis, how many pairs a game deals, its color, and the
/// emojis removed from it, kept forever so they can be restored.
///
/// A theme always has a name and at least two distinct emojis, and its number of pairs
/// stays within 2 … the number of emojis; every change keeps it so, and decoding refuses a
/// theme that is not.
struct Theme: Identifiable, Equatable, Codable, Sendable {
    enum EditError: Error, Equatable {
        case emptyName
        case tooFewEmojis
    }

    /// What adding one typed character did.
    enum Addition: Equatable {
        case added(String)
        /// It was among the removed emojis and came back.
        case restored(String)
        case alreadyThere(String)
        case notAnEmoji
    }

    static let minimumEmojiCount = 2
    static let maximumNameLength = 30

    /// The emoji without what changes only its tone or its presentation (skin tones, the
    /// text and emoji selectors): many terminals draw 👍🏽 as 👍 and ❤️ as ❤, and even drawn
    /// right they are hard to tell apart on a card. Two emojis of one look are one card.
    static func look(_ emoji: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: emoji.unicodeScalars.filter {
            !(0x1F3FB...0x1F3FF).contains($0.value) && $0.value != 0xFE0F && $0.value != 0xFE0E
        })
        return scalars.isEmpty ? emoji : String(scalars)
    }

    /// The emojis a round may deal: the first of each look (audit N4: 👍 and 👍🏽 were dealt as
    /// two different cards that looked the same). All of them when fewer than two looks remain.
    static func distinctLooking(_ emojis: [String]) -> [String] {
        var seen = Set<String>()
        let distinct = emojis.filter { seen.insert(look($0)).inserted }
        return distinct.count >= minimumEmojiCount ? distinct : emojis
    }

    /// Another emoji of the theme with the same look as `emoji`, if any.
    func lookAlike(of emoji: String) -> String? {
        emojis.first { $0 != emoji && Self.look($0) == Self.look(emoji) }
    }

    let id: Int
    private(set) var name: String
    private(set) var emojis: [String]
    private(set) var removedEmojis: [String]
    private(set) var pairCount: Int
    var color: ThemeColor

    /// Throws when the name is empty or fewer than two distinct emojis are given; a pair
    /// count out of range is clamped.
    init(id: Int, name: String, emojis: [String], pairCount: Int? = nil, color: ThemeColor,
         removedEmojis: [String] = []) throws(EditError) {
        let kept = Self.distinct(emojis.filter(Emoji.isValid))
        guard kept.count >= Self.minimumEmojiCount else { throw .tooFewEmojis }
        self.id = id
        self.name = ""
        self.emojis = kept
        self.removedEmojis = Self.distinct(removedEmojis.filter(Emoji.isValid)).filter { !kept.contains($0) }
        self.pairCount = 0
        self.color = color
        try rename(name)
        setPairCount(pairCount ?? self.emojis.count)
    }

    /// The pair counts a game of this theme can deal.
    var pairRange: ClosedRange<Int> { Self.minimumEmojiCount...emojis.count }
    var usesAllEmojis: Bool { pairCount == emojis.count }

    // MARK: - Changes

    mutating func rename(_ newName: String) throws(EditError) {
        guard let cut = Self.trimmed(newName), let name = Self.trimmed(String(cut.prefix(Self.maximumNameLength))) else {
            throw .emptyName
        }
        // Trimmed again after the cut, which may end on a space: a saved name must read back
        // as itself, or every load would change it.
        self.name = name
    }

    mutating func setPairCount(_ count: Int) {
        pairCount = min(pairRange.upperBound, max(pairRange.lowerBound, count))
    }

    mutating func add(_ character: Character) -> Addition {
        guard let emoji = Emoji.normalized(character) else { return .notAnEmoji }
        if emojis.contains(emoji) { return .alreadyThere(emoji) }
        emojis.append(emoji)
        if let index = removedEmojis.firstIndex(of: emoji) {
            removedEmojis.remove(at: index)
            return .restored(emoji)
        }
        return .added(emoji)
    }

    /// Moves an emoji to the removed ones; the pair count shrinks with the emojis if needed.
    mutating func remove(_ emoji: String) throws(EditError) {
        guard let index = emojis.firstIndex(of: emoji) else { return }
        guard emojis.count > Self.minimumEmojiCount else { throw .tooFewEmojis }
        emojis.remove(at: index)
        removedEmojis.append(emoji)
        setPairCount(pairCount)
    }

    /// Brings a removed emoji back, at the end of the emojis.
    mutating func restore(_ emoji: String) {
        guard let index = removedEmojis.firstIndex(of: emoji) else { return }
        removedEmojis.remove(at: index)
        emojis.append(emoji)
    }

    // MARK: - Codable

    private enum CodingKeys: String, CodingKey {
        case id, name, emojis, removedEmojis, pairCount, color
    }

    init(from decoder: Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(id: values.decode(Int.self, forKey: .id),
                          name: values.decode(String.self, forKey: .name),
                          emojis: values.decode([String].self, forKey: .emojis),
                          pairCount: values.decode(Int.self, forKey: .pairCount),
                          color: values.decode(ThemeColor.self, forKey: .color),
                          removedEmojis: values.decodeIfPresent([String].self, forKey: .removedEmojis) ?? [])
        } catch let error as EditError {
            let problem = error == .emptyName ? "a theme has no name" : "a theme has fewer than two emojis"
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: problem))
        }
    }

    /// The text without whitespace at either end; nil when nothing else is left.
    private static func trimmed(_ text: String) -> String? {
        // Most names start and end with a visible ASCII character: nothing to trim. (Such a
        // byte starts the first character; the last character holds it and starts with it
        // or with a prepended mark, and neither is whitespace.)
        if let first = text.utf8.first, let last = text.utf8.last, (0x21...0x7E).contains(first),
           (0x21...0x7E).contains(last) {
            return text
        }
        let kept = text.drop { $0.isWhitespace }
        guard let last = kept.lastIndex(where: { !$0.isWhitespace }) else { return nil }
        return String(kept[...last])
    }

    private static func distinct(_ items: [String]) -> [String] {
        // A theme holds a handful of emojis, and a file of thousands of themes is read at
        // every start: comparing with the few kept is quicker there than hashing.
        guard items.count > 16 else {
            var kept: [String] = []
            kept.reserveCapacity(items.count)
            for item in items where !kept.contains(item) { kept.append(item) }
            return kept
        }
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }
}
