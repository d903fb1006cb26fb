import Foundation
import GameHost
import GameHostTesting
@testable import Snake
import Testing

/// A Snake round is in play from the snake's first move or turn until it crashes.
@Suite struct SnakeRoundInPlayTests {
    let games = [GameEntry(SnakeGame.self)]

    @Test func aNewBoardIsNoRoundUntilTheFirstSteeringKey() throws {
        let driver = try TestDriver(games: games, play: "snake")
        let model = try #require(driver.model(SnakeViewModel.self))
        #expect(model.roundInPlay == false)
        driver.press(.character("p"))
        driver.advance(by: .seconds(10))
        #expect(model.phase == .ready && model.roundInPlay == false)
        driver.press(.down)
        driver.advance(by: model.interval)
        #expect(model.roundInPlay == true)
        driver.press(.character("p"))
        #expect(model.roundInPlay == true, "paused after moving, the round waits")
    }

    @Test func aTurnBeforeTheFirstTickStartsTheRound() throws {
        let driver = try TestDriver(games: games, play: "snake")
        let model = try #require(driver.model(SnakeViewModel.self))
        driver.press(.up)
        #expect(model.roundInPlay == true)
    }

    @Test func aCrashEndsTheRoundAndPlayAgainWaitsForAMove() throws {
        let driver = try TestDriver(games: games, play: "snake", preferences: ["wrap": .toggle(false)])
        let model = try #require(driver.model(SnakeViewModel.self))
        driver.press(.right)
        while model.phase != .over { driver.advance(by: model.interval) }
        #expect(model.roundInPlay == false)
        driver.press(.enter)
        #expect(model.phase == .ready && model.roundInPlay == false)
    }

    @Test(arguments: [ResumeCheck.Stop.controlC, .back])
    func pausedBeforeMovingLeavesNothingToResume(_ stop: ResumeCheck.Stop) throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try ResumeCheck.run(games, game: "snake", keys: [.character("p")], stop: stop,
                                          dataDirectory: directory)
        #expect(outcome.offered == "snake.board")
        #expect(!FileManager.default.fileExists(atPath: directory + "/snake/journal.jsonl"))
    }

    /// A round resumed while the snake was moving comes back paused (audit N2).
    @Test(arguments: ResumeCheck.Stop.allCases)
    func aResumedRoundComesBackPaused(_ stop: ResumeCheck.Stop) throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try ResumeCheck.run(games, game: "snake", keys: [.up], stop: stop, dataDirectory: directory)
        #expect(outcome.offered == "host.resume")
        let model = try #require(outcome.driver.model(SnakeViewModel.self))
        #expect(model.phase == .paused && model.board.plannedHeading == .up)
        #expect(outcome.driver.text.contains("Paused"))
        let head = model.board.head
        outcome.driver.advance(by: .seconds(5))
        #expect(model.board.head == head, "it waits for the player")
    }

    @Test func aTurnedSnakeIsOfferedAgain() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try ResumeCheck.run(games, game: "snake", keys: [.up, .character("p")], stop: .controlC,
                                          dataDirectory: directory)
        #expect(outcome.offered == "host.resume")
        #expect(outcome.after == outcome.before)
    }
}
