#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// When a session ends by itself: at its time limit (`Setup.timeLimit`, the sign-up screen's),
/// or, hosted, when its player pressed no key for too long (`HostedServices.timeOut`).
extension Session {
    /// The earlier of the two, on the session's time since it started; nil: neither.
    var idleDue: Duration? {
        Duration.earliest(hosting?.idleDue, setup.timeLimit?.after)
    }

    /// The time limit or the idle time-out was reached: the session says why, and ends.
    func timeOut() {
        if let limit = setup.timeLimit, elapsed >= limit.after {
            farewell = limit.farewell
            return finish()
        }
        hosting?.timeOut()
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
