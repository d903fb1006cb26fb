#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One round of Snake: the board, the snake on it, the food, and the rules of a step.
struct SnakeBoard: Equatable, Encodable {
    enum Outcome: String, Equatable, Encodable {
        /// The snake went one cell on.
        case moved
        /// It ate the food and grew by one cell.
        case ate
        /// It hit a wall or itself; the round is over.
        case crashed
        /// It ate the last food there was room for; the round is over, won.
        case filled
    }

    let width: Int
    let height: Int
    /// Walls let the snake through to the opposite side.
    let wraps: Bool
    /// Head first.
    private(set) var body: [Point]
    private(set) var heading: Direction
    /// Turns asked for and not yet taken, oldest first; one is taken per step.
    private(set) var turns: [Direction] = []
    private(set) var food: Point?
    private(set) var eaten = 0
    /// How the last step ended; nil before the first.
    private(set) var outcome: Outcome?

    /// A snake of `length` cells in the middle row, heading right from the left half, and
    /// food at a random free cell.
    init<Random: RandomNumberGenerator>(width: Int, height: Int, wraps: Bool, length: Int,
                                        using random: inout Random) {
        self.width = width
        self.height = height
        self.wraps = wraps
        let row = height / 2
        let headX = min(width - 1, max(length - 1, width / 3))
        body = (0..<min(length, headX + 1)).map { Point(x: headX - $0, y: row) }
        heading = .right
        placeFood(using: &random)
    }

    /// A board set up cell by cell, for tests: the snake (head first), its heading, the food.
    init(width: Int, height: Int, wraps: Bool, body: [Point], heading: Direction, food: Point?) {
        self.width = width
        self.height = height
        self.wraps = wraps
        self.body = body
        self.heading = heading
        self.food = food
    }

    var head: Point { body[0] }
    var length: Int { body.count }
    var isOver: Bool { outcome == .crashed || outcome == .filled }

    func contains(_ point: Point) -> Bool {
        point.x >= 0 && point.x < width && point.y >= 0 && point.y < height
    }

    /// Every cell the snake does not cover, row by row.
    var freeCells: [Point] {
        let taken = Set(body)
        return (0..<height).flatMap { y in (0..<width).map { Point(x: $0, y: y) } }.filter { !taken.contains($0) }
    }

    /// The direction the snake will be going once the turns asked for are taken.
    var plannedHeading: Direction { turns.last ?? heading }

    // MARK: - Rules

    /// Asks the snake to turn at its next free step. Turning back into itself, or the way it
    /// already goes, is ignored.
    mutating func turn(_ direction: Direction) {
        guard !isOver, direction != plannedHeading, direction != plannedHeading.opposite,
              turns.count < SnakeConstants.queuedTurns else { return }
        turns.append(direction)
    }

    /// Turns the snake toward a cell, as a click on the board does: a cell off the snake's
    /// line of travel turns it that way (up or down when it goes sideways, left or right
    /// when it goes up or down), so every such click changes course at the next step; a cell
    /// on its line, ahead or behind, changes nothing. With wrap-around the shorter way
    /// round counts.
    mutating func turn(toward target: Point) {
        guard contains(target), !isOver else { return }
        if plannedHeading.isHorizontal {
            let dy = offset(head.y, target.y, size: height)
            if dy != 0 { turn(dy < 0 ? .up : .down) }
        } else {
            let dx = offset(head.x, target.x, size: width)
            if dx != 0 { turn(dx < 0 ? .left : .right) }
        }
    }

    /// Moves the snake one cell; eating grows it and puts new food at a random free cell.
    @discardableResult
    mutating func step<Random: RandomNumberGenerator>(using random: inout Random) -> Outcome {
        guard !isOver else { return outcome! }
        if !turns.isEmpty { heading = turns.removeFirst() }
        var next = heading.step(from: head)
        if wraps {
            next = Point(x: (next.x + width) % width, y: (next.y + height) % height)
        }
        let eats = next == food
        // The tail moves out of the way in the same step, unless the snake grows.
        let blocking = eats ? body[...] : body.dropLast()
        guard contains(next), !blocking.contains(next) else {
            outcome = .crashed
            return .crashed
        }
        body.insert(next, at: 0)
        if eats {
            eaten += 1
            placeFood(using: &random)
            outcome = food == nil ? .filled : .ate
        } else {
            body.removeLast()
            outcome = .moved
        }
        return outcome!
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
