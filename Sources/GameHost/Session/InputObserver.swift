/// A concern that follows every input the session handled, each on its own: the game's
/// journal, the hosted session's idle time and registry line, the `--trace` record. A new
/// per-input concern is a new observer, not another line in the session's input path.
///
/// Observers hear inputs in the order they were added; none hears a replay's inputs (a
/// replay repeats what was recorded already).
protocol InputObserver: AnyObject {
    /// An input was handled: the intent it became, the effects carried out, and whether it
    /// went to the journaled game's own screen (`byGame`) rather than a host screen over it.
    func didHandle(_ input: Session.Input, byGame: Bool, intent: AnyEncodable?, effects: [HostEffect],
                   in session: Session)
    /// A round was reported to the session's scores; `kept` is its journal when it was played
    /// elsewhere (a room's), nil for a round of the session's own game.
    func didReportRound(_ result: RoundResult, game: String, kept: String?, in session: Session)
}

extension InputObserver {
    func didReportRound(_ result: RoundResult, game: String, kept: String?, in session: Session) {}
}
