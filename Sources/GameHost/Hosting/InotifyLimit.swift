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

/// The kernel's limit on inotify instances per user (`fs.inotify.max_user_instances`, 128 by
/// default), which every hosted session counts against: each takes one (`Inotify`), and all
/// run as the hosting account. A session past the limit still plays, its rooms reading their
/// journals at their own pace (`RoomViewModel.followPace`), at a cost in processor time and
/// smoothness the operator would not see: so `host status` warns and the host's log says it.
public enum InotifyLimit {
    public static let path = "/proc/sys/fs/inotify/max_user_instances"

    /// The limit now, read from `path`; nil where it cannot be read (no /proc).
    public static func current(path: String = path) -> Int? {
        FileBytes.contents(path, limit: 64, followingLinks: true)
            .flatMap { Int(String(decoding: $0, as: UTF8.self).trimmed) }
    }

    /// The least that a host of `maxSessions` needs: one for each session, and a few for the
    /// account's other processes (a systemd user manager takes some).
    public static func needed(maxSessions: Int) -> Int { maxSessions + 32 }

    /// What to set: one for each session, and the kernel's default 128 again on top (an idle
    /// instance costs the kernel little; running short costs every room past it).
    public static func advised(maxSessions: Int) -> Int { maxSessions + 128 }

    /// How to set it, now and at every boot.
    static func fix(_ value: Int) -> String {
        "sysctl fs.inotify.max_user_instances=\(value) (and for every boot: "
            + "echo fs.inotify.max_user_instances=\(value) > /etc/sysctl.d/60-gamehost.conf)"
    }

    /// `host status`'s warning when `limit` is below what `maxSessions` sessions need; nil when
    /// it is not, or when it is not known.
    static func warning(limit: Int?, maxSessions: Int) -> String? {
        guard let limit, limit < needed(maxSessions: maxSessions) else { return nil }
        return "Warning: fs.inotify.max_user_instances is \(limit), and this host takes up to \(maxSessions) "
            + "sessions (maxSessions), each needing one, all as the hosting account. Sessions past the limit "
            + "read their rooms' journals over and over instead of being woken. Raise it as root: "
            + fix(advised(maxSessions: maxSessions)) + ".\n"
    }

    /// The host's log line when a session could not have an instance (`error`: inotify_init1's errno).
    static func refused(error: Int32, limit: Int?, maxSessions: Int) -> String {
        guard error == EMFILE else {
            return "A session could not have an inotify instance (\(String(cString: strerror(error)))): its rooms "
                + "read their journals over and over instead of being woken."
        }
        return "A session could not have an inotify instance: fs.inotify.max_user_instances (\(limit.map(String.init) ?? "?")) "
            + "is reached by the hosting account's sessions, one each. Sessions past it read their rooms' journals "
            + "over and over instead of being woken. Raise it as root: " + fix(advised(maxSessions: maxSessions)) + "."
    }

    /// The host's log line when a session could not watch a folder (`error`: inotify_add_watch's errno).
    static func watchRefused(error: Int32) -> String {
        guard error == ENOSPC else {
            return "A session could not watch a folder (\(String(cString: strerror(error)))): it reads it over and over instead."
        }
        return "A session could not watch a folder: fs.inotify.max_user_watches is reached. Sessions past it read "
            + "their rooms' journals over and over instead of being woken. Raise it as root: "
            + "sysctl fs.inotify.max_user_watches=65536 (and for every boot, a line for it in /etc/sysctl.d/60-gamehost.conf)."
    }
}
