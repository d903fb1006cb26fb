#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The idle time-out of a hosted session (`hosting.idleTimeout`): a player who presses no key
/// for that long gives their place back. The deadline is one of the session's own (see
/// `nextDue`), so an idle runner wakes for it as it does for a tick, and a test's clock
/// reaches it as it reaches a timer.
extension Session {
    /// After a key, a click, a paste or an intent of the player: the time-out starts again.
    func noteActivity(_ input: Input) {
        guard let timeout = setup.hosting?.idleTimeout else { return }
        switch input {
        case .key, .mouse, .paste, .intent:
            idleDue = [elapsed + timeout, setup.timeLimit?.after].compactMap { $0 }.min()
        case .tick, .timer, .hold: break
        }
    }

    /// No key came in time: the game is saved as on a hang-up (a round in play stays in its
    /// journal, to resume on the next visit), the session says why, and ends.
    func timeOut() {
        if let limit = setup.timeLimit, elapsed >= limit.after {
            farewell = limit.farewell
            idleDue = nil
            return finish()
        }
        let idle = setup.hosting?.idleTimeout.map { Self.spoken($0) } ?? "a while"
        farewell = journal?.roundInPlay == true
            ? "No key for \(idle): your game is saved; connect again to resume."
            : "No key for \(idle): the session has ended; connect again to play."
        idleDue = nil
        finish()
    }

    /// A time-out in words: "30 minutes", "1 hour", "90 seconds".
    static func spoken(_ duration: Duration) -> String {
        let seconds = Int(duration.components.seconds)
        func count(_ n: Int, _ unit: String) -> String { "\(n) \(unit)\(n == 1 ? "" : "s")" }
        if seconds >= 3600, seconds % 3600 == 0 { return count(seconds / 3600, "hour") }
        if seconds >= 60, seconds % 60 == 0 { return count(seconds / 60, "minute") }
        return count(seconds, "second")
    }
}
