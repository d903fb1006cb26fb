#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A game for several players taking turns: whose turn it is, and what each has won.
///
/// A turn is two cards. The points a choice wins or loses (the game's own scoring: +2 for a
/// match, −1 for each card seen before in a mismatch) go to the player on turn; a match
/// keeps the turn, a mismatch passes it to the next player.
struct Turns: Equatable, Codable, Sendable {
    struct Tally: Equatable, Codable, Sendable {
        var points = 0
        var pairs = 0
    }

    /// One per player, player 1 first.
    private(set) var tallies: [Tally]
    /// The player on turn, from 0.
    private(set) var current = 0

    init(players: Int) {
        tallies = Array(repeating: Tally(), count: max(1, players))
    }

    var count: Int { tallies.count }

    /// Credits what a choice did to the player on turn, and passes the turn after a mismatch.
    mutating func record(_ outcome: MemoryGame<String>.Outcome?, change: Int) {
        tallies[current].points += change
        switch outcome {
        case .matched?: tallies[current].pairs += 1
        case .mismatched?: current = (current + 1) % count
        case .turned?, nil: break
        }
    }

    /// Every player with their place: most points first, then most pairs; players alike in
    /// both share a place (1, 1, 3), and keep their order.
    var ranking: [(player: Int, place: Int, tally: Tally)] {
        let order = tallies.indices.sorted { left, right in
            let a = tallies[left], b = tallies[right]
            if a.points != b.points { return a.points > b.points }
            if a.pairs != b.pairs { return a.pairs > b.pairs }
            return left < right
        }
        var ranked: [(player: Int, place: Int, tally: Tally)] = []
        for (position, player) in order.enumerated() {
            let tally = tallies[player]
            let place = ranked.last.map { $0.tally == tally ? $0.place : position + 1 } ?? 1
            ranked.append((player, place, tally))
        }
        return ranked
    }
}
