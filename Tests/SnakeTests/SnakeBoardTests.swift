import GameHost
@testable import Snake
import Testing

/// The rules of a step, turning, growing, dying and wrapping, on boards set up by hand.
@Suite struct SnakeBoardTests {
    func board(_ body: [(Int, Int)], heading: Direction = .right, food: (Int, Int)? = nil, wraps: Bool = false,
               width: Int = 10, height: Int = 6) -> SnakeBoard {
        SnakeBoard(width: width, height: height, wraps: wraps, body: body.map { Point(x: $0.0, y: $0.1) },
                   heading: heading, food: food.map { Point(x: $0.0, y: $0.1) })
    }

    var random = SeededGenerator(seed: 1)

    @Test mutating func aNewSnakeHeadsRightInTheMiddleRowWithFoodOffIt() {
        for size in BoardSize.allCases {
            let board = SnakeBoard(width: size.width, height: size.height, wraps: false, length: 4, using: &random)
            #expect(board.length == 4 && board.heading == .right)
            #expect(board.body.allSatisfy { $0.y == size.height / 2 })
            #expect(board.body.map(\.x) == Array((board.head.x - 3...board.head.x).reversed()))
            let food = try! #require(board.food)
            #expect(board.contains(food) && !board.body.contains(food))
        }
    }

    @Test mutating func theSnakeMovesOneCellPerStep() {
        var board = board([(3, 2), (2, 2), (1, 2)])
        for step in 1...5 {
            #expect(board.step(using: &random) == .moved)
            #expect(board.head == Point(x: 3 + step, y: 2))
            #expect(board.length == 3)
        }
        #expect(board.body == [Point(x: 8, y: 2), Point(x: 7, y: 2), Point(x: 6, y: 2)])
    }

    @Test mutating func turnsAreTakenOnePerStepAndBackwardsIsIgnored() {
        var board = board([(3, 2), (2, 2), (1, 2)])
        board.turn(.left)
        board.turn(.right)
        #expect(board.turns.isEmpty, "backwards and straight on are no turns")
        board.turn(.up)
        board.turn(.left)
        #expect(board.turns == [.up, .left], "two quick keys make a U-turn")
        board.step(using: &random)
        #expect(board.head == Point(x: 3, y: 1))
        board.step(using: &random)
        #expect(board.head == Point(x: 2, y: 1) && board.heading == .left)
        board.turn(.down)
        board.turn(.right)
        board.turn(.up)
        board.turn(.left)
        #expect(board.turns == [.down, .right, .up], "at most three turns wait")
    }

    @Test mutating func eatingGrowsTheSnakeAndPutsNewFoodOffIt() {
        var board = board([(3, 2), (2, 2), (1, 2)], food: (4, 2))
        #expect(board.step(using: &random) == .ate)
        #expect(board.length == 4 && board.eaten == 1)
        #expect(board.body == [Point(x: 4, y: 2), Point(x: 3, y: 2), Point(x: 2, y: 2), Point(x: 1, y: 2)])
        let food = try! #require(board.food)
        #expect(!board.body.contains(food) && board.contains(food))
        #expect(board.step(using: &random) == .moved)
        #expect(board.length == 4, "it grows once per food")
    }

    @Test mutating func hittingAWallEndsTheRound() {
        var board = board([(9, 0), (8, 0)])
        #expect(board.step(using: &random) == .crashed)
        #expect(board.isOver && board.head == Point(x: 9, y: 0), "the head stays where it hit")
        #expect(board.step(using: &random) == .crashed, "nothing moves after the end")
        board.turn(.down)
        #expect(board.turns.isEmpty)
        var up = self.board([(4, 0), (4, 1)], heading: .up)
        #expect(up.step(using: &random) == .crashed)
    }

    @Test mutating func hittingItselfEndsTheRoundButTheTailMovesAway() {
        // A square: the head runs into its own body…
        var board = board([(2, 2), (3, 2), (3, 3), (2, 3), (1, 3), (1, 2)], heading: .up)
        board.turn(.right)
        #expect(board.step(using: &random) == .crashed)
        // …but the cell the tail leaves in the same step is free.
        var chase = self.board([(2, 2), (3, 2), (3, 3), (2, 3)], heading: .left)
        chase.turn(.down)
        #expect(chase.step(using: &random) == .moved)
        #expect(chase.head == Point(x: 2, y: 3))
    }

    @Test mutating func wrapAroundWallsLeadToTheOtherSide() {
        var board = board([(9, 5), (8, 5)], wraps: true)
        #expect(board.step(using: &random) == .moved)
        #expect(board.head == Point(x: 0, y: 5))
        board.turn(.down)
        board.step(using: &random)
        #expect(board.head == Point(x: 0, y: 0))
        board.turn(.left)
        board.step(using: &random)
        #expect(board.head == Point(x: 9, y: 0))
        board.turn(.up)
        board.step(using: &random)
        #expect(board.head == Point(x: 9, y: 5))
    }

    @Test mutating func eatingTheLastFoodThereIsRoomForWins() {
        var board = board([(1, 0), (0, 0)], food: (2, 0), width: 3, height: 1)
        #expect(board.step(using: &random) == .filled)
        #expect(board.isOver && board.food == nil && board.length == 3)
    }

    @Test func foodNeverLandsOnTheSnakeAndTheSameSeedPlaysTheSame() {
        func play(seed: UInt64) -> [Point?] {
            var random = SeededGenerator(seed: seed)
            var steer = SeededGenerator(seed: seed &+ 99)
            var foods: [Point?] = []
            var board = SnakeBoard(width: 8, height: 5, wraps: true, length: 4, using: &random)
            for _ in 0..<2_000 {
                if board.isOver { board = SnakeBoard(width: 8, height: 5, wraps: true, length: 4, using: &random) }
                // Mostly toward the food, sometimes anywhere, so the snake eats often and dies now and then.
                if Int.random(in: 0..<5, using: &steer) == 0 {
                    board.turn(Direction.allCases.randomElement(using: &steer)!)
                } else if let food = board.food {
                    board.turn(toward: food)
                }
                board.step(using: &random)
                if let food = board.food { #expect(!board.body.contains(food)) }
                #expect(Set(board.body).count == board.length, "the body never overlaps itself")
                foods.append(board.food)
            }
            return foods
        }
        let first = play(seed: 5)
        #expect(Set(first.compactMap { $0 }).count > 20, "the snake ate many times")
        #expect(play(seed: 5) == first)
        #expect(play(seed: 6) != first)
    }

    // MARK: - Turning toward a cell (a click)

    @Test func aCellOffTheLineOfTravelTurnsTheSnakeThatWay() {
        var sideways = board([(4, 3), (3, 3)])
        sideways.turn(toward: Point(x: 9, y: 0))
        #expect(sideways.turns == [.up])
        var down = board([(4, 3), (3, 3)])
        down.turn(toward: Point(x: 0, y: 5))
        #expect(down.turns == [.down])
        var vertical = board([(4, 3), (4, 4)], heading: .up)
        vertical.turn(toward: Point(x: 1, y: 5))
        #expect(vertical.turns == [.left])
        vertical = board([(4, 3), (4, 4)], heading: .up)
        vertical.turn(toward: Point(x: 7, y: 0))
        #expect(vertical.turns == [.right])
    }

    @Test func aCellOnTheLineOfTravelOrOffTheBoardChangesNothing() {
        for target in [Point(x: 8, y: 3), Point(x: 0, y: 3), Point(x: 4, y: 3), Point(x: -1, y: 0), Point(x: 10, y: 2)] {
            var board = board([(4, 3), (3, 3)])
            board.turn(toward: target)
            #expect(board.turns.isEmpty, "\(target)")
        }
    }

    @Test func aQueuedTurnIsTheDirectionAClickTurnsFrom() {
        var board = board([(4, 3), (3, 3)])
        board.turn(.up)
        board.turn(toward: Point(x: 0, y: 0))
        #expect(board.turns == [.up, .left])
    }

    @Test func withWrapAroundTheShorterWayRoundCounts() {
        var board = board([(4, 1), (3, 1)], wraps: true)
        board.turn(toward: Point(x: 4, y: 5))
        #expect(board.turns == [.up], "two cells up through the wall beat four down")
        var walled = self.board([(4, 1), (3, 1)])
        walled.turn(toward: Point(x: 4, y: 5))
        #expect(walled.turns == [.down])
    }
}
