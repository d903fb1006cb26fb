import Foundation
import GameHost
@testable import Memorize
import Testing

/// A theme's rules: distinct emojis, at least two of them, pairs within 2 … emojis, and
/// removed emojis kept for restoring.
@Suite struct ThemeTests {
    static func theme(_ emojis: String = "🐶 🐱 🐭 🐹", pairs: Int? = nil) throws -> Theme {
        try Theme(id: 1, name: "Pets", emojis: emojis.split(separator: " ").map(String.init), pairCount: pairs,
                  color: .orange)
    }

    @Test func pairsAreClampedToTheEmojiCount() throws {
        #expect(try Self.theme(pairs: 9).pairCount == 4)
        #expect(try Self.theme(pairs: 0).pairCount == 2)
        #expect(try Self.theme(pairs: 3).pairCount == 3)
        #expect(try Self.theme().pairCount == 4, "all emojis by default")
        var theme = try Self.theme(pairs: 3)
        theme.setPairCount(100)
        #expect(theme.pairCount == 4)
        theme.setPairCount(1)
        #expect(theme.pairCount == 2)
        #expect(theme.pairRange == 2...4)
    }

    @Test func removingAnEmojiKeepsItAndClampsThePairs() throws {
        var theme = try Self.theme()
        #expect(theme.usesAllEmojis)
        try theme.remove("🐭")
        #expect(theme.emojis == ["🐶", "🐱", "🐹"])
        #expect(theme.removedEmojis == ["🐭"])
        #expect(theme.pairCount == 3)
        theme.restore("🐭")
        #expect(theme.emojis == ["🐶", "🐱", "🐹", "🐭"])
        #expect(theme.removedEmojis.isEmpty)
        #expect(theme.pairCount == 3, "restoring does not change the pairs")
    }

    @Test func aThemeNeverHasFewerThanTwoEmojis() throws {
        var theme = try Self.theme("🐶 🐱 🐭")
        try theme.remove("🐶")
        #expect(throws: Theme.EditError.tooFewEmojis) { try theme.remove("🐱") }
        #expect(theme.emojis == ["🐱", "🐭"])
        #expect(throws: Theme.EditError.tooFewEmojis) { try Self.theme("🐶") }
        #expect(throws: Theme.EditError.tooFewEmojis) { try Self.theme("🐶 🐶 a") }
    }

    @Test func addingTakesEmojisOnlyAndIgnoresDuplicates() throws {
        var theme = try Self.theme()
        #expect(theme.add("🦊") == .added("🦊"))
        #expect(theme.add("🦊") == .alreadyThere("🦊"))
        #expect(theme.add("a") == .notAnEmoji)
        #expect(theme.add("7") == .notAnEmoji)
        #expect(theme.add("中") == .notAnEmoji)
        #expect(theme.emojis == ["🐶", "🐱", "🐭", "🐹", "🦊"])
        try theme.remove("🐶")
        #expect(theme.add("🐶") == .restored("🐶"), "a removed emoji typed again comes back")
        #expect(theme.removedEmojis.isEmpty)
    }

    @Test func namesAreTrimmedAndNeverEmpty() throws {
        var theme = try Self.theme()
        try theme.rename("  Dogs  ")
        #expect(theme.name == "Dogs")
        #expect(throws: Theme.EditError.emptyName) { try theme.rename("   ") }
        #expect(theme.name == "Dogs")
        try theme.rename(String(repeating: "x", count: 50))
        #expect(theme.name.count == Theme.maximumNameLength)
        try theme.rename(String(repeating: "x", count: Theme.maximumNameLength - 1) + " and more")
        #expect(theme.name == String(repeating: "x", count: Theme.maximumNameLength - 1), "a cut on a space is trimmed")
    }

    /// ZWJ sequences, flags, skin tones, keycaps and VS16 sequences are single emojis; a
    /// text-style emoji gets VS16 so that it shows as an emoji.
    @Test(arguments: ["👨‍👩‍👧", "🇫🇷", "👍🏽", "❤️", "1️⃣", "🏳️‍🌈", "🐈‍⬛", "🐶", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"])
    func emojiSequencesAreEmojis(_ emoji: String) {
        #expect(Emoji.normalized(Character(emoji)) == emoji)
        #expect(Emoji.isValid(emoji))
        #expect(DisplayWidth.of(emoji) == 2)
    }

    @Test func textStyleEmojisGetVariationSelector16() {
        #expect(Emoji.normalized("☺") == "☺\u{FE0F}")
        #expect(Emoji.normalized("❤") == "❤️")
        #expect(DisplayWidth.of(Emoji.normalized("☺")!) == 2)
    }

    @Test(arguments: ["a", "Z", "7", "#", " ", "é", "中", "→", "\u{1F1EB}", "☺\u{FE0E}"])
    func otherCharactersAreNotEmojis(_ text: String) {
        #expect(Emoji.normalized(Character(text)) == nil)
    }

    @Test func atLeastSixShippedThemesAllValidAndTwoCellsWide() throws {
        let themes = ShippedThemes.all
        #expect(themes.count >= 6)
        #expect(Set(themes.map(\.id)).count == themes.count)
        #expect(Set(themes.map(\.color)).count == themes.count, "each its own color")
        for theme in themes {
            #expect(theme.emojis.count >= 8, "\(theme.name)")
            #expect(theme.emojis.allSatisfy { Emoji.isValid($0) && DisplayWidth.of($0) == 2 }, "\(theme.name)")
            #expect(theme.pairRange.contains(theme.pairCount))
        }
        let untitled = ShippedThemes.untitled(id: 99)
        #expect(untitled.name == "Untitled" && untitled.emojis.count >= 2 && untitled.id == 99)
    }

    @Test func thePaletteHasAtLeastEightTerminalColors() {
        #expect(ThemeColor.allCases.count >= 8)
        for color in ThemeColor.allCases { #expect(Color(rawValue: color.rawValue) != nil, "\(color)") }
    }

    @Test func encodingRoundTripsAndBadThemesAreRefused() throws {
        var theme = try Self.theme(pairs: 3)
        try theme.remove("🐹")
        let data = try JSONEncoder().encode(theme)
        #expect(try JSONDecoder().decode(Theme.self, from: data) == theme)

        let oneEmoji = #"{"id":1,"name":"X","emojis":["🐶"],"pairCount":2,"color":"red"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Theme.self, from: Data(oneEmoji.utf8)) }
        let noName = #"{"id":1,"name":" ","emojis":["🐶","🐱"],"pairCount":2,"color":"red"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Theme.self, from: Data(noName.utf8)) }
        let badColor = #"{"id":1,"name":"X","emojis":["🐶","🐱"],"pairCount":2,"color":"plaid"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Theme.self, from: Data(badColor.utf8)) }
        // Out-of-range pairs and repeated emojis are mended rather than refused.
        let mendable = #"{"id":1,"name":"X","emojis":["🐶","🐱","🐶"],"pairCount":9,"color":"red"}"#
        let mended = try JSONDecoder().decode(Theme.self, from: Data(mendable.utf8))
        #expect(mended.emojis == ["🐶", "🐱"] && mended.pairCount == 2)
    }
}
