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

/// The journals of a game's last finished rounds, `GAME/journals/DATE.jsonl`, named for the
/// time the round was reported, so the Scores screen finds a round's journal by its date.
struct JournalHistory {
    let folder: String

    /// The history's folder in a game's folder.
    static let folderName = "journals"

    static func name(for date: Date) -> String {
        // Milliseconds too: two rounds may end within a second.
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down)) % 1000
        return TimeText.fileStamp(date) + "-" + TimeText.digits(milliseconds, 3) + ".jsonl"
    }

    func path(for date: Date) -> String { folder + "/" + Self.name(for: date) }

    /// Copies the journal as it is now, then removes the oldest beyond `limit`. Under a
    /// player's folder cap the oldest kept journals (any game's) make room for the copy; a
    /// copy that still would not fit is not made.
    func keep(_ journal: String, for date: Date, limit: Int, within cap: FolderLimit? = nil) {
        let manager = FileManager.default
        let target = path(for: date)
        try? manager.removeItem(atPath: target)
        if let cap {
            var status = stat()
            guard lstat(journal, &status) == 0, cap.room(wanting: Int(status.st_size)) >= Int(status.st_size)
            else { return }
        }
        try? manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // The crash tests' kill points (nothing unless GAMEHOST_KILL_AT is set): see `CrashPoint`.
        CrashPoint.step()
        try? manager.copyItem(atPath: journal, toPath: target)
        let kept = ((try? manager.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".jsonl") }.sorted()
        for old in kept.dropLast(limit) {
            CrashPoint.step()
            try? manager.removeItem(atPath: folder + "/" + old)
        }
    }
}
