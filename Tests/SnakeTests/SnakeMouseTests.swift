import GameHost
import GameHostTesting
@testable import Snake
import Testing

/// A click on the board turns the snake toward the cell clicked.
@Suite struct SnakeMouseTests {
    @Test func aClickAboveTheHeadTurnsTheSnakeUp() throws {
        let driver = try TestDriver(games: [GameEntry(SnakeGame.self)], play: "snake")
        let model = try #require(driver.model(SnakeViewModel.self))
        #expect(model.phase == .playing && model.board.heading == .right)
        // The first row of the board, in the column of the snake's head.
        let layout = BoardLayout(board: model.preferences.board, in: Size(width: 80, height: 24 - Session.chromeHeight))
        let head = layout.origin(x: model.board.head.x, y: 0)
        driver.click(column: head.column, row: head.row + 1)
        driver.advance(by: .seconds(1))
        #expect(model.board.heading == .up, "heading up after the click")
    }
}
