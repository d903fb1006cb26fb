#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// Snake's logic: the round on the board, whether it runs, is paused or is over, and the
/// pace of its ticks. With several players each steers a snake of their own: two share one
/// keyboard, and up to eight play in a room, each seat at its own terminal.
final class SnakeViewModel: ViewModel {
    enum Phase: String, Codable, Sendable {
        /// A new board: the snake waits for the first steering key, and nothing counts yet.
        case ready
        /// Every player is ready: the round starts when the count reaches 0 (several players).
        case countdown
        case playing
        /// No ticks: the snake waits, and so does the clock of the round.
        case paused
        /// The snake crashed or filled the board; Play again starts a new round.
        case over
    }

    enum Intent: Codable, Sendable, Equatable {
        /// Steers a snake: in a room the seat's own; on one terminal `player`'s (from 0; nil
        /// is the first), since two players share the keyboard there.
        case turn(Direction, player: Int? = nil)
        /// Turn toward a cell of the board (a click on it); see `SnakeBoard.turn(toward:)`.
        /// On one terminal a click steers the first player's snake.
        case turnToward(x: Int, y: Int)
        /// One step of the snake, on the host's clock.
        case tick
        /// Pauses, or goes on after a pause.
        case pause
        /// Pauses if the snake moves (the host's `hold`: the board cannot be seen, or the
        /// round was just resumed); never goes on.
        case hold
        case playAgain
        /// A room's seat left (`seatLeft`): its snake stops and is taken off the board.
        case left(player: Int)
    }

    struct State: Encodable {
        let phase: Phase
        let board: SnakeBoard
        let points: Int
        let countdown: Int
        let ready: [Int]
    }

    let preferences: SnakePreferences
    let context: GameContext
    private(set) var phase = Phase.ready
    private(set) var board: SnakeBoard
    private var startedAt: Date
    /// Whether the snake has moved or turned this round.
    private var moved = false
    /// Several players: those who steered since the board was new.
    private(set) var ready: Set<Int> = []
    /// Several players: seconds left before the round starts.
    private(set) var countdown = 0
    /// The players' scores as last made (`playerScores`), with what they were made from.
    var keptScores: KeptScores?
    /// The board's status line as last made (`statusText`), with the points it shows.
    var keptStatus: (points: Int, text: String)?

    init(preferences: SnakePreferences, context: GameContext) {
        self.preferences = preferences
        self.context = context
        board = Self.newBoard(preferences, context)
        startedAt = context.now
    }

    var state: State {
        State(phase: phase, board: board, points: points, countdown: countdown, ready: ready.sorted())
    }
    /// How many snakes the round has: the `players` preference.
    var players: Int { board.snakes.count }
    /// On one terminal two players share the keys; more take a room.
    var needsRoom: Bool { players > SnakeConstants.playersOnOneKeyboard && context.seating == .oneTerminal }
    /// From the first steering key to the crash: before it, nothing is lost.
    var roundInPlay: Bool? { moved && phase != .over }

    /// Paused whenever the host stops the time unasked, so the player finds the snake waiting.
    var hold: Intent? { .hold }

    /// The snake moves only while the round runs; paused or over, nothing wakes the host.
    var ticks: Ticks<Intent>? {
        switch phase {
        case .playing: Ticks(every: interval, .tick)
        case .countdown: Ticks(every: .seconds(1), .tick)
        case .ready, .paused, .over: nil
        }
    }

    var interval: Duration { .milliseconds(SnakeConstants.speeds[speedLevel - 1]) }
    /// The speed, kept within the levels there are.
    var speedLevel: Int { min(max(preferences.speed, 1), SnakeConstants.speeds.count) }
    /// Each food is worth the speed level in points, so faster rounds rank higher.
    var points: Int { board.eaten * speedLevel }
    /// Each player's points, player 1 first.
    var playerPoints: [Int] { board.snakes.map { $0.eaten * speedLevel } }
    /// Steering starts the round too, on a new board.
    var canSteer: Bool { (phase == .playing || phase == .ready || phase == .countdown) && !needsRoom }
    var canPause: Bool { phase == .playing || phase == .paused }

    /// A seat that leaves a room loses its snake at once: the others play on without it.
    func seatLeft(_ seat: Seat) -> Intent? { .left(player: seat.index) }

    // MARK: - Intents

    func handle(_ intent: Intent) -> [Effect<Intent>] { handle(intent, from: nil) }

    /// In a room a seat steers its own snake and nobody else's; a spectator (nil) steers
    /// none. Time (ticks) comes from no seat.
    func handle(_ intent: Intent, from seat: Seat?) -> [Effect<Intent>] {
        switch intent {
        case .turn(let direction, let player):
            guard canSteer, let snake = snake(for: seat, asked: player ?? 0) else { return [] }
            steer(snake) { $0.turn(direction, snake: snake) }
        case .turnToward(let x, let y):
            guard canSteer, let snake = snake(for: seat, asked: 0) else { return [] }
            steer(snake) { $0.turn(toward: Point(x: x, y: y), snake: snake) }
        case .tick:
            if phase == .countdown {
                countdown -= 1
                if countdown <= 0 { start() }
                return []
            }
            guard phase == .playing else { return [] }
            board.step(using: &context.random)
            moved = true
            if board.isOver { return [finishRound()] }
        case .pause:
            switch phase {
            case .playing: phase = .paused
            case .paused: phase = .playing
            case .ready, .countdown, .over: break
            }
        case .hold:
            if phase == .playing { phase = .paused }
        case .left(let player):
            return removeSnake(player)
        case .playAgain:
            guard phase == .over else { return [] }
            board = Self.newBoard(preferences, context)
            startedAt = context.now
            moved = false
            ready = []
            phase = .ready
        }
        return []
    }

    /// The snake an input steers: a room seat's own, or on one terminal the player named.
    private func snake(for seat: Seat?, asked: Int) -> Int? {
        let index = context.seating == .room ? seat?.index : asked
        guard let index, board.snakes.indices.contains(index), board.snakes[index].isIn else { return nil }
        return index
    }

    /// Steering on a new board says the player is ready: alone, the round starts at once;
    /// several start on a countdown once every one of them has steered.
    private func steer(_ snake: Int, _ change: (inout SnakeBoard) -> Void) {
        change(&board)
        guard phase == .ready else { return }
        if players == 1 {
            moved = true
            start()
            return
        }
        ready.insert(snake)
        if ready.count == board.snakes.filter(\.isIn).count {
            phase = .countdown
            countdown = SnakeConstants.countdownSeconds
        }
    }

    /// Takes a gone player's snake off; the round ends if one is left. Before the round
    /// starts the others need not wait for that player's key any more.
    private func removeSnake(_ player: Int) -> [Effect<Intent>] {
        guard phase != .over, players > 1 else { return [] }
        board.remove(snake: player)
        if board.isOver {
            // Before the first step nothing was played: the round ends with no score.
            guard moved else {
                phase = .over
                return []
            }
            return [finishRound()]
        }
        ready.remove(player)
        if phase == .ready, ready.count == board.snakes.filter(\.isIn).count {
            phase = .countdown
            countdown = SnakeConstants.countdownSeconds
        }
        return []
    }

    /// The round's clock starts with the snakes.
    private func start() {
        phase = .playing
        startedAt = context.now
    }

    private func finishRound() -> Effect<Intent> {
        phase = .over
        let duration = context.now.timeIntervalSince(startedAt)
        guard players > 1 else {
            return .reportRound(RoundResult(score: points, summary: roundSummary, duration: duration))
        }
        return .reportRound(RoundResult(score: playerPoints.max() ?? 0, summary: roundSummary, duration: duration,
                                        seatScores: playerPoints))
    }

    private static func newBoard(_ preferences: SnakePreferences, _ context: GameContext) -> SnakeBoard {
        SnakeBoard(width: preferences.board.width, height: preferences.board.height, wraps: preferences.wrap,
                   length: SnakeConstants.startLength, players: preferences.players, using: &context.random)
    }
}
