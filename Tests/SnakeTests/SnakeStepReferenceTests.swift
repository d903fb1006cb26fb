import GameHost
@testable import Snake
import Testing

/// `SnakeBoard.step` works on flat arrays and a grid, since every seat's copy of a room runs
/// it on every tick. Here it is held to the rules written the plain way, with sets and
/// dictionaries, over many random rounds of one to eight snakes crowded on small boards.
@Suite struct SnakeStepReferenceTests {
    /// What a step should make of `board`, worked out with sets and dictionaries: each snake's
    /// body and whether it crashed, the food, the outcome. `random` is a copy of the step's.
    static func expected(after board: SnakeBoard, random: inout SeededGenerator)
        -> (bodies: [[Point]], crashed: Set<Int>, food: Point?, outcome: SnakeBoard.Outcome) {
        let moving = board.snakes.indices.filter { board.snakes[$0].isIn }
        var next: [Int: Point] = [:]
        for index in moving {
            let snake = board.snakes[index]
            var cell = (snake.turns.first ?? snake.heading).step(from: snake.head)
            if board.wraps { cell = Point(x: (cell.x + board.width) % board.width, y: (cell.y + board.height) % board.height) }
            next[index] = cell
        }
        let eats = Set(moving.filter { next[$0] == board.food })
        var blocking: [Point: Int] = [:]
        for index in moving {
            let body = board.snakes[index].body
            for cell in eats.contains(index) ? body[...] : body.dropLast() { blocking[cell, default: 0] += 1 }
        }
        let heads = Dictionary(grouping: moving, by: { next[$0]! })
        let crashed = Set(moving.filter { index in
            let cell = next[index]!
            return !board.contains(cell) || blocking[cell] != nil || heads[cell]!.count > 1
        })
        var bodies = board.snakes.map(\.body)
        var ate = false
        for index in moving where !crashed.contains(index) {
            bodies[index].insert(next[index]!, at: 0)
            if eats.contains(index) { ate = true } else { bodies[index].removeLast() }
        }
        var food = board.food
        if ate {
            let taken = Set(moving.filter { !crashed.contains($0) }.flatMap { bodies[$0] })
            let free = (0..<board.height).flatMap { y in (0..<board.width).map { Point(x: $0, y: y) } }
                .filter { !taken.contains($0) }
            food = free.randomElement(using: &random)
        }
        let outcome: SnakeBoard.Outcome = ate && food == nil ? .filled : !crashed.isEmpty ? .crashed : ate ? .ate : .moved
        return (bodies, crashed, food, outcome)
    }

    /// What the random rounds met, so the test knows it tried the cases that matter.
    struct Seen {
        var headOn = 0, intoBody = 0, intoLeavingTail = 0, intoGrowingTail = 0, ate = 0, filled = 0
    }

    @Test func everyStepIsWhatThePlainRulesSay() {
        var seen = Seen()
        var steer = SeededGenerator(seed: 11)
        var random = SeededGenerator(seed: 12)
        for round in 0..<800 {
            let players = 1 + round % 8
            // One snake alone gets a tiny board now and then, to fill it.
            let tiny = players == 1 && round % 16 == 0
            let width = tiny ? 3 : 4 + Int.random(in: 0..<8, using: &steer)
            let height = tiny ? 1 + Int.random(in: 0..<2, using: &steer) : 3 + Int.random(in: 0..<6, using: &steer)
            var board = SnakeBoard(width: width, height: height, wraps: round % 3 == 0, length: 2 + round % 3,
                                   players: players, using: &random)
            // A snake pulled out now and then: it covers nothing and blocks nothing.
            if players > 2, round % 5 == 0 { board.remove(snake: 1) }
            while !board.isOver {
                for index in board.snakes.indices where Int.random(in: 0..<3, using: &steer) == 0 {
                    if Bool.random(using: &steer), let food = board.food {
                        board.turn(toward: food, snake: index)
                    } else {
                        board.turn(Direction.allCases.randomElement(using: &steer)!, snake: index)
                    }
                }
                note(board, &seen)
                var copy = random
                let want = Self.expected(after: board, random: &copy)
                let before = board.snakes
                let outcome = board.step(using: &random)
                #expect(outcome == want.outcome)
                #expect(board.outcome == want.outcome)
                #expect(board.snakes.map(\.body) == want.bodies)
                #expect(board.food == want.food)
                #expect(random.next() == copy.next(), "the step draws from the generator as the plain rules do")
                for index in board.snakes.indices {
                    let wentOut = before[index].isIn && !board.snakes[index].isIn
                    #expect(wentOut == want.crashed.contains(index))
                    if wentOut { #expect(board.snakes[index].fate == .crashed && board.snakes[index].outAtStep == board.steps) }
                }
                if want.outcome == .ate { seen.ate += 1 }
                if want.outcome == .filled { seen.filled += 1 }
            }
        }
        #expect(seen.headOn > 20 && seen.intoBody > 20 && seen.intoLeavingTail > 20 && seen.intoGrowingTail > 5)
        #expect(seen.ate > 100 && seen.filled > 0)
    }

    /// Counts what the coming step's heads run into.
    func note(_ board: SnakeBoard, _ seen: inout Seen) {
        let moving = board.snakes.indices.filter { board.snakes[$0].isIn }
        var next: [Int: Point] = [:]
        for index in moving {
            let snake = board.snakes[index]
            var cell = (snake.turns.first ?? snake.heading).step(from: snake.head)
            if board.wraps { cell = Point(x: (cell.x + board.width) % board.width, y: (cell.y + board.height) % board.height) }
            next[index] = cell
        }
        for index in moving {
            let cell = next[index]!
            if moving.contains(where: { $0 != index && next[$0] == cell }) { seen.headOn += 1 }
            for other in moving {
                let body = board.snakes[other].body
                if body.dropLast().contains(cell) { seen.intoBody += 1 }
                if body.last == cell { next[other] == board.food ? (seen.intoGrowingTail += 1) : (seen.intoLeavingTail += 1) }
            }
        }
    }
}
