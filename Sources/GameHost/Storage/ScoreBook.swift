#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finished rounds per game, kept across runs in `GAME/scores.json`.
public final class ScoreBook {
    /// The file in each game's data folder.
    public static let fileName = "scores.json"
    static let format = 1
    static let kept = 200

    let store: DataStore

    /// Scores kept under the store's folder.
    public init(store: DataStore) {
        self.store = store
    }

    /// Adds a round, re-reading the file under a lock so another launcher's rounds stay.
    public func record(_ result: RoundResult, game: String) throws {
        try store.update(game + "/" + Self.fileName, format: Self.format, empty: [RoundResult]()) { rounds in
            rounds.append(result)
            if rounds.count > Self.kept { rounds.removeFirst(rounds.count - Self.kept) }
        }
    }

    /// Every kept round of a game, oldest first.
    public func rounds(game: String) -> [RoundResult] {
        store.load([RoundResult].self, from: game + "/" + Self.fileName, format: Self.format) ?? []
    }

    /// The best rounds by the game's order (by default: highest score, then shortest time),
    /// then earliest; rounds the order does not rank (a fastest-win game's losses) are left out.
    public static func best(_ rounds: [RoundResult], count: Int, order: ScoreOrder = .higherIsBetter) -> [RoundResult] {
        let ranked = rounds.enumerated().filter { order.ranks($0.element) }.sorted { a, b in
            order.compare(a.element, b.element) ?? (a.offset < b.offset)
        }
        return ranked.prefix(count).map(\.element)
    }

    /// The most recent rounds, newest first.
    public static func recent(_ rounds: [RoundResult], count: Int) -> [RoundResult] {
        Array(rounds.suffix(count).reversed())
    }
}
