/// How a game's finished rounds compare: what the Scores screen's best list, the host's
/// board and a room's results rank by. A game says it in `GameInfo.scoreOrder`.
public enum ScoreOrder: String, Sendable, Hashable, CaseIterable {
    /// The higher score is better; a tie goes to the shorter round. Every game before
    /// contract 2.5 ranks so, and it stays the default.
    case higherIsBetter
    /// The lower score is better (strokes, moves, mistakes); a tie goes to the shorter round.
    case lowerIsBetter
    /// A round scored above 0 is a win, and the shorter win is better (a tie goes to the
    /// higher score). A lost round has no time worth ranking: it is left out of the best.
    case fastestWin

    /// Whether a round has a place among the best at all.
    public func ranks(_ round: RoundResult) -> Bool {
        self != .fastestWin || round.score > 0
    }

    /// Whether `a` is better than `b`; nil when they are equal by this order (the caller
    /// breaks the tie, by date or name, so every reader ranks the same).
    public func compare(_ a: RoundResult, _ b: RoundResult) -> Bool? {
        // A length that is not a number ranks as unknown, so the order stays an order.
        let da = a.duration.flatMap { $0.isNaN ? nil : $0 } ?? .infinity
        let db = b.duration.flatMap { $0.isNaN ? nil : $0 } ?? .infinity
        switch self {
        case .higherIsBetter:
            if a.score != b.score { return a.score > b.score }
            if da != db { return da < db }
        case .lowerIsBetter:
            if a.score != b.score { return a.score < b.score }
            if da != db { return da < db }
        case .fastestWin:
            if ranks(a) != ranks(b) { return ranks(a) }
            if da != db { return da < db }
            if a.score != b.score { return a.score > b.score }
        }
        return nil
    }
}
