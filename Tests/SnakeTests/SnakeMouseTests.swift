import GameHost
import GameHostTesting
@testable import Snake
import Testing

/// A click on the board turns the snake toward the cell clicked; on the round's end the
/// Play again button plays again.
@Suite struct SnakeMouseTests {
    @Test func aClickAboveTheHeadTurnsTheSnakeUp() throws {
        let driver = try TestDriver(games: [GameEntry(SnakeGame.self)], play: "snake")
        let model = try #require(driver.model(SnakeViewModel.self))
        #expect(model.phase == .ready && model.board.heading == .right)
        // The first row of the board, in the column of the snake's head.
        let layout = BoardLayout(board: model.preferences.board, in: Size(width: 80, height: 24 - Session.chromeHeight))
        let head = layout.origin(x: model.board.head.x, y: 0)
        driver.click(column: head.column, row: head.row + 1)
        #expect(model.phase == .playing, "a click on the board starts the round")
        driver.advance(by: .seconds(1))
        #expect(model.board.heading == .up, "heading up after the click")
    }

    @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12), Size(width: 160, height: 48)])
    func aClickOnPlayAgainStartsANewRound(size: Size) throws {
        let driver = try TestDriver(games: [GameEntry(SnakeGame.self)], play: "snake",
                                    preferences: ["board": .choice(size.width < 60 ? "small" : "medium")], size: size)
        let model = try #require(driver.model(SnakeViewModel.self))
        driver.press(.down)
        driver.advance(by: model.interval * 30)
        #expect(model.phase == .over)
        // Beside the button, on the banner and the board: nothing.
        let button = try #require(driver.find("Play again"), "\(driver.text)")
        let points = try #require(driver.find("0 points"))
        driver.click(column: points.column, row: points.row)
        driver.click(column: 0, row: button.row)
        #expect(model.phase == .over, "a click beside the button does nothing")
        #expect(driver.click("Play again"))
        #expect(model.phase == .ready && model.board.length == SnakeConstants.startLength)
        #expect(!driver.text.contains("Play again"))
        #expect(!driver.click(intent: SnakeViewModel.Intent.playAgain), "the button went with the banner")
    }
}
