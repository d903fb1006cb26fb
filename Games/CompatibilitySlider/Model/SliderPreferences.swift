#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The slider game's settings, as the preferences form edits them.
public struct SliderPreferences: Equatable, Sendable {
    public var player1: String
    public var player2: String
    public var topics: TopicCount

    public init(player1: String = "Player 1", player2: String = "Player 2", topics: TopicCount = .random) {
        self.player1 = player1
        self.player2 = player2
        self.topics = topics
    }

    /// Whether both players would go by one name. Capitals and the spaces around a name do
    /// not tell two players apart on screen, so they do not count.
    public var namesClash: Bool { Self.comparable(player1) == Self.comparable(player2) }

    private static func comparable(_ name: String) -> String {
        let letters = name.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
        return String(letters).lowercased()
    }
}
