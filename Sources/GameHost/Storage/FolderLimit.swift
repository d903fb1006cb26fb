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
    /// would take the folder past the limit, even with the oldest kept journals removed.
    func allows(writing count: Int, over target: String) throws(StoreError) {
        var status = stat()
        let replaced = lstat(target, &status) == 0 ? Int(status.st_size) : 0
        guard room(wanting: count - replaced) >= count - replaced else { throw .overLimit(folder: folder, limit: bytes) }
    }

    /// The bytes the folder may still take. While fewer than `wanted` are free, the journals
    /// of finished rounds (`GAME/journals/*.jsonl`, every game's) are removed, oldest first:
    /// they are kept for replays only, and a player's own files, a live journal and the
    /// rounds' scores matter more.
    func room(wanting wanted: Int) -> Int {
        var free = bytes - Self.size(of: folder)
        guard free < wanted else { return free }
        let kept = keptJournals().map { ($0, Self.size(of: $0)) }
        // None goes for a write they could not make room for.
        guard free + kept.reduce(0, { $0 + $1.1 }) >= wanted else { return free }
        for (old, size) in kept where free < wanted {
            guard unlink(old) == 0 else { continue }
            free += size
        }
        return free
    }

    /// The kept journals of every game in the folder, oldest first (their names are the times
    /// their rounds ended).
    func keptJournals() -> [String] {
        var found: [(name: String, path: String)] = []
        for game in Path.names(in: folder) ?? [] {
            let history = folder + "/" + game + "/" + JournalHistory.folderName
            for name in Path.names(in: history) ?? [] where name.hasSuffix(".jsonl") {
                found.append((name, history + "/" + name))
            }
        }
        return found.sorted { ($0.name, $0.path) < ($1.name, $1.path) }.map(\.path)
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
