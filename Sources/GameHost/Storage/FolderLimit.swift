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

/// A cap on the bytes a hosted player's folder holds (`hosting.maxDataKB`): a save that would
/// take the folder past it is refused before anything is written, so what is saved stays.
public struct FolderLimit: Sendable, Equatable {
    /// The folder counted whole, every file below it.
    public let folder: String
    public let bytes: Int

    public init(folder: String, bytes: Int) {
        self.folder = folder
        self.bytes = bytes
    }

    /// Throws when writing `count` bytes over the file at `target` (replacing what it holds)
    /// would take the folder past the limit.
    func allows(writing count: Int, over target: String) throws(StoreError) {
        var status = stat()
        let replaced = lstat(target, &status) == 0 ? Int(status.st_size) : 0
        let after = Self.size(of: folder) - replaced + count
        guard after <= bytes else { throw .overLimit(folder: folder, limit: bytes) }
    }

    /// The bytes of the regular files below `path` (links are not followed).
    static func size(of path: String) -> Int {
        var status = stat()
        guard lstat(path, &status) == 0 else { return 0 }
        if (status.st_mode & S_IFMT) == S_IFREG { return Int(status.st_size) }
        guard (status.st_mode & S_IFMT) == S_IFDIR,
              let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return 0 }
        var total = 0
        for name in names { total += size(of: path + "/" + name) }
        return total
    }

    /// "2 MB", "512 KB": the limit as the player reads it.
    static func words(_ bytes: Int) -> String {
        bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0 ? "\(bytes / (1024 * 1024)) MB" : "\(bytes / 1024) KB"
    }
}
