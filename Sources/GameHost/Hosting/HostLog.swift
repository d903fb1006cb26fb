#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `HOST/host.log`: what hosted sessions have to tell the operator, who sees none of their
/// terminals (a session's standard error is its player's). One line each, with its time (UTC)
/// and process. Each thing is said once, not by every session that meets it, so the log grows
/// only with new news.
struct HostLog {
    let path: String

    init(hostDirectory: String) {
        path = hostDirectory + "/host.log"
    }

    /// Appends `message` unless the log holds it already, under the log's lock (two sessions
    /// meeting the same limit at once write it once); true when it was written.
    @discardableResult
    func once(_ message: String, now: Date) -> Bool {
        let descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else { return false }
        let text = FileBytes.contents(path, limit: 1 << 20).map { String(decoding: $0, as: UTF8.self) } ?? ""
        guard !text.contains(message) else { return false }
        let line = "\(TimeText.dateAndMinute(now, in: TimeZone(secondsFromGMT: 0)!)) UTC pid \(getpid()): \(message)\n"
        return Array(line.utf8).withUnsafeBytes { writeAll(descriptor, $0) } == 0
    }
}
