import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// Any player's finished round on the host's board can be watched replayed: the board keeps a
/// copy of the round's journal beside it, and the Scores screen plays that copy back. The
/// player's own folder is never read for it.
@Suite struct BoardReplayTests {
    let host = TestDriver.temporaryDirectory()

    func driver(_ name: String, size: Size = Size(width: 80, height: 24)) throws -> TestDriver {
        try TestDriver(games: [GameEntry(CounterGame.self)], play: "counter", size: size, dataDirectory: host,
                       journals: true, player: name)
    }

    var board: HostBoard { HostBoard(directory: host + "/scoreboard", report: { _ in }) }

    /// Bob finishes a round (his first is 5 ↑, one a second); Ann finishes hers a key later
    /// and opens the Scores screen.
    func annLooksAtTheBoard(size: Size = Size(width: 80, height: 24)) throws -> TestDriver {
        let bob = try driver("bob")
        bob.press(.up, .up, .up, .up, .up)
        let ann = try driver("ann", size: size)
        ann.press(.character("r"), .up, .up, .up, .up, .up, .escape, .escape, .character("s"))
        #expect(ann.screenID == "host.scores")
        return ann
    }

    @Test func aRoundOnTheBoardKeepsItsJournalBesideIt() throws {
        defer { try? FileManager.default.removeItem(atPath: host) }
        let bob = try driver("bob")
        bob.press(.up, .up, .up, .up, .up)
        let entry = try #require(board.entries(game: "counter").first)
        let kept = try #require(entry.journal)
        #expect(kept.hasPrefix("bob-") && kept.hasSuffix(".jsonl"))
        let journal = try Journal.parse(try #require(board.journal(of: entry, game: "counter")))
        #expect(journal.inputCount == 5 && journal.lines.contains(.round(inputs: 5)))
        let mode = try FileManager.default.attributesOfItem(atPath: host + "/scoreboard/journals/counter/" + kept)[.posixPermissions]
        #expect((mode as? Int).map { $0 & 0o077 == 0 || $0 == 0o644 } == true)
    }

    @Test func anotherPlayersRoundIsReplayedFromTheBoard() throws {
        defer { try? FileManager.default.removeItem(atPath: host) }
        let ann = try annLooksAtTheBoard()
        // Tab moves the cursor to the board, onto Ann's own best; ↑ to Bob's, first.
        ann.press(.tab)
        #expect(ann.model(ScoresViewModel.self)?.boardCursor == 1)
        ann.press(.up)
        let row = try #require(ann.find("bob"))
        #expect(ann.frame[row.row, row.column].style.reverse, "the cursor's row stands out")
        ann.press(.enter)
        #expect(ann.screenID == "host.replay")
        #expect(ann.text.contains("bob's round · Playing · 0 of 5 inputs"), "\(ann.text)")
        #expect(ann.text.contains("Count: 0 of 5"))
        // At its recorded pace: one input a second.
        ann.advance(by: .milliseconds(2100))
        #expect(ann.text.contains("Count: 2 of 5"), "\(ann.text)")
        ann.advance(by: .seconds(4))
        #expect(ann.text.contains("Count: 5 of 5") && ann.text.contains("bob's round · End of the round"))
        // Nothing of the replay was reported: the board and Ann's own rounds are as they were.
        #expect(board.entries(game: "counter").map(\.player) == ["bob", "ann"])
        #expect(ann.session.setup.scores.rounds(game: "counter").count == 1)
        ann.press(.escape, .tab)
        #expect(ann.screenID == "host.scores" && ann.model(ScoresViewModel.self)?.onBoard == false)
    }

    @Test func anotherPlayersRoundIsSavedAsACastInTheWatchersOwnFolder() throws {
        defer { try? FileManager.default.removeItem(atPath: host) }
        let ann = try annLooksAtTheBoard()
        ann.press(.tab, .up)
        #expect(ann.model(ScoresViewModel.self)?.boardCursor == 0)
        ann.press(.character("c"))
        #expect(ann.screenID == "host.scores")
        let folder = host + "/players/ann/counter/casts"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names.count == 1 && names[0].hasPrefix("bob-") && names[0].hasSuffix(".cast"), "\(names)")
        let text = try String(contentsOfFile: folder + "/" + names[0], encoding: .utf8)
        // Bob's round: the header, its first frame and five inputs, a second apart, and the
        // ending that shows the cursor.
        #expect(text.split(separator: "\n").count == 8, "\(text)")
        #expect(ann.text.contains("Saved as an asciinema recording"), "\(ann.text)")
        #expect(!FileManager.default.fileExists(atPath: host + "/players/bob/counter/casts"))
    }

    @Test func aClickPutsTheCursorOnARowOfEitherList() throws {
        defer { try? FileManager.default.removeItem(atPath: host) }
        for size in [Size(width: 80, height: 24), Size(width: 40, height: 12), Size(width: 200, height: 50)] {
            let ann = try annLooksAtTheBoard(size: size)
            #expect(ann.click("bob"), "\(size)")
            #expect(ann.model(ScoresViewModel.self)?.boardCursor == 0, "\(size)")
            // Under the Recent heading and its table's header: Ann's last round (off screen at 40×12).
            if let heading = ann.find("Recent"), heading.row + 2 < size.height - 1 {
                ann.click(column: heading.column + 4, row: heading.row + 2)
                #expect(ann.model(ScoresViewModel.self)?.onBoard == false, "\(size): \(ann.text)")
            }
            ann.click("bob")
            ann.press(.enter)
            #expect(ann.text.contains("bob's round"), "\(size)")
            try? FileManager.default.removeItem(atPath: host)
        }
    }

    @Test func theBoardCopyIsWhatIsReplayedNotThePlayersOwnFiles() throws {
        defer { try? FileManager.default.removeItem(atPath: host) }
        let ann = try annLooksAtTheBoard()
        // Bob's own folder emptied: the round is still there to watch.
        try FileManager.default.removeItem(atPath: host + "/players/bob")
        ann.press(.tab, .up, .enter)
        #expect(ann.screenID == "host.replay")
    }

    @Test func aBoardNamingAPathOrNoJournalLeadsNowhere() throws {
        defer { try? FileManager.default.removeItem(atPath: host) }
        for name in ["../../players/bob/counter/journal.jsonl", "/etc/passwd", ".hidden.jsonl", nil] {
            let entry = HostBoard.Entry(player: "bob", round: RoundResult(score: 5, summary: "reached 5"), journal: name)
            #expect(board.journal(of: entry, game: "counter") == nil, "\(name ?? "none")")
        }
        let ann = try driver("ann")
        try FileManager.default.createDirectory(atPath: host + "/scoreboard", withIntermediateDirectories: true)
        let forged = HostBoard.Entry(player: "eve", round: RoundResult(score: 9, summary: "nine"),
                                      journal: "../../players/ann/counter/journal.jsonl")
        try JSONEncoder().encode(HostedScoresTests.BoardFile(format: 1, data: [forged]))
            .write(to: URL(fileURLWithPath: host + "/scoreboard/counter.json"))
        ann.press(.escape, .escape, .character("s"), .tab, .enter)
        #expect(ann.screenID == "host.scores")
        #expect(ann.text.contains("No journal was kept for this round."), "\(ann.text)")
    }

    @Test func aRoundThatLeavesTheBoardTakesItsJournalWithIt() throws {
        defer { try? FileManager.default.removeItem(atPath: host) }
        let bob = try driver("bob")
        bob.press(.up, .up, .up, .up, .up)
        // A round of Bob's, better than the first, written past the board's own limit of one row.
        let journal = host + "/players/bob/counter/journals"
        let first = try #require(try FileManager.default.contentsOfDirectory(atPath: journal).first)
        var better = RoundResult(score: 9, summary: "nine")
        better.date = Date(timeIntervalSince1970: 2_000_000_000)
        let stray = host + "/scoreboard/journals/counter/stray.jsonl"
        #expect(FileManager.default.createFile(atPath: stray, contents: Data()))
        try board.record(better, player: "bob", game: "counter", journal: journal + "/" + first)
        let kept = try FileManager.default.contentsOfDirectory(atPath: host + "/scoreboard/journals/counter").sorted()
        #expect(kept == board.entries(game: "counter").compactMap(\.journal).sorted(), "no copy the board does not name")
        #expect(kept.count == 2)
    }

    /// The board with its cursor, and another player's round replayed, as players see them.
    @Test func goldenFrames() throws {
        defer { try? FileManager.default.removeItem(atPath: host) }
        let ann = try annLooksAtTheBoard()
        ann.press(.tab, .up)
        let sizes = [Size(width: 40, height: 12), Size(width: 80, height: 24), Size(width: 120, height: 30)]
        var difference = Golden.check(ann, "host-scores-board-cursor", directory: HostGoldenTests.directory, sizes: sizes)
        #expect(difference == nil, "\(difference ?? "")")
        ann.press(.enter)
        ann.advance(by: .milliseconds(2100))
        difference = Golden.check(ann, "host-replay-board", directory: HostGoldenTests.directory,
                                  sizes: [Size(width: 80, height: 24)])
        #expect(difference == nil, "\(difference ?? "")")
    }
}
