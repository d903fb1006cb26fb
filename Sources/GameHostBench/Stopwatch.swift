import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The benchmark's own thread raised above the processes it measures while it measures. It
/// reads every terminal from one thread: on a machine kept busy by hundreds of sessions, it
/// would otherwise wait its turn for a core like they do, and a frame would be stamped when the
/// benchmark got round to reading it rather than when it came. The clients, sshd and the
/// games are spawned before and keep the usual priority; on Linux a nice value is a thread's
/// own, so only this thread is raised.
enum Stopwatch {
    static let nice: Int32 = -10

    /// Runs `body` at `nice` if `raising` (false: `--plain-priority`, to compare); says whether
    /// raising was asked for and refused (an account that may not raise it).
    static func raised<T>(if raising: Bool, _ body: () throws -> T) rethrows -> (T, refused: Bool) {
        guard raising else { return (try body(), false) }
        errno = 0
        let old = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let raised = errno == 0 && setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice) == 0
        defer { if raised { setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, old) } }
        return (try body(), !raised)
    }
}
