import GameHost

/// The words and symbols a player reads; the view only places and colors them.
extension SnakeViewModel {
    /// What a board cell shows, one character wide; the view repeats it to fill a cell
    /// drawn wider than one column.
    enum Symbol: Equatable {
        case empty, body, food, crash
        /// The head points the way the snake goes, so a player sees which end leads.
        case head(Direction)

        var glyph: String {
            switch self {
            case .empty: " "
            // One cell, like the body's block. Where a terminal draws these 2 cells wide
            // (East Asian ambiguous width) the host writes ^ v < > instead, as it does for
            // box drawing (`NarrowGlyphs`); so does plain mode for TERM=dumb.
            case .head(.up): "▲"
            case .head(.down): "▼"
            case .head(.left): "◀"
            case .head(.right): "▶"
            case .body: "█"
            case .food: "*"
            case .crash: "X"
            }
        }

        /// A glyph that fills two columns at once, where the view draws cells that wide.
        var wideGlyph: String? { self == .food ? "🍎" : nil }
    }

    /// What each cell of the board shows, row by row.
    var symbols: [Symbol] {
        var cells = Array(repeating: Symbol.empty, count: board.width * board.height)
        func set(_ point: Point, _ symbol: Symbol) {
            if board.contains(point) { cells[point.y * board.width + point.x] = symbol }
        }
        if let food = board.food { set(food, .food) }
        for point in board.body.dropFirst() { set(point, .body) }
        set(board.head, board.outcome == .crashed ? .crash : .head(board.heading))
        return cells
    }

    /// The line in the board's top edge; the score last, so a new score rewrites its digits
    /// and nothing else.
    var statusText: String {
        "speed \(speedLevel)" + (preferences.wrap ? " · wrap" : "") + " · points \(points)"
    }

    /// What shows over the middle of the board once the round is over.
    struct Banner: Equatable {
        let title: String
        let lines: [Prose<Intent>]
        /// The label of a button under the lines that sends `.playAgain`; nil: none.
        let playAgain: String?
    }

    static let playAgainTitle = "Play again"

    /// The banner; nil until the round is over.
    var banner: Banner? {
        guard phase == .over else { return nil }
        return Banner(title: board.outcome == .filled ? "Board filled!" : "Game over",
                      lines: ["\(pointsText)"], playAgain: Self.playAgainTitle)
    }

    /// What the snake waits for, in the board's bottom edge so that it hides no cell: the
    /// player sees where the head points before going on. The short form is for a narrow board.
    var waitingNote: (long: Prose<Intent>, short: Prose<Intent>)? {
        switch phase {
        case .ready: ("Press an arrow key to start", "Steer to start")
        case .paused: ("Paused · press \(key: .pause) to go on", "Paused")
        case .playing, .over: nil
        }
    }

    /// "1 point", "12 points": the score in the words the board's edge and the banner use.
    var pointsText: String { points == 1 ? "1 point" : "\(points) points" }

    /// The round in Scores, with the same number and word as the game showed (audit N12),
    /// and the speed that made it worth that much.
    var roundSummary: String {
        let score = "\(pointsText) at speed \(speedLevel)"
        return board.outcome == .filled ? "board filled: " + score : score
    }
}
