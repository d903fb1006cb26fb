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
    /// False to read at the usual priority (`--plain-priority`), to compare.
    nonisolated(unsafe) static var enabled = true

    /// Runs `body` at `nice`, or as it is when the account may not raise it; says which.
    static func raised<T>(_ body: () throws -> T) rethrows -> (T, raised: Bool) {
        guard enabled else { return (try body(), false) }
        errno = 0
        let old = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let raised = errno == 0 && setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice) == 0
        defer { if raised { setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, old) } }
        return (try body(), raised)
    }
}
