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
        /// A new board: the snake waits for the first steering key, and nothing counts yet.
        case ready
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
        /// Pauses if the snake moves (the host's `hold`: the board cannot be seen, or the
        /// round was just resumed); never goes on.
        case hold
        case playAgain
    }

    struct State: Encodable {
        let phase: Phase
        let board: SnakeBoard
        let points: Int
    }

    let preferences: SnakePreferences
    private let context: GameContext
    private(set) var phase = Phase.ready
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
    /// From the first steering key to the crash: before it, nothing is lost.
    var roundInPlay: Bool? { moved && phase != .over }

    /// Paused whenever the host stops the time unasked, so the player finds the snake waiting.
    var hold: Intent? { .hold }

    /// The snake moves only while the round runs; paused or over, nothing wakes the host.
    var ticks: Ticks<Intent>? {
        phase == .playing ? Ticks(every: interval, .tick) : nil
    }

    var interval: Duration { .milliseconds(SnakeConstants.speeds[speedLevel - 1]) }
    /// The speed, kept within the levels there are.
    var speedLevel: Int { min(max(preferences.speed, 1), SnakeConstants.speeds.count) }
    /// Each food is worth the speed level in points, so faster rounds rank higher.
    var points: Int { board.eaten * speedLevel }
    /// Steering starts the round too, on a new board.
    var canSteer: Bool { phase == .playing || phase == .ready }
    var canPause: Bool { phase == .playing || phase == .paused }

    // MARK: - Intents

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .turn(let direction):
            guard canSteer else { return [] }
            beginIfReady()
            board.turn(direction)
        case .turnToward(let x, let y):
            guard canSteer else { return [] }
            beginIfReady()
            board.turn(toward: Point(x: x, y: y))
        case .tick:
            guard phase == .playing else { return [] }
            board.step(using: &context.random)
            moved = true
            if board.isOver { return [finishRound()] }
        case .pause:
            switch phase {
            case .playing: phase = .paused
            case .paused: phase = .playing
            case .ready, .over: break
            }
        case .hold:
            if phase == .playing { phase = .paused }
        case .playAgain:
            guard phase == .over else { return [] }
            board = Self.newBoard(preferences, context)
            startedAt = context.now
            moved = false
            phase = .ready
        }
        return []
    }

    /// The first steering key starts the round, and its clock.
    private func beginIfReady() {
        moved = true
        guard phase == .ready else { return }
        phase = .playing
        startedAt = context.now
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
