import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// A hosted session's rounds go to the player's own scores and to the host's shared board
/// under the player's name; its Scores screen shows both. Off a host, nothing changes.
@Suite struct HostedScoresTests {
    let host = TestDriver.temporaryDirectory()

    func driver(_ name: String, size: Size = Size(width: 80, height: 24)) throws -> TestDriver {
        try TestDriver(games: [GameEntry(CounterGame.self)], play: "counter", size: size, dataDirectory: host,
                       player: name)
    }

    /// Plays one round to its end: the counter reaches 5 in five ↑.
    func playRound(_ driver: TestDriver) {
        driver.press(.up, .up, .up, .up, .up)
    }

    @Test func aHostedRoundGoesToThePlayersScoresAndToTheSharedBoard() throws {
        defer { try? FileManager.default.removeItem(atPath: host) }
        let ann = try driver("ann")
        playRound(ann)
        let own = HostedPlayer(name: "ann", hostDirectory: host).dataDirectory
        #expect(ScoreBook(store: DataStore(directory: own, report: { _ in })).rounds(game: "counter").count == 1)
        let board = HostBoard(directory: host + "/scoreboard", report: { _ in }).entries(game: "counter")
        #expect(board.map(\.player) == ["ann"])
        #expect(board.first?.round.summary == "reached 5" && board.first?.round.date != nil)
        #expect(ann.session.noticeLog.isEmpty)
    }

    @Test func theScoresScreenShowsEveryonesBestWithTheirNamesAndMarksTheOwnRows() throws {
        defer { try? FileManager.default.removeItem(atPath: host) }
        let bob = try driver("bob")
        playRound(bob)
        let ann = try driver("ann")
        // The same score a key later than bob's (each driver's clock starts at the same date).
        ann.press(.character("r"))
        playRound(ann)
        ann.press(.escape, .escape, .character("s"))
        #expect(ann.screenID == "host.scores")
        let text = ann.text
        #expect(text.contains("Everyone (points)"))
        #expect(text.contains("ann (you)") && text.contains("bob"))
        #expect(!text.contains("bob (you)"))
        // bob finished first with the same score, so he keeps the first place.
        let bobRow = try #require(ann.find("bob")).row, annRow = try #require(ann.find("ann (you)")).row
        #expect(bobRow < annRow)
        #expect(ann.frame[annRow, try #require(ann.find("ann (you)")).column].style.bold, "the player's own row stands out")
        // The player's own lists are still there.
        #expect(text.contains("Best (points)") && text.contains("Recent"))
    }

    /// Audit C7: an open Scores screen was a snapshot; another player's round that lands on
    /// the board shows within a second, the cursor staying on the row it was on.
    @Test func anOpenScoresScreenFollowsTheBoard() throws {
        defer { try? FileManager.default.removeItem(atPath: host) }
        playRound(try driver("bob"))
        let ann = try driver("ann")
        playRound(ann)
        ann.press(.escape, .escape, .character("s"))
        #expect(ann.screenID == "host.scores")
        ann.press(.tab)
        let cursorOn = try #require(ann.model(ScoresViewModel.self)?.boardEntry?.player)
        #expect(!ann.text.contains("cy"))
        playRound(try driver("cy"))
        ann.advance(by: .seconds(1))
        #expect(ann.text.contains("cy"), "cy's round is on the board:\n\(ann.text)")
        #expect(ann.model(ScoresViewModel.self)?.boardEntry?.player == cursorOn, "the cursor stays on its row")
    }

    @Test func aLargeTerminalShowsTheBoardBesideThePlayersOwnTables() throws {
        defer { try? FileManager.default.removeItem(atPath: host) }
        for name in ["bob", "cy", "dee"] { playRound(try driver(name)) }
        let ann = try driver("ann", size: Size(width: 200, height: 50))
        playRound(ann)
        ann.press(.escape, .escape, .character("s"))
        let heading = try #require(ann.lines.first { $0.contains("Everyone") })
        #expect(heading.contains("Best (points)") && heading.contains("Recent"), "three tables side by side: \(heading)")
        #expect(ann.lines.contains { $0.contains("Player") && $0.contains("Result") })
        let rounds = ann.lines.map { $0.components(separatedBy: "reached 5").count - 1 }.reduce(0, +)
        #expect(rounds == 4 + 2, "four on the board, one in each own list:\n\(ann.text)")
    }

    /// The screen as players see it, at the standard sizes, a small one and a large one:
    /// the board of four players, ann's own rows marked, ann's own lists under or beside it.
    @Test func goldenFrames() throws {
        defer { try? FileManager.default.removeItem(atPath: host) }
        for name in ["bob", "cy", "dee-the-long-name_20"] { playRound(try driver(name)) }
        let ann = try driver("ann")
        ann.press(.character("r"))
        playRound(ann)
        ann.press(.escape, .escape, .character("s"))
        let sizes = Golden.standardSizes + [Size(width: 40, height: 12), Size(width: 120, height: 30),
                                            Size(width: 200, height: 60)]
        let difference = Golden.check(ann, "host-scores-hosted", directory: HostGoldenTests.directory, sizes: sizes)
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test func aShortTerminalShowsTheBoardFirstAndFollowsTheCursorOnceMoved() throws {
        defer { try? FileManager.default.removeItem(atPath: host) }
        for name in ["bob", "cy", "dee"] { playRound(try driver(name)) }
        let ann = try driver("ann", size: Size(width: 40, height: 12))
        playRound(ann)
        ann.press(.escape, .escape, .character("s"))
        #expect(ann.text.contains("Everyone") && !ann.text.contains("›  reached"))
        ann.press(.down)
        #expect(ann.text.contains("›  reached"), "the cursor's round is in view once the player moves it")
    }

    @Test func aPlayerBelowTheShownRowsStillSeesTheirRank() throws {
        let entries = (0..<30).map { index -> HostBoard.Entry in
            HostBoard.Entry(player: "p\(index)", round: RoundResult(score: 100 - index, summary: "\(100 - index) points"))
        }
        let board = BoardRows(entries: entries, player: "p25")
        let rows = board.rows(count: BoardRows.shownInList)
        #expect(rows.map(\.rank) == Array(1...10) + [26])
        let lines = ScoresView().boardLines(ScoresViewModel(game: CounterGame.info, rounds: [], board: { board },
                                                            timeZone: TimeZone(identifier: "UTC")!),
                                            board, table: nil, count: BoardRows.shownInList, width: 60)
        #expect(lines.map(\.0).contains("     …"))
        #expect(lines.last?.0.contains("26.") == true && lines.last?.0.contains("p25 (you)") == true)
    }

    @Test func hostileNamesInTheBoardFileAreShownInert() throws {
        defer { try? FileManager.default.removeItem(atPath: host) }
        let evil = HostBoard.Entry(player: "\u{1B}]0;owned\u{7}x", round: RoundResult(score: 9, summary: "nine"))
        try FileManager.default.createDirectory(atPath: host + "/scoreboard", withIntermediateDirectories: true)
        let file = try JSONEncoder().encode(BoardFile(format: 1, data: [evil]))
        try file.write(to: URL(fileURLWithPath: host + "/scoreboard/counter.json"))
        let ann = try driver("ann")
        ann.press(.escape, .escape, .character("s"))
        #expect(ann.text.contains("]0;ownedx"))
        #expect(!ann.frame.lines.joined().unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func aCorruptBoardIsMovedAsideAndThePlayerIsTold() throws {
        defer { try? FileManager.default.removeItem(atPath: host) }
        try FileManager.default.createDirectory(atPath: host + "/scoreboard", withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: URL(fileURLWithPath: host + "/scoreboard/counter.json"))
        let ann = try driver("ann")
        playRound(ann)
        #expect(ann.session.noticeLog.contains { $0.contains("counter.json could not be read") && $0.contains("moved to") })
        let names = try FileManager.default.contentsOfDirectory(atPath: host + "/scoreboard")
        #expect(names.contains { $0.hasPrefix("counter.json.corrupt-") }, "kept aside, not replaced: \(names)")
        #expect(HostBoard(directory: host + "/scoreboard", report: { _ in }).entries(game: "counter").map(\.player) == ["ann"])
    }

    @Test func anEmptyBoardSaysSo() throws {
        defer { try? FileManager.default.removeItem(atPath: host) }
        let ann = try driver("ann")
        ann.press(.escape, .escape, .character("s"))
        #expect(ann.text.contains("No one has finished a round yet.") && !ann.text.contains("Player"))
    }

    @Test func offAHostTheScoresScreenIsUnchangedAndNoBoardIsWritten() throws {
        let driver = try TestDriver(games: [GameEntry(CounterGame.self)], play: "counter")
        playRound(driver)
        driver.press(.escape, .escape, .character("s"))
        #expect(!driver.text.contains("Everyone"))
        #expect(!FileManager.default.fileExists(atPath: driver.dataDirectory + "/scoreboard"))
    }

    struct BoardFile: Encodable {
        let format: Int
        let data: [HostBoard.Entry]
    }
}
