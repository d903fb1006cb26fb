import Foundation
import GameHost
import GameHostTesting
@testable import Snake
import Testing

/// The players' scores in the board's top edge are kept between frames: at every tick, as
/// a snake eats, goes out and the seats' names change, those kept are the scores made anew.
@Suite struct SnakeScoresKeptTests {
    func look(_ scores: [(player: Int, text: String)]) -> [String] { scores.map { "\($0.player) \($0.text)" } }

    @Test func keptScoresFollowEveryMealFateAndName() throws {
        let driver = try TestDriver(games: [GameEntry(SnakeGame.self)], play: "snake",
                                    preferences: ["players": .integer(2)], seed: 3)
        let model = try #require(driver.model(SnakeViewModel.self))
        var seen: Set<String> = []
        func expectFresh(_ step: String) {
            // Twice: the second is the kept one.
            for _ in 0..<2 {
                #expect(look(model.playerScores) == look(model.playerScores(names: model.context.seatNames())), "\(step)")
            }
            seen.formUnion(look(model.playerScores))
        }
        expectFresh("ready")
        driver.press(.right)
        driver.press(.character("d"))
        for tick in 0..<400 where model.phase != .over {
            // The first snake goes for the food; the second goes on until it meets something.
            if let food = model.board.food { driver.send(SnakeViewModel.Intent.turnToward(x: food.x, y: food.y)) }
            driver.advance(by: model.interval)
            expectFresh("tick \(tick)")
            if tick == 5 { model.context.seatNames = { ["Ada", "Grace"] } }
            if tick == 6 { model.context.seatNames = { ["Ada", nil] } }
            expectFresh("tick \(tick), names")
        }
        #expect(seen.contains { $0.hasPrefix("0 Ada: ") && !$0.hasSuffix(": 0") }, "the first snake ate: \(seen)")
        #expect(seen.contains { $0.hasSuffix("✗") }, "a snake went out: \(seen)")
        #expect(seen.contains("1 Grace: 0") && seen.contains("1 Player 2: 0"), "\(seen)")
    }

    /// The status line in the board's top edge, kept between frames, against the line made
    /// anew as one snake eats (its points are in the line) and the round ends.
    @Test func keptStatusFollowsThePoints() throws {
        for players in [1, 2] {
            let driver = try TestDriver(games: [GameEntry(SnakeGame.self)], play: "snake",
                                        preferences: ["players": .integer(players), "wrap": .toggle(players == 2)], seed: 3)
            let model = try #require(driver.model(SnakeViewModel.self))
            var seen: Set<String> = []
            func expectFresh(_ step: String) {
                for _ in 0..<2 { #expect(model.statusText == model.statusText(points: model.points), "\(step)") }
                seen.insert(model.statusText)
            }
            expectFresh("ready")
            driver.press(.right)
            if players == 2 { driver.press(.character("d")) }
            for tick in 0..<400 where model.phase != .over {
                if let food = model.board.food { driver.send(SnakeViewModel.Intent.turnToward(x: food.x, y: food.y)) }
                driver.advance(by: model.interval)
                expectFresh("\(players) players, tick \(tick)")
            }
            if players == 1 { #expect(seen.count > 2, "the points changed: \(seen)") }
        }
    }
}
