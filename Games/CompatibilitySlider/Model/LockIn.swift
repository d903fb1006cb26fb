#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Both players rating one topic at the same time (in a room): each one's slider, and who
/// has locked their rating in. A locked rating no longer moves.
struct LockIn: Codable, Equatable, Sendable {
    /// Per player (player 1 first), where their slider stands.
    private(set) var sliders: [Rating]
    /// Per player, whether their rating is locked in.
    private(set) var locked: [Bool]

    init(start: Rating) {
        sliders = Player.allCases.map { _ in start }
        locked = Player.allCases.map { _ in false }
    }

    func slider(of player: Player) -> Rating { sliders[player.rawValue - 1] }
    func hasLocked(_ player: Player) -> Bool { locked[player.rawValue - 1] }
    var allLocked: Bool { !locked.contains(false) }
    var anyLocked: Bool { locked.contains(true) }

    /// Puts a player's slider on a rating; false (and nothing changes) once they locked in.
    @discardableResult
    mutating func set(_ rating: Rating, for player: Player) -> Bool {
        guard !hasLocked(player) else { return false }
        sliders[player.rawValue - 1] = rating
        return true
    }

    /// Locks a player's rating in; false when it already was.
    mutating func lock(_ player: Player) -> Bool {
        guard !hasLocked(player) else { return false }
        locked[player.rawValue - 1] = true
        return true
    }
}

extension Player {
    /// The player at a seat (seat 0 is player 1); nil for a seat the game does not have.
    init?(seatIndex: Int) {
        self.init(rawValue: seatIndex + 1)
    }

    /// Player 1 sits at seat 0.
    var seatIndex: Int { rawValue - 1 }
}
