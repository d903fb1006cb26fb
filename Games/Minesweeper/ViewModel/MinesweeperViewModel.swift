#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// Minesweeper's round: the board, the cursor, the clock of the round, and every word and
/// symbol the player reads.
final class MinesweeperViewModel: ViewModel {
    enum Phase: String, Encodable, Sendable {
        /// A new board: nothing laid, the clock not started.
        case ready
        case playing
        case won
        case lost
    }

    enum Intent: Codable, Sendable, Equatable {
        case move(dx: Int, dy: Int)
        /// Opens the cell under the cursor.
        case reveal
        /// Flags the cell under the cursor, or takes its flag off.
        case flag
        /// A click: the cursor goes to the cell, which is opened (left) or flagged (right).
        case revealAt(x: Int, y: Int)
        case flagAt(x: Int, y: Int)
        /// A second of the round's clock, on the host's clock.
        case tick
        case newGame
    }

    struct State: Encodable {
        let phase: Phase
        let field: Minefield
        let cursor: Spot
        let seconds: Int
    }

    let preferences: MinesweeperPreferences
    private let context: GameContext
    private(set) var field: Minefield
    private(set) var cursor: Spot
    /// When the first reveal started the clock; nil before it.
    private var startedAt: Date?
    /// The round's time in seconds, as of the last input (the view reads no clock).
    private(set) var elapsed: Double = 0
    /// Whether the player flagged or opened anything this round.
    private var moved = false

    init(preferences: MinesweeperPreferences, context: GameContext) {
        self.preferences = preferences
        self.context = context
        field = Self.newField(preferences)
        cursor = Spot(x: field.width / 2, y: field.height / 2)
    }

    var phase: Phase {
        switch field.outcome {
        case .won: .won
        case .lost: .lost
        case .playing: field.isLaid ? .playing : .ready
        }
    }

    var isOver: Bool { phase == .won || phase == .lost }
    var state: State { State(phase: phase, field: field, cursor: cursor, seconds: seconds) }
    var roundInPlay: Bool? { moved && !isOver }
    /// The clock runs, one second at a time, from the first reveal to the end.
    var ticks: Ticks<Intent>? { phase == .playing ? Ticks(every: .seconds(1), .tick) : nil }

    var seconds: Int { Int(elapsed) }
    var canReveal: Bool { field.canReveal(cursor) }
    var canFlag: Bool { field.canFlag(cursor) }

    // MARK: - Intents

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        defer { updateClock() }
        switch intent {
        case .move(let dx, let dy):
            guard !isOver else { return [] }
            cursor = Spot(x: min(max(cursor.x + dx, 0), field.width - 1), y: min(max(cursor.y + dy, 0), field.height - 1))
        case .reveal:
            return open(cursor)
        case .flag:
            if field.toggleFlag(cursor) { moved = true }
        case .revealAt(let x, let y):
            guard !isOver, field.contains(Spot(x: x, y: y)) else { return [] }
            cursor = Spot(x: x, y: y)
            return open(cursor)
        case .flagAt(let x, let y):
            guard !isOver, field.contains(Spot(x: x, y: y)) else { return [] }
            cursor = Spot(x: x, y: y)
            if field.toggleFlag(cursor) { moved = true }
        case .tick:
            break
        case .newGame:
            guard isOver else { return [] }
            field = Self.newField(preferences)
            startedAt = nil
            elapsed = 0
            moved = false
        }
        return []
    }

    private func open(_ spot: Spot) -> [Effect<Intent>] {
        let wasReady = phase == .ready
        guard field.reveal(spot, using: &context.random) else { return [] }
        moved = true
        if wasReady { startedAt = context.now }
        guard isOver else { return [] }
        updateClock(ending: true)
        // A win scores 1 and ranks by its time (the game's order is fastest win); a loss scores 0.
        let size = "\(field.width)×\(field.height), \(field.mineCount) mines"
        if phase == .won {
            return [.reportRound(RoundResult(score: 1, maximum: 1, summary: "cleared \(size)", duration: elapsed))]
        }
        let safe = field.width * field.height - field.mineCount
        return [.reportRound(RoundResult(score: 0, maximum: 1,
                                         summary: "lost \(size): \(field.opened.count - 1) of \(safe) opened",
                                         duration: elapsed))]
    }

    /// The clock runs while the round does and stops at its end: the time it then shows is
    /// the time the round took.
    private func updateClock(ending: Bool = false) {
        guard let startedAt, phase == .playing || ending else { return }
        elapsed = max(0, context.now.timeIntervalSince(startedAt))
    }

    private static func newField(_ preferences: MinesweeperPreferences) -> Minefield {
        Minefield(width: preferences.width, height: preferences.height, mines: preferences.mines)
    }
}
