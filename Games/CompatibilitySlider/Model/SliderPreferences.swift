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
}
