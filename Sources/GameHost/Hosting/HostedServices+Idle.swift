/// The idle time-out of a hosted session (`hosting.idleTimeout`): a player who presses no key
/// for that long gives their place back. The deadline is one of the session's own (see
/// `Session.nextDue`), so an idle runner wakes for it as it does for a tick, and a test's
/// clock reaches it as it reaches a timer.
extension HostedServices {
    /// After a key, a click, a paste or an intent of the player: the time-out starts again.
    func noteActivity(_ input: Session.Input) {
        guard let timeout = setup.idleTimeout else { return }
        switch input {
        case .key, .mouse, .paste, .intent:
            idleDue = session.elapsed + timeout
        case .tick, .timer, .hold: break
        }
    }

    /// No key came in time: the game is saved as on a hang-up (a round in play stays in its
    /// journal, to resume on the next visit), the session says why, and ends.
    func timeOut() {
        let idle = setup.idleTimeout.map { Session.spoken($0) } ?? "a while"
        session.farewell = session.gameJournal.writer?.roundInPlay == true
            ? "No key for \(idle): your game is saved; connect again to resume."
            : "No key for \(idle): the session has ended; connect again to play."
        idleDue = nil
        session.finish()
    }
}
