#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The shared best rounds of a game on a host, with each player's name, kept in
/// `HOST/scoreboard/GAME.json`.
///
/// Every session of the host adds to it as its player finishes a round, many at the same
/// moment: each addition re-reads the file under its lock and writes it atomically (the
/// `DataStore` way), so no round is lost to another session's write. A file that cannot be
/// read is moved aside and reported, never silently replaced.
public final class HostBoard {
    /// A round on the board and whose it is.
    public struct Entry: Codable, Hashable, Sendable {
        /// The player's name as the host knows it (`HostedPlayer.name`).
        public var player: String
        public var round: RoundResult
        /// The round's journal kept with it, a file name in the board's `journals/GAME/`
        /// folder, so any player can watch the round replayed; nil when none was kept.
        public var journal: String?

        public init(player: String, round: RoundResult, journal: String? = nil) {
            self.player = player
            self.round = round
            self.journal = journal
        }

        /// The name as it may be shown: a file edited by hand could hold anything, so controls
        /// are removed and the length is cut to a name's longest.
        public var shownName: String {
            let clean = TextSanitizer.clean(player)
            return clean.isEmpty ? "?" : String(clean.prefix(HostedPlayer.longestName))
        }
    }

    static let format = 1
    /// The best rounds kept of everyone, besides each player's own best; only these keep a
    /// copy of their journal.
    public static let kept = 100

    private let store: DataStore
    private let now: () -> Date

    /// The board kept in `directory` (a host's `HostedPlayer.scoreboardDirectory`).
    /// - Parameter report: tells the player, once, about a board file that was moved aside.
    public init(directory: String, now: @escaping () -> Date = Date.init, report: @escaping (String) -> Void) {
        store = DataStore(directory: directory, now: now, report: report)
        self.now = now
    }

    /// The file of a game's board, in the board's folder. Game ids are lowercase letters,
    /// digits and dashes, so an id is a safe file name.
    public static func fileName(game: String) -> String { game + ".json" }

    /// Adds a finished round of `player`, re-reading the board under its lock so rounds other
    /// sessions add at the same time stay. A round that does not make the board (below the
    /// best of everyone and the player's own best) leaves the file as it is: on a busy host
    /// most rounds do, and each write would hold every other session's lock meanwhile.
    ///
    /// - Parameter journal: the path of the round's journal, copied beside the board when the
    ///   round makes it (before the board names it); the copies of rounds the board no longer
    ///   holds are removed. Players' own folders are never read for a replay: only these copies.
    /// - Parameter order: how the game's rounds compare (`GameInfo.scoreOrder`).
    public func record(_ round: RoundResult, player: String, game: String, journal: String? = nil,
                       order: ScoreOrder = .higherIsBetter) throws {
        guard order.ranks(round) else { return }
        let name = Self.fileName(game: game)
        try store.withLock(on: name) {
            let entries = Self.ranked(store.load([Entry].self, from: name, format: Self.format) ?? [], order: order)
            var entry = Entry(player: player, round: round)
            let data = journal.flatMap { FileBytes.contents($0, limit: Journal.maximumSize) }
            if data != nil { entry.journal = player + "-" + JournalHistory.name(for: round.date ?? now()) }
            var board = Self.adding(entry, to: entries, order: order)
            guard board != entries else { return }
            // Only the best `kept` rounds keep their journal: players' own bests below them,
            // one per player however many sign up, would otherwise each keep up to a journal's limit.
            for index in board.indices.dropFirst(Self.kept) { board[index].journal = nil }
            if let data, let kept = entry.journal, board.contains(entry) {
                try store.write(data, to: Self.journalsFolder(game: game) + "/" + kept)
            }
            try save(board, game: game)
        }
    }

    /// Writes a game's board (under its lock) and removes the kept journals it no longer names.
    private func save(_ board: [Entry], game: String) throws {
        try store.save(board, to: Self.fileName(game: game), format: Self.format)
        let named = Set(board.compactMap(\.journal))
        let folder = store.path(Self.journalsFolder(game: game))
        for file in Path.names(in: folder) ?? [] where file.hasSuffix(".jsonl") && !named.contains(file) {
            try? FileManager.default.removeItem(atPath: folder + "/" + file)
        }
    }

    /// Adds the rounds of `player`'s own scores that the board misses but would hold (audit
    /// C13: a session killed between its own score and the board's update lost the round
    /// from the board), without a journal: that copy was never made. A round the board left
    /// out on purpose (below the best of everyone and the player's own best) stays out, so
    /// this changes nothing when nothing was lost; the file is written only when it does.
    /// Returns how many rounds were added.
    @discardableResult
    public func reconcile(_ rounds: [RoundResult], player: String, game: String,
                          order: ScoreOrder = .higherIsBetter) throws -> Int {
        func missing(from board: [Entry]) -> [Entry] {
            let there = Set(board.filter { $0.player == player }.map(\.round))
            return rounds.filter { $0.date != nil && order.ranks($0) && !there.contains($0) }
                .map { Entry(player: player, round: $0) }
        }
        // Read first without the lock: on most visits nothing is missing and nothing is written.
        let seen = entries(game: game, order: order)
        guard missing(from: seen).contains(where: { Self.adding($0, to: seen, order: order).contains($0) }) else {
            return 0
        }
        var added = 0
        try store.withLock(on: Self.fileName(game: game)) {
            var board = Self.ranked(store.load([Entry].self, from: Self.fileName(game: game), format: Self.format) ?? [],
                                    order: order)
            for entry in missing(from: board) {
                let next = Self.adding(entry, to: board, order: order)
                guard next.contains(entry) else { continue }
                board = next
                added += 1
            }
            guard added > 0 else { return }
            for index in board.indices.dropFirst(Self.kept) { board[index].journal = nil }
            try save(board, game: game)
        }
        return added
    }

    /// The folder of a game's kept journals, in the board's folder.
    static func journalsFolder(game: String) -> String { "journals/" + game }

    /// The kept journal of a round on the board, read; nil when none was kept (or the board
    /// file names something that is not a kept journal's name: it leads nowhere).
    public func journal(of entry: Entry, game: String) -> Data? {
        guard let kept = entry.journal, Self.isJournalName(kept) else { return nil }
        return FileBytes.contents(store.path(Self.journalsFolder(game: game) + "/" + kept), limit: Journal.maximumSize)
    }

    /// A name this board gives a kept journal: a player's name, a date, `.jsonl`, no more.
    static func isJournalName(_ name: String) -> Bool {
        name.hasSuffix(".jsonl") && !name.hasPrefix(".") && !name.hasPrefix("-") && name.count <= 80
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0)
                || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0) }
            // No "..", looked for by bytes: `contains("..")` is _StringProcessing's (docs/performance.md).
            && !zip(name.utf8, name.utf8.dropFirst()).contains { $0 == UInt8(ascii: ".") && $1 == UInt8(ascii: ".") }
    }

    /// A game's board, best first; empty when nothing was recorded (or the file was unreadable).
    public func entries(game: String, order: ScoreOrder = .higherIsBetter) -> [Entry] {
        Self.ranked(store.load([Entry].self, from: Self.fileName(game: game), format: Self.format) ?? [], order: order)
    }

    /// The board after adding `entry`: the best `limit` rounds of everyone and each player's
    /// best beside them, best first.
    public static func adding(_ entry: Entry, to entries: [Entry], limit: Int = kept,
                              order: ScoreOrder = .higherIsBetter) -> [Entry] {
        let all = ranked(entries + [entry], order: order)
        var bestOfPlayer = Set<String>()
        var kept: [Entry] = []
        for (rank, entry) in all.enumerated() {
            let isPlayersBest = bestOfPlayer.insert(entry.player).inserted
            if rank < limit || isPlayersBest { kept.append(entry) }
        }
        return kept
    }

    /// Best first by the game's order (by default the highest score, then the shortest time),
    /// then the earliest (who got there first keeps the place), then by name, so every reader
    /// ranks a board the same.
    public static func ranked(_ entries: [Entry], order: ScoreOrder = .higherIsBetter) -> [Entry] {
        entries.sorted { isBetter($0, $1, order: order) }
    }

    static func isBetter(_ a: Entry, _ b: Entry, order: ScoreOrder) -> Bool {
        if let better = order.compare(a.round, b.round) { return better }
        let ta = a.round.date ?? .distantFuture, tb = b.round.date ?? .distantFuture
        if ta != tb { return ta < tb }
        return a.player < b.player
    }
}
