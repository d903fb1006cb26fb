import Foundation
import GameHost
import GameHostTesting
@testable import Snake
import Testing

/// A tick redraws only what moved: at 80×24 a step writes at most 7% of a full repaint's
/// bytes (three cells: the new head, the old head now body, the cell the tail left; the
/// repaint is mostly blank, so 7% is about 60 bytes), 5% on average. A step that eats also
/// rewrites the score and shows new food (a little more); the step that ends the round shows
/// the Game over banner and is not counted.
@Suite struct SnakeBytesTests {
    struct Figures { var worstMove = 0.0, worstEat = 0.0, written = 0, repainted = 0, eats = 0, moves = 0 }

    func measure(colors: Bool, wrap: Bool) throws -> Figures {
        let driver = try TestDriver(games: [GameEntry(SnakeGame.self)], play: "snake",
                                    preferences: ["wrap": .toggle(wrap)], seed: 8)
        let model = try #require(driver.model(SnakeViewModel.self))
        var encoder = FrameEncoder(colors: colors)
        _ = encoder.encode(driver.frame)
        var figures = Figures()
        for _ in 0..<500 {
            if model.phase == .over { driver.press(.enter) }
            // Toward the food, so that steps that eat are measured too.
            if let food = model.board.food { driver.send(SnakeViewModel.Intent.turnToward(x: food.x, y: food.y)) }
            _ = encoder.encode(driver.frame)
            let eaten = model.board.eaten
            driver.advance(by: model.interval)
            let frame = driver.frame
            var fresh = FrameEncoder(colors: colors)
            let repaint = fresh.encode(frame).count
            let written = encoder.encode(frame).count
            guard model.phase == .playing else { continue }
            let share = Double(written) / Double(repaint)
            if model.board.eaten > eaten {
                figures.eats += 1
                figures.worstEat = max(figures.worstEat, share)
            } else {
                figures.moves += 1
                figures.worstMove = max(figures.worstMove, share)
            }
            figures.written += written
            figures.repainted += repaint
        }
        return figures
    }

    @Test(arguments: [false, true], [false, true])
    func aTickWritesAFewCellsNotTheScreen(colors: Bool, wrap: Bool) throws {
        let figures = try measure(colors: colors, wrap: wrap)
        let mean = Double(figures.written) / Double(figures.repainted)
        #expect(figures.eats > 10 && figures.moves > 300)
        #expect(figures.worstMove <= 0.07, "the worst step wrote \(figures.worstMove * 100)% of a repaint")
        #expect(mean <= 0.05, "steps wrote \(mean * 100)% of their repaints on average")
        #expect(figures.worstEat <= 0.09, "the worst step that ate wrote \(figures.worstEat * 100)% of a repaint")
    }
}
