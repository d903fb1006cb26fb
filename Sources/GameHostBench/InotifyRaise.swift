import Foundation
import GameHost

/// The inotify instances a user may hold (`fs.inotify.max_user_instances`), raised for a
/// benchmark's run when its sessions need more, and put back by the cleanup. Every hosted
/// session takes one, all as the benchmark's account; a session refused one reads its room's
/// journal over and over (`RoomViewModel.followPace`), which is not what a benchmark measures.
struct InotifyRaise {
    let path: String
    let old: Int
    let new: Int

    /// Raises the limit at `path` to what `sessions` sessions are advised; nil when it is
    /// enough already, or cannot be read (no /proc). The old value is kept for `restore`.
    static func ifNeeded(for sessions: Int, path: String = InotifyLimit.path) throws -> InotifyRaise? {
        guard let old = InotifyLimit.current(path: path), old < InotifyLimit.needed(maxSessions: sessions) else {
            return nil
        }
        let raise = InotifyRaise(path: path, old: old, new: InotifyLimit.advised(maxSessions: sessions))
        do { try raise.write(raise.new) } catch {
            throw BenchError("cannot raise \(path) from \(old) to \(raise.new) for \(sessions) sessions: \(error)")
        }
        return raise
    }

    /// Puts the old value back.
    func restore() throws { try write(old) }

    private func write(_ value: Int) throws {
        try "\(value)\n".write(toFile: path, atomically: false, encoding: .utf8)
    }
}
