import GameHost

// ViewModel/TugOfWarViewModel.swift — who pulls, the game's time, and every word.
final class TugOfWarViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable {
        /// A pull: in a room by the seat that sent it; on one terminal by `player`.
        case pull(player: Int)
        /// The game's time: a step of the rope, from no seat.
        case tick
        case again
    }

    let seating: Seating
    private(set) var rope = TugOfWarRope()
    /// The round starts with its first pull: no time passes before anyone is ready.
    private(set) var started = false

    init(_ context: GameContext) { seating = context.seating }

    var state: TugOfWarRope { rope }
    var roundInPlay: Bool? { started && rope.winner == nil }
    /// Five steps a second from the first pull until someone wins; none before or after.
    var ticks: Ticks<Intent>? { roundInPlay == true ? Ticks(every: .milliseconds(200), .tick) : nil }

    /// Who pulls with an input: a room's seat pulls for itself, whatever the key says (nil
    /// there is a spectator, who never pulls); on one terminal the key says who.
    func puller(_ intent: Intent, _ seat: Seat?) -> Int? {
        guard case .pull(let player) = intent else { return nil }
        return seating == .room ? seat?.index : player
    }

    func mayStartAgain(_ seat: Seat?) -> Bool { rope.winner != nil && (seating == .oneTerminal || seat != nil) }

    func handle(_ intent: Intent) -> [Effect<Intent>] { handle(intent, from: nil) }

    func handle(_ intent: Intent, from seat: Seat?) -> [Effect<Intent>] {
        switch intent {
        case .pull:
            guard let player = puller(intent, seat), rope.winner == nil else { return [] }
            rope.pull(player)
            started = true
        case .tick:
            rope.step()
            if let winner = rope.winner {
                return [.reportRound(RoundResult(score: 1, summary: "Player \(winner + 1) wins",
                                                 seatScores: [1 - winner, winner]))]
            }
        case .again:
            if mayStartAgain(seat) { (rope, started) = (TugOfWarRope(), false) }
        }
        return []
    }

    var status: String { rope.winner.map { "Player \($0 + 1) wins · n pulls again" } ?? "Pull!" }
}
