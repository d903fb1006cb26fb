#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One snake on the board: its cells, where it goes, what it ate, and whether it is still in
/// the round. The board moves every snake in one step; a snake only keeps its own course.
struct Snake: Equatable, Encodable {
    /// How a snake left the round.
    enum Fate: String, Equatable, Encodable {
        /// Its head met a wall, a body or another head.
        case crashed
        /// Its player went: the snake stops and is taken off the board.
        case left
    }

    /// Head first.
    private(set) var body: [Point]
    private(set) var heading: Direction
    /// Turns asked for and not yet taken, oldest first; one is taken per step.
    private(set) var turns: [Direction] = []
    private(set) var eaten = 0
    /// nil while the snake is in the round.
    private(set) var fate: Fate?
    /// The board's step at which the snake went out; nil while it is in.
    private(set) var outAtStep: Int?

    init(body: [Point], heading: Direction) {
        self.body = body
        self.heading = heading
    }

    var head: Point { body[0] }
    var length: Int { body.count }
    var isIn: Bool { fate == nil }

    /// The direction the snake will be going once the turns asked for are taken.
    var plannedHeading: Direction { turns.last ?? heading }

    /// Asks the snake to turn at its next free step. Turning back into itself, or the way it
    /// already goes, is ignored.
    mutating func turn(_ direction: Direction) {
        guard isIn, direction != plannedHeading, direction != plannedHeading.opposite,
              turns.count < SnakeConstants.queuedTurns else { return }
        turns.append(direction)
    }

    /// Takes the next turn asked for, if any, and says where the head goes next (before any
    /// wrap-around).
    mutating func takeTurn() -> Point {
        if !turns.isEmpty { heading = turns.removeFirst() }
        return heading.step(from: head)
    }

    /// The head goes to `next`; the tail follows unless the snake ate.
    mutating func advance(to next: Point, eating: Bool) {
        body.insert(next, at: 0)
        if eating { eaten += 1 } else { body.removeLast() }
    }

    mutating func goOut(_ fate: Fate, atStep step: Int) {
        guard isIn else { return }
        self.fate = fate
        outAtStep = step
        turns = []
    }
}
