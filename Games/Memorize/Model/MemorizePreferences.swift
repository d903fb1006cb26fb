#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Memorize's settings, as the host's preferences form edits them.
public struct MemorizePreferences: Equatable, Sendable {
    /// What the game opens on.
    public enum Start: String, CaseIterable, Sendable {
        case chooser
        /// The theme played last, with the chooser one step back.
        case lastTheme = "last-theme"
    }

    /// How matched cards look.
    public enum MatchedCards: String, CaseIterable, Sendable {
        case dim
        case hide
    }

    public var start: Start
    public var matched: MatchedCards
    /// 1 plays alone; 2 to 4 take turns at one board.
    public var players: Int

    public init(start: Start = .chooser, matched: MatchedCards = .dim, players: Int = 1) {
        self.start = start
        self.matched = matched
        self.players = players
    }
}
