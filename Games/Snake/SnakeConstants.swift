/// Snake's numbers, in one place.
enum SnakeConstants {
    /// Milliseconds between two steps of the snake, for speeds 1, 2, 3 …
    static let speeds = [250, 200, 160, 125, 100, 80, 60]
    /// Cells of a new snake, the head included.
    static let startLength = 4
    /// Turns remembered ahead of the snake, so two quick keys between steps make a U-turn.
    static let queuedTurns = 3
    /// Snakes in one round: one alone, up to eight in a room.
    static let players = 1...8
    /// Players who can share one keyboard: the arrows and W A S D.
    static let playersOnOneKeyboard = 2
    /// Seconds counted down before a round of several players starts.
    static let countdownSeconds = 3
}
