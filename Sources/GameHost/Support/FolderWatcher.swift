#if canImport(Glibc)
import Glibc

/// Wakes a process when a folder changes, through inotify: it sleeps in `poll` on
/// `descriptor` with the keyboard, and never polls the disk. A room's processes watch the
/// room's folder (its journal grows, its state file is replaced, a seat's process closes its
/// seat file on the way out); a hosted session watches its watchers' folder (a mark comes or goes).
public final class FolderWatcher {
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

    /// Reads away the events waiting; returns the names of the files they were about
    /// (empty when there were none).
    @discardableResult
    public func drain() -> Set<String> {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var names: Set<String> = []
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of name.
            var offset = 0
            while offset + 16 <= count {
                let length = Int(buffer[offset + 12]) | Int(buffer[offset + 13]) << 8
                    | Int(buffer[offset + 14]) << 16 | Int(buffer[offset + 15]) << 24
                let name = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                names.insert(String(decoding: name, as: UTF8.self))
                offset += 16 + length
            }
        }
        return names
    }

    /// Waits up to `milliseconds` (forever when negative) for a change; true when one came.
    public func wait(milliseconds: Int32) -> Bool {
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        return poll(&descriptors, 1, milliseconds) > 0
    }
}
#endif
