#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The journals of a game's last finished rounds, `GAME/journals/DATE.jsonl`, named for the
/// time the round was reported, so the Scores screen finds a round's journal by its date.
struct JournalHistory {
    let folder: String

    static func name(for date: Date) -> String {
        // Milliseconds too: two rounds may end within a second.
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down)) % 1000
        return TimeText.fileStamp(date) + "-" + TimeText.digits(milliseconds, 3) + ".jsonl"
    }

    func path(for date: Date) -> String { folder + "/" + Self.name(for: date) }

    /// Copies the journal as it is now, then removes the oldest beyond `limit`.
    func keep(_ journal: String, for date: Date, limit: Int) {
        let manager = FileManager.default
        try? manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let target = path(for: date)
        try? manager.removeItem(atPath: target)
        try? manager.copyItem(atPath: journal, toPath: target)
        let kept = ((try? manager.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".jsonl") }.sorted()
        for old in kept.dropLast(limit) { try? manager.removeItem(atPath: folder + "/" + old) }
    }
}
