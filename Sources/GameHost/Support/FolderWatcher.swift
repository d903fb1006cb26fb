#if canImport(Glibc)
import Glibc

/// Wakes a process when a folder changes, through inotify: it sleeps in `poll` on
/// `descriptor` with the keyboard, and never polls the disk. A room's processes watch the
/// room's folder (its journal grows, its state file is replaced, a seat's process closes its
/// seat file on the way out); a hosted session watches its watchers' folder (a mark comes or
/// goes). A process's watchers share one `Inotify`, so `descriptor` may wake for another's folder.
public final class FolderWatcher {
    let inotify: Inotify
    /// The kernel's watch descriptor of the folder, in `inotify`.
    let watch: Int32
    /// Names of the folder's files changed since the last `drain` (filled by `Inotify.drain`).
    var changed: Set<String> = []

    /// Readable when something changed (here, or in another folder of the same `Inotify`).
    public var descriptor: Int32 { inotify.descriptor }

    /// Watches `folder` in an inotify instance of its own (a process that watches one folder;
    /// `Inotify.watch` shares one); nil when the kernel refuses the instance or the watch.
    public convenience init?(folder: String) {
        guard let inotify = try? Inotify(), let watch = try? inotify.add(folder) else { return nil }
        self.init(in: inotify, watch: watch)
    }

    init(in inotify: Inotify, watch: Int32) {
        self.inotify = inotify
        self.watch = watch
        inotify.register(self)
    }

    deinit { inotify.unregister(watch) }

    /// Reads away the events waiting; returns the names of the files of this folder they were
    /// about (empty when there were none).
    @discardableResult
    public func drain() -> Set<String> {
        inotify.drain()
        defer { changed = [] }
        return changed
    }

    /// Whether something changed in this folder since the last `drain`, reading the events
    /// waiting first (another folder's are kept for its watcher).
    public func hasChanges() -> Bool {
        inotify.drain()
        return !changed.isEmpty
    }

    /// Waits up to `milliseconds` (forever when negative) for a change to this folder; true
    /// when one came.
    public func wait(milliseconds: Int32) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        while !hasChanges() {
            let left = milliseconds < 0 ? -1 : Int32(max(0, (deadline - .now) / .milliseconds(1)).rounded(.up))
            var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            guard poll(&descriptors, 1, left) > 0 else { return false }
        }
        return true
    }
}
#endif
