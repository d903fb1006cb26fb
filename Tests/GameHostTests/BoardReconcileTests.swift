import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// A round in a player's own scores but not on the shared board (a session killed between the
/// two writes, audit C13) reaches the board on the player's next visit, once.
@Suite struct BoardReconcileTests {
    let host = TestDriver.temporaryDirectory()

    func driver(_ name: String) throws -> TestDriver {
        try TestDriver(games: [GameEntry(CounterGame.self)], play: "counter", dataDirectory: host, player: name)
    }

    var board: [HostBoard.Entry] { HostBoard(directory: host + "/scoreboard", report: { _ in }).entries(game: "counter") }

    @Test func aRoundMissingFromTheBoardReachesItOnTheNextVisitOnce() throws {
        defer { try? FileManager.default.removeItem(atPath: host) }
        let ann = try driver("ann")
        ann.press(.up, .up, .up, .up, .up)
        #expect(board.count == 1)
        // As a kill after the player's own save and before the board's: only the scores have it.
        var lost = RoundResult(score: 9, summary: "lost to a kill")
        lost.date = Date(timeIntervalSince1970: 1_800_000_000)
        try ann.session.setup.scores.record(lost, game: "counter")
        #expect(board.count == 1)

        _ = try driver("ann")
        #expect(board.map(\.round.summary) == ["lost to a kill", "reached 5"], "\(board)")
        #expect(board.allSatisfy { $0.player == "ann" })
        // Another visit finds nothing missing: no round twice, the file not even written.
        let file = host + "/scoreboard/counter.json"
        let written = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
        usleep(20_000)
        _ = try driver("ann")
        #expect(board.count == 2)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date == written)
    }

    @Test func aRoundTheBoardLeftOutOnPurposeStaysOut() throws {
        defer { try? FileManager.default.removeItem(atPath: host) }
        let scoreboard = HostBoard(directory: host + "/scoreboard", report: { _ in })
        func round(_ score: Int, _ second: Double) -> RoundResult {
            var round = RoundResult(score: score, summary: "\(score)")
            round.date = Date(timeIntervalSince1970: second)
            return round
        }
        // Two better rounds of others fill a board of… the board's own limit is 100: fill it.
        for index in 0..<HostBoard.kept {
            try scoreboard.record(round(100, Double(index)), player: "p\(index)", game: "counter")
        }
        try scoreboard.record(round(50, 1000), player: "ann", game: "counter")
        // ann's weaker round, ranked past the 100 and not her best, was never on the board.
        let weak = round(1, 2000)
        #expect(try scoreboard.reconcile([round(50, 1000), weak], player: "ann", game: "counter") == 0)
        #expect(!scoreboard.entries(game: "counter").contains { $0.round == weak })
        #expect(scoreboard.entries(game: "counter").count == HostBoard.kept + 1)
    }
}
