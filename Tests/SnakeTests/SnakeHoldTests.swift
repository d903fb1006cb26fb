import Foundation
import GameHost
import GameHostTesting
@testable import Snake
import Testing

/// The snake stops whenever the player cannot see it: a terminal too small for the board,
/// help or preferences over it. It waits paused, and the journal holds where it held.
@Suite struct SnakeHoldTests {
    let games = [GameEntry(SnakeGame.self)]

    /// Audit N1: it kept running under "Terminal too small", and died there.
    @Test func aTerminalTooSmallPausesTheSnake() throws {
        let driver = try TestDriver(games: games, play: "snake")
        let model = try #require(driver.model(SnakeViewModel.self))
        driver.press(.up)
        driver.advance(by: model.interval * 2)
        driver.size = Size(width: 25, height: 12)
        #expect(driver.text.contains("Terminal too small"))
        #expect(model.phase == .paused)
        let head = model.board.head
        driver.advance(by: .seconds(10))
        #expect(model.board.head == head && model.phase == .paused)
        driver.size = Size(width: 80, height: 24)
        driver.advance(by: .seconds(2))
        #expect(model.board.head == head, "back in view it waits for the player")
        #expect(driver.text.contains("Paused"))
        driver.press(.character("p"))
        driver.advance(by: model.interval)
        #expect(model.board.head != head)
    }

    @Test func helpOverTheBoardPausesTheSnake() throws {
        let driver = try TestDriver(games: games, play: "snake")
        let model = try #require(driver.model(SnakeViewModel.self))
        driver.press(.up, .character("?"))
        #expect(driver.screenID == "host.help" && model.phase == .paused)
        driver.press(.character("q"))
        #expect(driver.screenID == "snake.board" && model.phase == .paused)
    }

    /// A board that was never started, or is already paused, gets nothing: a hold is sent
    /// only while time runs for it, so it never counts as the player's input.
    @Test func aWaitingBoardIsNotHeld() throws {
        let driver = try TestDriver(games: games, play: "snake")
        let model = try #require(driver.model(SnakeViewModel.self))
        driver.size = Size(width: 25, height: 12)
        driver.size = Size(width: 80, height: 24)
        #expect(model.phase == .ready && model.roundInPlay == false)
    }

    /// The hold is journaled: a round resumed after one replays to the same board.
    @Test func aHoldIsReplayedOnResume() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try TestDriver(games: games, play: "snake", seed: 5, dataDirectory: directory, journals: true)
        let model = try #require(first.model(SnakeViewModel.self))
        first.press(.up)
        first.advance(by: model.interval * 3)
        first.size = Size(width: 25, height: 12)
        first.advance(by: .seconds(3))
        first.size = Size(width: 80, height: 24)
        first.press(.character("p"), .left)
        first.advance(by: model.interval * 2)
        let before = model.state
        first.press(.control("c"))
        let journal = try String(contentsOfFile: directory + "/snake/journal.jsonl", encoding: .utf8)
        #expect(journal.contains(#""kind":"hold""#))

        let second = try TestDriver(games: games, play: "snake", seed: 6, dataDirectory: directory, journals: true)
        #expect(second.screenID == "host.resume")
        second.press(.enter)
        let resumed = try #require(second.model(SnakeViewModel.self))
        #expect(resumed.board == before.board && resumed.points == before.points)
        #expect(resumed.phase == .paused)
    }
}

/// Audit N14: a board that does not fit names what is short and the board that would.
@Suite struct SnakeTooSmallTests {
    @Test func theNoticeSuggestsTheBoardThatFits() throws {
        let driver = try TestDriver(games: [GameEntry(SnakeGame.self)], play: "snake", size: Size(width: 50, height: 15))
        #expect(driver.text.contains("15 rows here, 18 needed"), "\(driver.text)")
        #expect(driver.text.contains("Board: small fits this terminal"), "\(driver.text)")
        let small = try TestDriver(games: [GameEntry(SnakeGame.self)], play: "snake",
                                   preferences: ["board": .choice("small")], size: Size(width: 18, height: 9))
        #expect(!small.text.contains("fits this terminal"), "nothing smaller to suggest")
    }
}

/// A round resumed on a terminal too small for its board replays all its ticks (the host
/// withholds ticks from a game it cannot show, never from a replay), then waits, held.
@Suite struct SnakeResumeSmallTests {
    @Test func aRoundResumedOnATooSmallTerminalReplaysWhole() throws {
        let games = [GameEntry(SnakeGame.self)]
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try TestDriver(games: games, play: "snake", seed: 5, dataDirectory: directory, journals: true)
        let model = try #require(first.model(SnakeViewModel.self))
        first.press(.up)
        first.advance(by: model.interval * 3)
        let before = model.state
        first.press(.control("c"))

        let second = try TestDriver(games: games, play: "snake", seed: 6, size: Size(width: 40, height: 12),
                                    dataDirectory: directory, journals: true)
        try #require(second.screenID == "host.resume", "\(second.text)")
        second.press(.enter)
        let resumed = try #require(second.model(SnakeViewModel.self), "\(second.session.noticeLog)")
        #expect(resumed.board == before.board, "\(second.session.noticeLog)")
        #expect(second.text.contains("Terminal too small") && resumed.phase == .paused)
    }
}
