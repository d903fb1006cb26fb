import GameHost
@testable import Snake
import Testing

/// The rules of a board with several snakes: they all move in one step, a head that meets a
/// wall, a body or another head is out, and the last one in wins.
@Suite struct SnakeArenaTests {
    func snake(_ cells: [(Int, Int)], _ heading: Direction) -> Snake {
        Snake(body: cells.map { Point(x: $0.0, y: $0.1) }, heading: heading)
    }

    func board(_ snakes: [Snake], food: Point? = Point(x: 0, y: 0), wraps: Bool = false) -> SnakeBoard {
        SnakeBoard(width: 12, height: 8, wraps: wraps, snakes: snakes, food: food)
    }

    @Test(arguments: BoardSize.allCases, 1...8)
    func everySnakeStartsOnARowOfItsOwnOffTheOthersCourse(_ size: BoardSize, _ players: Int) {
        var random = SeededGenerator(seed: 5)
        let board = SnakeBoard(width: size.width, height: size.height, wraps: false, length: SnakeConstants.startLength,
                               players: players, using: &random)
        #expect(board.snakes.count == players)
        let cells = board.snakes.flatMap(\.body)
        #expect(Set(cells).count == cells.count, "no two snakes share a cell")
        #expect(cells.allSatisfy(board.contains))
        #expect(board.snakes.allSatisfy { $0.length == SnakeConstants.startLength })
        #expect(Set(board.snakes.map(\.head.y)).count == players, "a row each, so none heads into another")
        if let food = board.food { #expect(!cells.contains(food)) }
        for (index, snake) in board.snakes.enumerated() where players > 1 {
            #expect(snake.heading == (index % 2 == 0 ? .right : .left))
            // Heading away from the nearer wall: room to steer before it.
            let ahead = snake.heading == .right ? board.width - 1 - snake.head.x : snake.head.x
            #expect(ahead >= board.width / 3)
        }
    }

    @Test func twoHeadsMeetingOnOneCellBothCrashAndTheRoundIsADraw() {
        var random = SeededGenerator(seed: 1)
        var board = board([snake([(3, 2), (2, 2)], .right), snake([(5, 2), (6, 2)], .left)])
        #expect(board.step(using: &random) == .crashed)
        #expect(board.snakes.allSatisfy { $0.fate == .crashed } && board.isOver)
        #expect(board.winners == [0, 1], "they fell together with as many points")
    }

    @Test func headsThatSwapCellsCrashToo() {
        var random = SeededGenerator(seed: 1)
        var board = board([snake([(3, 2), (2, 2)], .right), snake([(4, 2), (5, 2)], .left)])
        board.step(using: &random)
        #expect(board.snakes.allSatisfy { $0.fate == .crashed })
    }

    @Test func aHeadIntoAnotherBodyEndsThatSnakeAndTheLastOneInWins() {
        var random = SeededGenerator(seed: 1)
        // The second snake's head goes up into the first one's middle.
        var board = board([snake([(5, 2), (4, 2), (3, 2)], .right), snake([(4, 3), (4, 4)], .up)])
        #expect(board.step(using: &random) == .crashed)
        #expect(board.snakes[0].isIn && board.snakes[0].head == Point(x: 6, y: 2))
        #expect(board.snakes[1].fate == .crashed && board.snakes[1].outAtStep == 1)
        #expect(board.isOver && board.winners == [0])
    }

    @Test func aTailMovingOnIsOutOfTheWay() {
        var random = SeededGenerator(seed: 1)
        // The second snake's head goes where the first one's tail leaves.
        var board = board([snake([(5, 2), (4, 2), (3, 2)], .right), snake([(3, 3), (3, 4)], .up)])
        #expect(board.step(using: &random) == .moved)
        #expect(board.snakes.allSatisfy(\.isIn) && board.snakes[1].head == Point(x: 3, y: 2))
    }

    @Test func aSnakeOutIsShownOnItsLastStepAndThenFreesItsCells() {
        var random = SeededGenerator(seed: 1)
        var board = board([snake([(1, 1), (0, 1)], .right), snake([(11, 4), (10, 4)], .right),
                           snake([(1, 6), (0, 6)], .right)])
        board.step(using: &random)
        #expect(board.snakes[1].fate == .crashed && !board.isOver, "two are still in")
        #expect(board.shows(board.snakes[1]), "the crash shows on the step it happened")
        #expect(board.freeCells.contains(Point(x: 10, y: 4)), "its cells are free for the others")
        board.step(using: &random)
        #expect(!board.shows(board.snakes[1]), "and then it is gone")
        #expect(board.snakes[0].isIn && board.snakes[2].isIn)
    }

    @Test func whenTheLastOnesFallTogetherTheMostPointsWin() {
        var random = SeededGenerator(seed: 1)
        // The first eats first, then both run into each other.
        var board = board([snake([(2, 2), (1, 2)], .right), snake([(6, 2), (7, 2)], .left)], food: Point(x: 3, y: 2))
        #expect(board.step(using: &random) == .ate)
        board.step(using: &random)
        #expect(board.isOver && board.winners == [0])
    }

    @Test func aPlayerWhoGoesLosesTheirSnakeAtOnce() {
        var board = board([snake([(2, 2), (1, 2)], .right), snake([(6, 5), (7, 5)], .left),
                           snake([(2, 6), (1, 6)], .right)])
        board.remove(snake: 1)
        #expect(board.snakes[1].fate == .left && !board.shows(board.snakes[1]) && !board.isOver)
        board.turn(.up, snake: 1)
        #expect(board.snakes[1].turns.isEmpty, "a snake that is out takes no turns")
        board.remove(snake: 2)
        #expect(board.isOver && board.winners == [0])
    }

    @Test func oneSnakeAlonePlaysOnUntilItCrashes() {
        var random = SeededGenerator(seed: 1)
        var board = board([snake([(2, 2), (1, 2)], .right)], food: nil)
        board.step(using: &random)
        #expect(!board.isOver && board.winners.isEmpty)
    }

    @Test func eachSnakeTakesOnlyItsOwnTurns() {
        var random = SeededGenerator(seed: 1)
        var board = board([snake([(2, 2), (1, 2)], .right), snake([(8, 5), (9, 5)], .left)], food: nil)
        board.turn(.down, snake: 1)
        board.step(using: &random)
        #expect(board.snakes[0].head == Point(x: 3, y: 2) && board.snakes[1].head == Point(x: 8, y: 6))
    }
}
