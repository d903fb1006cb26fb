import GameHost

/// Memorize for two to four players taking turns at one board: whose turn it is, each
/// player's points and pairs, and their ranking at the end. One code path for one terminal
/// (input without a seat is the player on turn's) and a room (a seat not on turn is ignored).
extension GameViewModel {
    /// The player on turn while a game of several players goes on; nil alone or at the end.
    var turn: Seat? {
        guard let turns = round.turns, !game.isOver else { return nil }
        return Seat(turns.current)
    }

    /// Whether input from `seat` counts now: nil always (the player on turn at the one
    /// terminal), a seat only on its turn (or when nobody's turn it is).
    func mayAct(_ seat: Seat?) -> Bool {
        guard let seat, let turn else { return true }
        return seat == turn
    }

    /// Each player's points and pairs, player 1 first; empty for one player.
    var tallies: [Turns.Tally] { round.turns?.tallies ?? [] }

    /// The players from best to worst, with shared places; empty for one player.
    var ranking: [(player: Int, place: Int, tally: Turns.Tally)] { round.turns?.ranking ?? [] }

    /// In a room the seated player's name (sanitized), else "Player 2".
    func name(_ player: Int) -> String {
        let seated = context.seatNames()
        if seated.indices.contains(player), let name = seated[player].map({ TextSanitizer.clean($0).trimmed }), !name.isEmpty {
            return name
        }
        return "Player \(player + 1)"
    }
    func shortName(_ player: Int) -> String { "P\(player + 1)" }
    static let youMark = " (you)"
    static let finalScores = "Final scores"

    /// "Player 1: 4" or, short, "P1 4".
    func tallyText(_ player: Int, short: Bool) -> String {
        let points = tallies.indices.contains(player) ? tallies[player].points : 0
        return short ? "\(shortName(player)) \(points)" : "\(name(player)): \(points)"
    }

    /// "1. Player 2 — 8 points, 4 pairs" for each player, best first.
    var rankingLines: [String] {
        ranking.map { rank in
            let pairs = rank.tally.pairs == 1 ? "1 pair" : "\(rank.tally.pairs) pairs"
            return "\(rank.place). \(name(rank.player)) — \(Self.points(rank.tally.points)), \(pairs)"
        }
    }

    /// "1 point", "-1 points", "0 points" (audit K1).
    static func points(_ count: Int) -> String { count == 1 ? "1 point" : "\(count) points" }

    /// "Player 2 wins with 8 points!" or "Player 1 and Player 3 tie with 6 points!"
    var winnerText: String {
        let best = ranking.filter { $0.place == 1 }
        guard let first = best.first else { return "" }
        if best.count == 1 { return "\(name(first.player)) wins with \(Self.points(first.tally.points))!" }
        let names = best.map { name($0.player) }
        return "\(names.dropLast().joined(separator: ", ")) and \(names.last!) tie with \(Self.points(first.tally.points))!"
    }

    /// The header's right side with several players: whose turn, and the pairs found.
    /// Short, for a narrow terminal: "P2's turn · 1/8".
    func status(for seat: Seat?, short: Bool = false) -> String {
        guard round.turns != nil else { return status }
        let pairs = short ? "\(game.matchedPairCount)/\(game.pairCount)" : "\(game.matchedPairCount) of \(game.pairCount) pairs"
        guard let turn else { return (short ? "Over · " : "Game over · ") + pairs }
        let whose = seat == turn ? "Your turn" : "\((short ? shortName : name)(turn.index))'s turn"
        return whose + " · " + pairs
    }

    /// Why a seat's keys do nothing while another player is on turn.
    var waitText: Prose<Intent> {
        guard let turn else { return "Nothing to wait for." }
        return "It is \(name(turn.index))'s turn: yours comes when they miss."
    }

    func playersMessage(_ turns: Turns) -> Prose<Intent> {
        if game.isOver { return "\(winnerText) \(key: .newGame) plays again." }
        let next = name(turns.current)
        switch game.lastOutcome {
        case nil: return "\(next) begins: \(key: .choose) turns a card."
        case .turned: return "Now find its partner."
        case .matched: return "A match! +\(lastChange) for \(next), who goes again."
        case .mismatched:
            return lastChange < 0 ? "No match: \(lastChange) for cards seen before. \(next)'s turn." : "No match. \(next)'s turn."
        }
    }
}
