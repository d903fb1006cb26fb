#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import GameHost
import Synchronization

/// The temporary folders this process made for checks and tests, removed when it exits.
/// Tests share one host folder among several sessions and often cannot say which of them
/// is the last to let go of it; the process's end is the one moment none still needs it.
package enum ScratchFolders {
    private static let made = Mutex<[String]?>(nil)

    /// A new empty folder under the system's temporary folder, removed at exit.
    package static func make(prefix: String) -> String {
        let path = Path.join(Path.temporaryDirectory(), prefix) + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        remember(path)
        return path
    }

    /// Removes `path` when the process exits (a folder made elsewhere, such as the end-to-end
    /// tests' scratch folders).
    package static func remember(_ path: String) {
        made.withLock { paths in
            if paths == nil {
                paths = []
                atexit { ScratchFolders.removeAll() }
            }
            paths?.append(path)
        }
    }

    private static func removeAll() {
        let paths = made.withLock { paths -> [String] in
            defer { paths = [] }
            return paths ?? []
        }
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }
}
