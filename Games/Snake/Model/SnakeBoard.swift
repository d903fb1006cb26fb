#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One round of Snake: the board, the snakes on it (one for each player), the food, and the
/// rules of a step. Every snake moves in the same step, so the board is the same whatever
/// order the players' keys came in between two steps.
struct SnakeBoard: Equatable, Encodable {
    enum Outcome: String, Equatable, Encodable {
        /// The snakes went one cell on.
        case moved
        /// A snake ate the food and grew by one cell.
        case ate
        /// A snake hit a wall, a body or another head, and is out.
        case crashed
        /// The food had nowhere left to go; the round is over.
        case filled
    }

    let width: Int
    let height: Int
    /// Walls let the snakes through to the opposite side.
    let wraps: Bool
    /// Player 1's snake first.
    private(set) var snakes: [Snake]
    private(set) var food: Point?
    /// Steps taken this round.
    private(set) var steps = 0
    /// How the last step ended; nil before the first.
    private(set) var outcome: Outcome?
    private(set) var isOver = false

    /// `players` snakes of `length` cells, and food at a random free cell. One snake starts
    /// in the middle row heading right from the left half; several start on rows of their
    /// own, spread down the board, heading right from the left third and left from the right
    /// third in turn, so no two start on a collision course.
    init<Random: RandomNumberGenerator>(width: Int, height: Int, wraps: Bool, length: Int, players: Int = 1,
                                        using random: inout Random) {
        self.width = width
        self.height = height
        self.wraps = wraps
        let count = max(1, players)
        snakes = (0..<count).map { index in
            let row = count == 1 ? height / 2 : (index + 1) * height / (count + 1)
            let rightward = index % 2 == 0
            let headX = count == 1 ? min(width - 1, max(length - 1, width / 3))
                : rightward ? max(length - 1, width / 3) : min(width - length, width - 1 - width / 3)
            let cells = rightward ? min(length, headX + 1) : min(length, width - headX)
            let body = (0..<cells).map { Point(x: rightward ? headX - $0 : headX + $0, y: row) }
            return Snake(body: body, heading: rightward ? .right : .left)
        }
        placeFood(using: &random)
    }

    /// A board set up cell by cell, for tests: the snakes (each head first) and the food.
    init(width: Int, height: Int, wraps: Bool, snakes: [Snake], food: Point?) {
        self.width = width
        self.height = height
        self.wraps = wraps
        self.snakes = snakes
        self.food = food
    }

    /// A board of one snake set up cell by cell, for tests.
    init(width: Int, height: Int, wraps: Bool, body: [Point], heading: Direction, food: Point?) {
        self.init(width: width, height: height, wraps: wraps, snakes: [Snake(body: body, heading: heading)],
                  food: food)
    }

    // The first snake, which is the only one in a game for one.
    var head: Point { snakes[0].head }
    var body: [Point] { snakes[0].body }
    var heading: Direction { snakes[0].heading }
    var turns: [Direction] { snakes[0].turns }
    var eaten: Int { snakes[0].eaten }
    var length: Int { snakes[0].length }
    var plannedHeading: Direction { snakes[0].plannedHeading }

    func contains(_ point: Point) -> Bool {
        point.x >= 0 && point.x < width && point.y >= 0 && point.y < height
    }

    /// Every cell no snake in the round covers, row by row.
    var freeCells: [Point] {
        var taken = TakenCells(width: width, height: height)
        for snake in snakes where snake.isIn { taken.insert(snake.body) }
        var free: [Point] = []
        free.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width where !taken.contains(Point(x: x, y: y)) { free.append(Point(x: x, y: y)) }
        }
        return free
    }

    /// Whether a snake is drawn: while it is in the round, and on the step it went out, so
    /// a player sees where it crashed (at the end of the round, for good).
    func shows(_ snake: Snake) -> Bool {
        snake.isIn || (snake.fate == .crashed && snake.outAtStep == steps)
    }

    /// The snakes that won, once the round is over: the last one in; or, when the last ones
    /// went out together or the board filled, those of them that ate the most. Empty before.
    var winners: [Int] {
        guard isOver, snakes.count > 1 else { return [] }
        let standing = snakes.indices.filter { snakes[$0].isIn }
        let finalists = standing.isEmpty ? snakes.indices.filter { snakes[$0].outAtStep == steps } : standing
        let most = finalists.map { snakes[$0].eaten }.max() ?? 0
        return finalists.filter { snakes[$0].eaten == most }
    }

    // MARK: - Rules

    /// Asks a snake (the first if not said) to turn at its next free step. Turning back into
    /// itself, or the way it already goes, is ignored.
    mutating func turn(_ direction: Direction, snake index: Int = 0) {
        guard !isOver, snakes.indices.contains(index) else { return }
        snakes[index].turn(direction)
    }

    /// Turns a snake toward a cell, as a click on the board does: a cell off the snake's
    /// line of travel turns it that way (up or down when it goes sideways, left or right
    /// when it goes up or down), so every such click changes course at the next step; a cell
    /// on its line, ahead or behind, changes nothing. With wrap-around the shorter way
    /// round counts.
    mutating func turn(toward target: Point, snake index: Int = 0) {
        guard contains(target), !isOver, snakes.indices.contains(index), snakes[index].isIn else { return }
        let snake = snakes[index]
        if snake.plannedHeading.isHorizontal {
            let dy = offset(snake.head.y, target.y, size: height)
            if dy != 0 { turn(dy < 0 ? .up : .down, snake: index) }
        } else {
            let dx = offset(snake.head.x, target.x, size: width)
            if dx != 0 { turn(dx < 0 ? .left : .right, snake: index) }
        }
    }

    /// A player went: their snake stops and is taken off the board at once. The round ends
    /// if that leaves one snake (or none) of several.
    mutating func remove(snake index: Int) {
        guard !isOver, snakes.indices.contains(index), snakes[index].isIn else { return }
        snakes[index].goOut(.left, atStep: steps)
        endIfDecided()
    }

    /// Moves every snake in the round one cell, all at once. A head that meets a wall
    /// (unless the board wraps), any body, or another head crashes; tails that move on in
    /// the same step are out of the way. Eating grows a snake and puts new food at a random
    /// free cell.
    @discardableResult
    mutating func step<Random: RandomNumberGenerator>(using random: inout Random) -> Outcome {
        guard !isOver else { return outcome! }
        steps += 1
        // Where each snake in the round goes; nil for one that is out. A step runs on every
        // tick of every seat's copy of a room: flat arrays and a grid, no hashing.
        var next = [Point?](repeating: nil, count: snakes.count)
        for index in snakes.indices where snakes[index].isIn {
            var cell = snakes[index].takeTurn()
            if wraps { cell = Point(x: (cell.x + width) % width, y: (cell.y + height) % height) }
            next[index] = cell
        }
        let eats = next.map { $0 != nil && $0 == food }
        // A snake's own tail moves out of the way in the same step, unless the snake grows.
        var blocking = TakenCells(width: width, height: height)
        for index in snakes.indices where next[index] != nil {
            blocking.insert(eats[index] ? snakes[index].body[...] : snakes[index].body.dropLast())
        }
        let crashed = snakes.indices.map { index in
            guard let cell = next[index] else { return false }
            return !contains(cell) || blocking.contains(cell)
                || next.indices.contains { $0 != index && next[$0] == cell }
        }
        var ate = false
        for index in snakes.indices {
            guard let cell = next[index] else { continue }
            if crashed[index] {
                snakes[index].goOut(.crashed, atStep: steps)
            } else {
                snakes[index].advance(to: cell, eating: eats[index])
                ate = ate || eats[index]
            }
        }
        if ate { placeFood(using: &random) }
        outcome = ate && food == nil ? .filled : crashed.contains(true) ? .crashed : ate ? .ate : .moved
        endIfDecided()
        return outcome!
    }

    /// One snake alone plays until it crashes; several play until one is left.
    private mutating func endIfDecided() {
        var standing = 0
        for snake in snakes where snake.isIn { standing += 1 }
        isOver = outcome == .filled || standing == 0 || (snakes.count > 1 && standing == 1)
    }

    private mutating func placeFood<Random: RandomNumberGenerator>(using random: inout Random) {
        food = freeCells.randomElement(using: &random)
    }

    /// The signed way from `from` to `to` along an axis of `size` cells: with wrap-around,
    /// the shorter one.
    private func offset(_ from: Int, _ to: Int, size: Int) -> Int {
        let direct = to - from
        guard wraps else { return direct }
        let around = direct > 0 ? direct - size : direct + size
        return abs(around) < abs(direct) ? around : direct
    }
}

/// The cells of a board that snakes cover, as a flat grid: a set of points with no hashing.
/// Cells off the board are never taken.
struct TakenCells {
    let width: Int
    let height: Int
    private var taken: [Bool]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        taken = Array(repeating: false, count: max(0, width * height))
    }

    func contains(_ point: Point) -> Bool {
        point.x >= 0 && point.x < width && point.y >= 0 && point.y < height && taken[point.y * width + point.x]
    }

    mutating func insert(_ points: some Sequence<Point>) {
        for point in points where point.x >= 0 && point.x < width && point.y >= 0 && point.y < height {
            taken[point.y * width + point.x] = true
        }
    }
}
