import GameHost

/// The streak and the words the screen shows; a run ended by a wrong call is a round.
final class CoinViewModel: ViewModel {
    enum Intent: Codable, Sendable { case call(Streak.Side) }

    private let context: GameContext
    private(set) var streak = Streak()

    init(context: GameContext) { self.context = context }

    var state: Streak { streak }

    var question: String { "Heads or tails?" }
    var outcome: String {
        guard let toss = streak.lastToss, let right = streak.lastCallWasRight else { return "Call it." }
        return "It landed \(toss.rawValue): " + (right ? "right!" : "wrong.")
    }
    var score: String { "Streak \(streak.current)   Best \(streak.best)" }

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        guard case .call(let side) = intent else { return [] }
        let landed: Streak.Side = Bool.random(using: &context.random) ? .heads : .tails
        guard let run = streak.call(side, landed: landed) else { return [] }
        return [.reportRound(RoundResult(score: run, summary: "\(run) right in a row"))]
    }
}
