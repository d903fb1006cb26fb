#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// Snake's logic: the round on the board, whether it runs, is paused or is over, and the
/// pace of its ticks.
final class SnakeViewModel: ViewModel {
    enum Phase: String, Codable, Sendable {
        case playing
        /// No ticks: the snake waits, and so does the clock of the round.
        case paused
        /// The snake crashed or filled the board; Play again starts a new round.
        case over
    }

    enum Intent: Codable, Sendable, Equatable {
        case turn(Direction)
        /// Turn toward a cell of the board (a click on it); see `SnakeBoard.turn(toward:)`.
        case turnToward(x: Int, y: Int)
        /// One step of the snake, on the host's clock.
        case tick
        /// Pauses, or goes on after a pause.
        case pause
        case playAgain
    }

    struct State: Encodable {
        let phase: Phase
        let board: SnakeBoard
        let points: Int
    }

    let preferences: SnakePreferences
    private let context: GameContext
    private(set) var phase = Phase.playing
    private(set) var board: SnakeBoard
    private var startedAt: Date
    /// Whether the snake has moved or turned this round.
    private var moved = false

    init(preferences: SnakePreferences, context: GameContext) {
        self.preferences = preferences
        self.context = context
        board = Self.newBoard(preferences, context)
        startedAt = context.now
    }

    var state: State { State(phase: phase, board: board, points: points) }
    /// From the snake's first move or turn to the crash: paused before it moved, nothing is lost.
    var roundInPlay: Bool? { moved && phase != .over }

    /// The snake moves only while the round runs; paused or over, nothing wakes the host.
    var ticks: Ticks<Intent>? {
        phase == .playing ? Ticks(every: interval, .tick) : nil
    }

    var interval: Duration { .milliseconds(SnakeConstants.speeds[speedLevel - 1]) }
    /// The speed, kept within the levels there are.
    var speedLevel: Int { min(max(preferences.speed, 1), SnakeConstants.speeds.count) }
    /// Each food is worth the speed level in points, so faster rounds rank higher.
    var points: Int { board.eaten * speedLevel }
    var canSteer: Bool { phase == .playing }
    var canPause: Bool { phase != .over }

    // MARK: - Intents

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .turn(let direction):
            guard phase == .playing else { return [] }
            board.turn(direction)
            moved = true
        case .turnToward(let x, let y):
            guard phase == .playing else { return [] }
            board.turn(toward: Point(x: x, y: y))
            moved = true
        case .tick:
            guard phase == .playing else { return [] }
            board.step(using: &context.random)
            moved = true
            if board.isOver { return [finishRound()] }
        case .pause:
            switch phase {
            case .playing: phase = .paused
            case .paused: phase = .playing
            case .over: break
            }
        case .playAgain:
            guard phase == .over else { return [] }
            board = Self.newBoard(preferences, context)
            startedAt = context.now
            moved = false
            phase = .playing
        }
        return []
    }

    private func finishRound() -> Effect<Intent> {
        phase = .over
        return .reportRound(RoundResult(score: points, summary: roundSummary,
                                        duration: context.now.timeIntervalSince(startedAt)))
    }

    private static func newBoard(_ preferences: SnakePreferences, _ context: GameContext) -> SnakeBoard {
        SnakeBoard(width: preferences.board.width, height: preferences.board.height, wraps: preferences.wrap,
                   length: SnakeConstants.startLength, using: &context.random)
    }
}
