import GameHost

/// Minesweeper's numbers and colours, in one place.
enum MinesweeperConstants {
    /// The colour of each count of neighbouring mines, 1 to 8.
    static let numberColors: [Color] = [.blue, .green, .red, .purple, .brown, .teal, .magenta, .gray]
    /// Columns the status and news lines want at least: narrower, they are cut with "…".
    static let narrowestLines = 24
}
