import Foundation

// Model/TugOfWarRope.swift — the rules: the knot starts in the middle; at each step it moves
// one mark toward the side that pulled more since the last step, and a side that brings it
// to its own end wins.
struct TugOfWarRope: Equatable, Encodable {
    static let reach = 8

    /// Where the knot is: -reach is Player 1's end, +reach Player 2's.
    private(set) var knot = 0
    /// Pulls since the last step, Player 1's first.
    private(set) var pulls = [0, 0]

    var winner: Int? { knot <= -Self.reach ? 0 : knot >= Self.reach ? 1 : nil }

    mutating func pull(_ player: Int) {
        guard winner == nil else { return }
        pulls[player] += 1
    }

    /// One step of time: the knot moves toward the stronger pull, or stays on a tie.
    mutating func step() {
        guard winner == nil else { return }
        knot += pulls[1] > pulls[0] ? 1 : pulls[0] > pulls[1] ? -1 : 0
        pulls = [0, 0]
    }
}
