#if canImport(Glibc)
import Glibc

/// Wakes a follower when a room's folder changes (its journal grows, its state file is
/// replaced, a seat's process closes its seat file on the way out), through inotify: the
/// follower sleeps in `poll` on `descriptor` with the keyboard, and never polls the disk.
public final class RoomWatcher {
    /// Readable when something changed; `drain` empties it.
    public let descriptor: Int32

    public init?(folder: String) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let events = UInt32(IN_MODIFY | IN_MOVED_TO | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_DELETE_SELF)
        guard inotify_add_watch(descriptor, folder, events) >= 0 else {
            close(descriptor)
            return nil
        }
    }

    deinit { close(descriptor) }

    /// Reads away the events waiting; true when there were any.
    @discardableResult
    public func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var any = false
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 { any = true }
        return any
    }

    /// Waits up to `milliseconds` (forever when negative) for a change; true when one came.
    public func wait(milliseconds: Int32) -> Bool {
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        return poll(&descriptors, 1, milliseconds) > 0
    }
}
#endif
