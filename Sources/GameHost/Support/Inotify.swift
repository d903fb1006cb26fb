#if canImport(Glibc)
import Glibc

/// Why the kernel refused an inotify instance or a watch: its `errno`.
public struct InotifyRefusal: Error {
    public let errno: Int32
}

/// One inotify instance for every folder a process watches. The kernel gives each user only
/// so many instances (`fs.inotify.max_user_instances`, 128 by default) and every hosted
/// session runs as the one hosting account, so a session takes one however many folders it
/// watches (its watchers' folder, a room's); watches are many (`max_user_watches`). The events
/// read here are handed to each `FolderWatcher` by its watch descriptor.
public final class Inotify {
    /// Readable when something changed in any folder watched.
    public let descriptor: Int32
    /// The watchers of each watch descriptor: a folder watched twice (two sessions in one test
    /// process) has one descriptor, kept until its last watcher goes.
    private var watchers: [Int32: [Weak]] = [:]

    private struct Weak {
        weak var watcher: FolderWatcher?
    }

    /// Where `drain` reads events to: made once, as a room's wake drains several times, and
    /// a buffer of 4 KB made at each (on the heap: too large for the stack) was ~1% of a
    /// follower's tick. Not zeroed: `read` fills what is looked at.
    private let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4096)
    /// An event with the longest name a folder may hold (NAME_MAX and its terminating zero).
    static let longestEvent = 16 + 255 + 1

    static let events = UInt32(IN_MODIFY | IN_MOVED_TO | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_DELETE_SELF)

    /// Throws the kernel's refusal (EMFILE at the user's `max_user_instances`).
    public init() throws(InotifyRefusal) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        // Read here: anything run before the caller looks (a deinit's close) may change errno.
        guard descriptor >= 0 else { throw InotifyRefusal(errno: errno) }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
        buffer.deallocate()
    }

    /// A watcher of `folder`; throws the kernel's refusal (ENOSPC at `max_user_watches`,
    /// ENOENT for no folder).
    public func watch(_ folder: String) throws(InotifyRefusal) -> FolderWatcher {
        FolderWatcher(in: self, watch: try add(folder))
    }

    func add(_ folder: String) throws(InotifyRefusal) -> Int32 {
        let watch = inotify_add_watch(descriptor, folder, Self.events)
        guard watch >= 0 else { throw InotifyRefusal(errno: errno) }
        return watch
    }

    func register(_ watcher: FolderWatcher) {
        watchers[watcher.watch, default: []].append(Weak(watcher: watcher))
    }

    /// A watcher went (from its deinit, where its weak references are already nil): the
    /// kernel's watch goes with the last one.
    func unregister(_ watch: Int32) {
        guard var list = watchers[watch] else { return }
        list.removeAll { $0.watcher == nil }
        watchers[watch] = list.isEmpty ? nil : list
        if list.isEmpty { inotify_rm_watch(descriptor, watch) }
    }

    /// Reads away the events waiting and gives each watcher the names of the files they were
    /// about (an event about the folder itself, the empty name).
    func drain() {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            guard count > 0 else { break }
            // The kernel hands over as many whole events as fit: room left for the longest
            // one means none was waiting, so another read would only fail (EAGAIN). A wake
            // of a room's seat read twice for every line of its journal.
            let emptied = count <= buffer.count - Self.longestEvent
            // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of name.
            var offset = 0
            while offset + 16 <= count {
                func word(_ at: Int) -> UInt32 {
                    UInt32(buffer[at]) | UInt32(buffer[at + 1]) << 8 | UInt32(buffer[at + 2]) << 16
                        | UInt32(buffer[at + 3]) << 24
                }
                let watch = Int32(bitPattern: word(offset))
                let length = Int(word(offset + 12))
                let name = String(decoding: buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 },
                                  as: UTF8.self)
                for entry in watchers[watch] ?? [] { entry.watcher?.changed.insert(name) }
                // The kernel dropped the watch (its folder went): no watcher removes it again.
                if word(offset + 4) & UInt32(IN_IGNORED) != 0 { watchers[watch] = nil }
                offset += 16 + length
            }
            if emptied { break }
        }
    }
}
#endif
