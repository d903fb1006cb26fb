#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Snake's settings, as the preferences form edits them.
public struct SnakePreferences: Equatable, Sendable {
    /// 1 (slowest) to `SnakeConstants.speeds.count`; a food is worth this many points.
    public var speed: Int
    /// Walls let the snake through to the other side instead of ending the round.
    public var wrap: Bool
    public var board: BoardSize
    /// Snakes on the board, one for each player: two can share a keyboard, up to eight play
    /// in a room.
    public var players: Int

    public init(speed: Int = 4, wrap: Bool = false, board: BoardSize = .medium, players: Int = 1) {
        self.speed = speed
        self.wrap = wrap
        self.board = board
        self.players = players
    }
}

/// The board in cells. Sizes are fixed, not taken from the terminal: the board is a rule of
/// the game, so a replay on any terminal plays the same; the view fits it by scaling cells.
public enum BoardSize: String, CaseIterable, Sendable {
    case small, medium, large

    public var width: Int {
        switch self {
        case .small: 18
        case .medium: 28
        case .large: 38
        }
    }

    public var height: Int {
        switch self {
        case .small: 8
        case .medium: 14
        case .large: 20
        }
    }
}
