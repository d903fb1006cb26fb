/// Snake's numbers, in one place.
enum SnakeConstants {
    /// Milliseconds between two steps of the snake, for speeds 1, 2, 3 …
    static let speeds = [250, 200, 160, 125, 100, 80, 60]
    /// Cells of a new snake, the head included.
    static let startLength = 4
    /// Turns remembered ahead of the snake, so two quick keys between steps make a U-turn.
    static let queuedTurns = 3
}
