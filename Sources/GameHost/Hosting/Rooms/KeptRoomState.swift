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

/// A room's `room.json` as one process last read it, decoded again only when the file is
/// another: every seat looks at its room once a second (`Rooms.observe`), and decoding it
/// cost more than the rest of that look. The file read is kept open, so its inode cannot be
/// given to a later file while kept: the path naming the same device and inode, with the
/// same size and times, is the same file unchanged, since the state is only ever replaced
/// whole (a new file renamed over it, `Rooms.write`), never written in place.
final class KeptRoomState {
    private var descriptor: Int32 = -1
    private var status = stat()
    private var state: RoomState?
    /// How many times the file was read and decoded (for the tests).
    private(set) var decodes = 0

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The state at `path` now; nil when there is none (or it cannot be read).
    func read(_ path: String) -> RoomState? {
        var now = stat()
        guard stat(path, &now) == 0 else { forget(); return nil }
        if descriptor >= 0, Self.same(now, status) { return state }
        forget()
        let opened = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard opened >= 0 else { return nil }
        var read = stat()
        guard fstat(opened, &read) == 0, let data = FileBytes.contents(descriptor: opened, status: read) else {
            close(opened)
            return nil
        }
        decodes += 1
        guard let decoded = try? JSONDecoder().decode(RoomState.self, from: data) else {
            close(opened)
            return nil
        }
        (descriptor, status, state) = (opened, read, decoded)
        return decoded
    }

    private func forget() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        state = nil
    }

    private static func same(_ a: stat, _ b: stat) -> Bool {
        a.st_dev == b.st_dev && a.st_ino == b.st_ino && a.st_size == b.st_size
            && a.st_mtim.tv_sec == b.st_mtim.tv_sec && a.st_mtim.tv_nsec == b.st_mtim.tv_nsec
            && a.st_ctim.tv_sec == b.st_ctim.tv_sec && a.st_ctim.tv_nsec == b.st_ctim.tv_nsec
    }
}
