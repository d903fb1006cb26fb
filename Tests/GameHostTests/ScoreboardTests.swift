import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// The host's shared scoreboard (issue 28): its rules (order, ties, what it keeps, names
/// shown inert) and its file (versioned, re-read under the lock, a corrupt one moved aside).
@Suite struct ScoreboardTests {
    func entry(_ player: String, _ score: Int, duration: Double? = nil, at seconds: Double = 0) -> HostBoard.Entry {
        var round = RoundResult(score: score, summary: "\(score) points", duration: duration)
        round.date = Date(timeIntervalSince1970: 1_780_000_000 + seconds)
        return HostBoard.Entry(player: player, round: round)
    }

    func board(_ entries: [HostBoard.Entry], limit: Int = HostBoard.kept) -> [HostBoard.Entry] {
        entries.reduce([]) { HostBoard.adding($1, to: $0, limit: limit) }
    }

    @Test func theHighestScoreComesFirst() {
        let ranked = board([entry("ann", 3), entry("bob", 9), entry("cy", 5)])
        #expect(ranked.map(\.player) == ["bob", "cy", "ann"])
    }

    @Test func tiesGoToTheShorterRoundThenToWhoGotThereFirst() {
        let ranked = board([entry("ann", 5, duration: 40, at: 10), entry("bob", 5, duration: 30, at: 20),
                            entry("cy", 5, duration: 40, at: 5), entry("dee", 5, at: 0)])
        #expect(ranked.map(\.player) == ["bob", "cy", "ann", "dee"], "an unknown length ranks after any known one")
        // Everything equal but the name: the name decides, so every reader ranks alike.
        #expect(board([entry("zed", 1), entry("amy", 1)]).map(\.player) == ["amy", "zed"])
        // A length that is not a number ranks as unknown rather than breaking the order.
        #expect(board([entry("nan", 5, duration: .nan), entry("ok", 5, duration: 50)]).map(\.player) == ["ok", "nan"])
    }

    @Test func itKeepsTheBestRoundsOfEveryoneAndEachPlayersBest() {
        // ann fills the board with good rounds; bob's one weak round still stays as his best,
        // and ann's weakest rounds go.
        var entries = (1...5).map { entry("ann", 10 + $0, at: Double($0)) }
        entries.append(entry("bob", 1))
        entries.append(entry("bob", 0))
        let kept = board(entries, limit: 3)
        #expect(kept.map(\.round.score) == [15, 14, 13, 1])
        #expect(kept.last?.player == "bob")
        #expect(board((0..<150).map { entry("p\($0 % 20)", $0) }).count == HostBoard.kept)
    }

    @Test func namesAreShownInert() {
        #expect(entry("ann", 1).shownName == "ann")
        #expect(entry("\u{1B}[2Jevil\u{7}", 1).shownName == "[2Jevil")
        #expect(entry(String(repeating: "x", count: 50), 1).shownName.count == HostedPlayer.longestName)
        #expect(entry("\u{1B}", 1).shownName == "?")
    }

    @Test func theFileIsVersionedAndReadBack() throws {
        let folder = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let board = HostBoard(directory: folder, report: { Issue.record("unexpected notice: \($0)") })
        try board.record(RoundResult(score: 2, summary: "two"), player: "ann", game: "counter")
        try board.record(RoundResult(score: 7, summary: "seven"), player: "bob", game: "counter")
        #expect(board.entries(game: "counter").map(\.player) == ["bob", "ann"])
        #expect(board.entries(game: "other").isEmpty)
        let text = try String(contentsOfFile: folder + "/counter.json", encoding: .utf8)
        #expect(text.contains("\"format\" : 1") && text.contains("\"player\" : \"bob\""))
        // Another process's board object sees the same.
        let other = HostBoard(directory: folder, report: { _ in })
        try other.record(RoundResult(score: 5, summary: "five"), player: "cy", game: "counter")
        #expect(board.entries(game: "counter").map(\.player) == ["bob", "cy", "ann"])
    }

    @Test func aRoundThatDoesNotMakeTheBoardLeavesTheFileAsItIs() throws {
        let folder = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let board = HostBoard(directory: folder, report: { _ in })
        for score in 1...HostBoard.kept { try board.record(RoundResult(score: score, summary: "s"), player: "ann", game: "g") }
        let before = try FileManager.default.attributesOfItem(atPath: folder + "/g.json")[.systemFileNumber] as? Int
        // Below ann's hundred best: not kept, nothing written.
        try board.record(RoundResult(score: 0, summary: "s"), player: "ann", game: "g")
        #expect(try FileManager.default.attributesOfItem(atPath: folder + "/g.json")[.systemFileNumber] as? Int == before)
        // A new player's first round is their best: kept, though below the hundred.
        try board.record(RoundResult(score: 0, summary: "s"), player: "bob", game: "g")
        #expect(try FileManager.default.attributesOfItem(atPath: folder + "/g.json")[.systemFileNumber] as? Int != before)
        #expect(board.entries(game: "g").count == HostBoard.kept + 1)
        #expect(board.entries(game: "g").last?.player == "bob")
    }

    @Test func aCorruptBoardIsMovedAsideWithANotice() throws {
        let folder = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("{\"format\": 1, \"data\": [{\"player\": 3}]}".utf8).write(to: URL(fileURLWithPath: folder + "/counter.json"))
        var notices: [String] = []
        let board = HostBoard(directory: folder, report: { notices.append($0) })
        try board.record(RoundResult(score: 4, summary: "four"), player: "ann", game: "counter")
        #expect(notices.count == 1 && notices[0].contains("counter.json could not be read"))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names.contains { $0.hasPrefix("counter.json.corrupt-") }, "the old board is kept aside: \(names)")
        #expect(board.entries(game: "counter").map(\.player) == ["ann"])
    }
}
