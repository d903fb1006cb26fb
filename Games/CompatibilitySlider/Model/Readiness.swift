#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// In a room, between two topics: who has said they are ready for the next one. The last
/// topic's ratings stay on every terminal until both have, so neither is hurried past them.
struct Readiness: Codable, Equatable, Sendable {
    /// Per player (player 1 first), whether they are ready.
    private(set) var ready: [Bool]

    init() {
        ready = Player.allCases.map { _ in false }
    }

    func isReady(_ player: Player) -> Bool { ready[player.seatIndex] }
    var allReady: Bool { !ready.contains(false) }

    /// Marks a player ready; false when they already were.
    mutating func markReady(_ player: Player) -> Bool {
        guard !isReady(player) else { return false }
        ready[player.seatIndex] = true
        return true
    }
}
