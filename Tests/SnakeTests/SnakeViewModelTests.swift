import Foundation
import GameHost
import GameHostTesting
@testable import Snake
import Testing

/// The game on the host's virtual clock: ticks move the snake, keys steer and pause, the
/// round ends with its score reported.
@Suite struct SnakeViewModelTests {
    func driver(_ preferences: PreferenceValues = [:], seed: UInt64 = 3, trace: Bool = false) throws
        -> (TestDriver, SnakeViewModel) {
        let driver = try TestDriver(games: [GameEntry(SnakeGame.self)], play: "snake", preferences: preferences,
                                    seed: seed, trace: trace)
        return (driver, try #require(driver.model(SnakeViewModel.self)))
    }

    func ticks(_ count: Int, _ model: SnakeViewModel) -> Duration { model.interval * count }

    /// A new board waits for the player (audit N3): no ticks, no deadline, no round.
    @Test func theSnakeWaitsForTheFirstSteeringKey() throws {
        let (driver, model) = try driver()
        let start = model.board.head
        #expect(model.phase == .ready && model.ticks == nil)
        #expect(driver.session.nextDeadline == nil, "a waiting board wakes nothing")
        driver.press(.character("p"))
        driver.advance(by: .seconds(60))
        #expect(model.phase == .ready && model.board.head == start)
        #expect(driver.text.contains("Press an arrow key to start"))
        #expect(ScoreBook(store: DataStore(directory: driver.dataDirectory, report: { _ in }))
            .rounds(game: "snake").isEmpty, "nothing is scored before the first key")
        // The way it already heads starts it too; the way back into itself starts it ahead.
        driver.press(.left)
        #expect(model.phase == .playing && model.board.heading == .right)
        #expect(!driver.text.contains("Press an arrow key to start"))
    }

    @Test func theSnakeMovesOneCellPerTickOnceStarted() throws {
        let (driver, model) = try driver()
        let start = model.board.head
        driver.press(.right)
        driver.advance(by: model.interval / 2)
        #expect(model.board.head == start)
        for _ in 1...6 { driver.advance(by: model.interval) }
        #expect(model.board.head == Point(x: start.x + 6, y: start.y), "six ticks, six cells")
        #expect(driver.screenID == "snake.board")
    }

    @Test func aClickOnTheBoardStartsTheRound() throws {
        let (driver, model) = try driver()
        driver.send(SnakeViewModel.Intent.turnToward(x: model.board.head.x, y: 0))
        #expect(model.phase == .playing && model.board.plannedHeading == .up)
    }

    @Test(arguments: 1...7)
    func eachSpeedHasItsPace(_ speed: Int) throws {
        let (driver, model) = try driver(["speed": .integer(speed)])
        driver.press(.right)
        #expect(model.interval == .milliseconds(SnakeConstants.speeds[speed - 1]))
        #expect(model.ticks?.interval == model.interval)
        if speed > 1 { #expect(model.interval < .milliseconds(SnakeConstants.speeds[speed - 2])) }
    }

    @Test func arrowsAndHJKLSteer() throws {
        let (driver, model) = try driver()
        let start = model.board.head
        driver.press(.up)
        driver.advance(by: ticks(2, model))
        #expect(model.board.head == Point(x: start.x, y: start.y - 2))
        driver.press(.character("h"))
        driver.advance(by: ticks(1, model))
        #expect(model.board.head == Point(x: start.x - 1, y: start.y - 2))
        driver.press(.character("j"))
        driver.advance(by: ticks(1, model))
        #expect(model.board.head == Point(x: start.x - 1, y: start.y - 1))
        driver.press(.right)
        driver.press(.character("k"))
        driver.advance(by: ticks(2, model))
        #expect(model.board.head == Point(x: start.x, y: start.y - 2), "two keys between ticks: both turns, in order")
    }

    @Test func pauseStopsTheTicksAndGoesOn() throws {
        let (driver, model) = try driver()
        driver.press(.right, .character("p"))
        #expect(model.phase == .paused && model.ticks == nil)
        #expect(driver.session.nextDeadline == nil, "a paused game wakes nothing")
        let head = model.board.head
        driver.advance(by: .seconds(60))
        #expect(model.board.head == head)
        driver.press(.up)
        #expect(model.board.turns.isEmpty, "no steering while paused")
        #expect(driver.text.contains("Paused"))
        driver.press(.space)
        #expect(model.phase == .playing)
        driver.advance(by: ticks(1, model))
        #expect(model.board.head.x == head.x + 1)
    }

    @Test func crashingEndsTheRoundAndReportsTheScore() throws {
        let (driver, model) = try driver(["board": .choice("small"), "speed": .integer(7)])
        driver.press(.right)
        driver.advance(by: .seconds(5))
        #expect(model.phase == .over && model.board.outcome == .crashed)
        #expect(model.ticks == nil && driver.session.nextDeadline == nil)
        let rounds = ScoreBook(store: DataStore(directory: driver.dataDirectory, report: { _ in })).rounds(game: "snake")
        #expect(rounds.count == 1)
        #expect(rounds.first?.score == model.points)
        // Scores say the score as the game did: the same number, the same word (audit N12).
        #expect(model.points == model.board.eaten * 7)
        #expect(rounds.first?.summary == "\(model.points) points at speed 7")
        #expect(driver.text.contains("\(model.points) points") && driver.text.contains("points \(model.points)"))
        #expect(driver.text.contains("Game over") && driver.text.contains("Play again"))
        driver.press(.enter)
        #expect(model.phase == .ready && model.board.length == SnakeConstants.startLength)
        #expect(model.board.outcome == nil)
    }

    @Test func eatingScoresTheSpeedInPoints() throws {
        let (driver, model) = try driver(["speed": .integer(3), "wrap": .toggle(true)])
        // Steer toward the food, one step at a time, until it is eaten.
        for _ in 0..<200 where model.board.eaten < 2 {
            if let food = model.board.food { driver.send(SnakeViewModel.Intent.turnToward(x: food.x, y: food.y)) }
            driver.advance(by: model.interval)
        }
        #expect(model.board.eaten == 2 && model.points == 6)
        #expect(model.board.length == SnakeConstants.startLength + 2)
        #expect(driver.text.contains("speed 3 · wrap · points 6"))
    }

    @Test func theSameSeedAndInputsPlayTheSameGame() throws {
        func play(seed: UInt64) throws -> String {
            let (driver, _) = try driver(seed: seed)
            for step in 0..<40 {
                driver.advance(by: .milliseconds(125))
                if step % 7 == 3 { driver.press([.up, .left, .down, .right][step % 4]) }
            }
            return driver.stateJSON
        }
        #expect(try play(seed: 9) == play(seed: 9))
        #expect(try play(seed: 9) != play(seed: 10))
    }

    /// A session is its preferences, seed and inputs: replaying the keys of a trace at their
    /// recorded times gives the same trace again, ticks and all.
    @Test func aTraceReplaysFromItsKeysAndTheirTimes() throws {
        let (first, _) = try driver(["speed": .integer(6)], seed: 4, trace: true)
        for step in 0..<60 {
            first.advance(by: .milliseconds(37 * (step % 5 + 1)))
            if step % 4 == 1 { first.press([.up, .left, .down, .right, .character("p")][step % 5]) }
        }
        struct Record: Decodable { let input: String; let time: Double }
        let records = try first.traceLines.map { try JSONDecoder().decode(Record.self, from: Data($0.utf8)) }
        #expect(records.contains { $0.input == "tick" } && records.contains { $0.input != "tick" })

        let (second, _) = try driver(["speed": .integer(6)], seed: 4, trace: true)
        second.keyDuration = .zero
        for record in records where record.input != "tick" && record.input != "timer" {
            second.advance(by: .microseconds(Int64((record.time * 1e6).rounded())) - second.elapsed)
            second.press(try #require(Key(name: record.input)))
        }
        second.advance(by: first.elapsed - second.elapsed)
        #expect(second.traceLines == first.traceLines)
    }
}
