import Foundation
@testable import GameHost
import GameHostTesting

/// Fuzz check (Fuzz/Targets/scores.swift): the bytes as a game's scores.json.
///
/// Rounds the score book accepts must read back the same after saving, rank into at most
/// five best and ten recent, and draw on the Scores screen into frames that fit, scrolled to
/// the top and to the bottom.
enum ScoresFuzz {
    static func problems(_ bytes: [UInt8]) -> [String] {
        let store = DataStore(directory: "/nonexistent", report: { _ in })
        guard let rounds = try? store.decode([RoundResult].self, from: Data(bytes), format: ScoreBook.format) else {
            return []
        }
        var failures: [String] = []
        let encoded = try? JSONEncoder().encode(rounds)
        if encoded.flatMap({ try? JSONDecoder().decode([RoundResult].self, from: $0) }) != rounds {
            failures.append("the rounds do not read back the same after encoding")
        }

        let best = ScoreBook.best(rounds, count: 5)
        if best.count != min(5, rounds.count) { failures.append("\(best.count) best of \(rounds.count) rounds") }
        if zip(best, best.dropFirst()).contains(where: { $0.score < $1.score }) { failures.append("best rounds out of order") }
        if ScoreBook.recent(rounds, count: 10) != Array(rounds.suffix(10).reversed()) { failures.append("recent rounds wrong") }

        let model = ScoresViewModel(game: GameInfo(id: "fuzz", title: "Fuzz", summary: "A game"), rounds: rounds,
                                    timeZone: TimeZone(identifier: "UTC")!)
        for size in ConformanceSuite.sizes {
            model.send(.scroll(-100))
            failures += Fuzzing.frameProblems(ScoresView().render(model, in: size), size: size, context: "scores at \(size)")
            model.send(.scroll(100))
            failures += Fuzzing.frameProblems(ScoresView().render(model, in: size), size: size,
                                              context: "scores scrolled down at \(size)")
        }
        failures += boardProblems(rounds)
        return failures
    }

    /// The same rounds on a host's shared board, each named by its own summary (any text a
    /// file edited by hand could hold): ranked, limited, and drawn inert into frames that fit.
    static func boardProblems(_ rounds: [RoundResult]) -> [String] {
        var entries: [HostBoard.Entry] = []
        for round in rounds { entries = HostBoard.adding(.init(player: round.summary, round: round), to: entries) }
        var failures: [String] = []
        if entries != HostBoard.ranked(entries) { failures.append("the board is out of order") }
        // The best of everyone, and at most one more per player (their best, when below).
        if entries.count > HostBoard.kept + Set(entries.map(\.player)).count {
            failures.append("the board keeps \(entries.count) rounds")
        }
        if entries.contains(where: { TextSanitizer.hasUnsafe($0.shownName) }) { failures.append("a name is shown unsafe") }
        let board = BoardRows(entries: entries, player: entries.last?.player ?? "")
        let model = ScoresViewModel(game: GameInfo(id: "fuzz", title: "Fuzz", summary: "A game"), rounds: rounds,
                                    board: { board }, timeZone: TimeZone(identifier: "UTC")!)
        for size in ConformanceSuite.sizes {
            model.send(.scroll(-100))
            failures += Fuzzing.frameProblems(ScoresView().render(model, in: size), size: size, context: "board at \(size)")
            model.send(.scroll(100))
            failures += Fuzzing.frameProblems(ScoresView().render(model, in: size), size: size,
                                              context: "board scrolled down at \(size)")
        }
        return failures
    }
}
