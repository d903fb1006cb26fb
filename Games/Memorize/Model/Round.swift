#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A game being played with one theme: the cards, where the cursor is, and what the last
/// choice won or lost. A value, so the games in progress can be kept and resumed.
struct Round: Equatable {
    /// The theme as it was when the round was dealt; an edited theme deals a new round.
    let theme: Theme
    var game: MemoryGame<String>
    var cursor = 0
    /// The points the last choice won or lost.
    var lastChange = 0
    var startedAt: Date
    /// With two or more players: whose turn it is and what each has won; nil for one player.
    var turns: Turns? = nil
}
