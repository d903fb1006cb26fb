import GameHost

/// The words and symbols a player reads; the view only places and colors them.
extension SnakeViewModel {
    /// What a board cell shows, one character wide; the view repeats it to fill a cell
    /// drawn wider than one column.
    enum Symbol: Equatable {
        case empty, food, crash
        /// The head points the way the snake goes, so a player sees which end leads; after a
        /// steering key, the way it will go, so the key shows at once rather than at the next
        /// step (in a room, on every seat's screen between two ticks).
        case head(Direction, player: Int = 0)
        /// Each player's body has its own shade as well as its colour, so players tell their
        /// snakes apart where colours do not show.
        case body(player: Int)

        /// A character, not a string: the view fills cells with it on every frame.
        var glyph: Character {
            switch self {
            case .empty: " "
            // One cell, like the body's block. Where a terminal draws these 2 cells wide
            // (East Asian ambiguous width) the host writes ^ v < > instead, as it does for
            // box drawing (`NarrowGlyphs`); so does plain mode for TERM=dumb.
            case .head(.up, _): "▲"
            case .head(.down, _): "▼"
            case .head(.left, _): "◀"
            case .head(.right, _): "▶"
            case .body(let player): Self.bodies[player % Self.bodies.count]
            case .food: "*"
            case .crash: "X"
            }
        }

        static let bodies: [Character] = ["█", "▓", "▒", "░"]

        /// A glyph that fills two columns at once, where the view draws cells that wide.
        var wideGlyph: String? { self == .food ? "🍎" : nil }

        /// The player whose snake the cell is part of; nil for the food, the crash and the empty.
        var player: Int? {
            switch self {
            case .head(_, let player), .body(let player): player
            case .empty, .food, .crash: nil
            }
        }
    }

    /// What each cell of the board shows, row by row.
    var symbols: [Symbol] {
        var cells = Array(repeating: Symbol.empty, count: board.width * board.height)
        layEachSymbol { point, symbol in cells[point.y * board.width + point.x] = symbol }
        return cells
    }

    /// Every cell of the board that shows something, in the order they are laid: the food,
    /// the bodies, the heads; where two fall on one cell, the later covers the earlier. A view
    /// that draws only these (a few dozen cells, not the whole board) covers in that order too.
    func layEachSymbol(_ lay: (Point, Symbol) -> Void) {
        func set(_ point: Point, _ symbol: Symbol) {
            if board.contains(point) { lay(point, symbol) }
        }
        if let food = board.food { set(food, .food) }
        for (player, snake) in board.snakes.enumerated() where board.shows(snake) {
            for point in snake.body.dropFirst() { set(point, .body(player: player)) }
        }
        // Heads last: where two met, the crash shows over the bodies.
        for (player, snake) in board.snakes.enumerated() where board.shows(snake) {
            set(snake.head, snake.fate == .crashed ? .crash : .head(snake.plannedHeading, player: player))
        }
    }

    /// The line in the board's top edge; the score last, so a new score rewrites its digits
    /// and nothing else. With several players, their scores follow in `playerScores`.
    /// Drawn every frame: made again only when the points change (the rest is preferences).
    var statusText: String {
        let points = points
        if let keptStatus, keptStatus.points == points { return keptStatus.text }
        let text = statusText(points: points)
        keptStatus = (points, text)
        return text
    }

    /// The status line made anew, showing `points`.
    func statusText(points: Int) -> String {
        "speed \(speedLevel)" + (preferences.wrap ? " · wrap" : "") + (players > 1 ? "" : " · points \(points)")
    }

    /// Each player's name and points, player 1 first, for the board's top edge; a player
    /// whose snake is out is marked so. Drawn every frame, and mostly the same from one tick
    /// to the next: made again only when a name, a snake's points or its fate changed.
    var playerScores: [(player: Int, text: String)] {
        guard players > 1 else { return [] }
        let names = context.seatNames()
        if let keptScores, keptScores.names == names, keptScores.shows(board.snakes) { return keptScores.scores }
        let scores = playerScores(names: names)
        keptScores = KeptScores(names: names, snakes: board.snakes.map { ($0.eaten, $0.fate) }, scores: scores)
        return scores
    }

    /// What `playerScores` are made from, with them. The speed is not among it: the
    /// preferences stay the same for the view model's life.
    struct KeptScores {
        let names: [String?]
        let snakes: [(eaten: Int, fate: Snake.Fate?)]
        let scores: [(player: Int, text: String)]

        func shows(_ snakes: [Snake]) -> Bool {
            guard snakes.count == self.snakes.count else { return false }
            for (kept, snake) in zip(self.snakes, snakes) where kept.eaten != snake.eaten || kept.fate != snake.fate {
                return false
            }
            return true
        }
    }

    /// The players' scores made anew, with the seats' `names`: each text appended, not
    /// interpolated.
    func playerScores(names: [String?]) -> [(player: Int, text: String)] {
        let level = speedLevel
        var scores: [(player: Int, text: String)] = []
        scores.reserveCapacity(board.snakes.count)
        for (player, snake) in board.snakes.enumerated() {
            var text = name(of: player, among: names)
            text += ": "
            text += String(snake.eaten * level)
            if !snake.isIn { text += snake.fate == .left ? " (gone)" : " ✗" }
            scores.append((player, text))
        }
        return scores
    }

    /// A player's name as the room knows it, else "Player 2".
    func name(of player: Int) -> String { name(of: player, among: context.seatNames()) }

    private func name(of player: Int, among names: [String?]) -> String {
        if names.indices.contains(player), let name = names[player], !name.isEmpty { return name }
        return "Player \(player + 1)"
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
        if needsRoom {
            return Banner(title: "\(players) players take a room",
                          lines: ["Each plays at their own terminal: host it with gamehost host.",
                                  "On one keyboard, Snake takes 1 or 2 players."], playAgain: nil)
        }
        guard phase == .over else { return nil }
        guard players > 1 else {
            return Banner(title: board.outcome == .filled ? "Board filled!" : "Game over",
                          lines: ["\(pointsText)"], playAgain: Self.playAgainTitle)
        }
        return Banner(title: winnerText, lines: board.snakes.indices.map { "\(name(of: $0)): \(points(of: $0))" },
                      playAgain: Self.playAgainTitle)
    }

    /// "Ada wins!", or a draw's names when the last ones fell with as many points.
    var winnerText: String {
        let winners = board.winners.map { name(of: $0) }
        switch winners.count {
        case 0: return "Game over"
        case 1: return "\(winners[0]) wins!"
        default: return "A draw: " + winners.joined(separator: " and ")
        }
    }

    func points(of player: Int) -> String {
        playerPoints[player] == 1 ? "1 point" : "\(playerPoints[player]) points"
    }

    /// What the snake waits for, in the board's bottom edge so that it hides no cell: the
    /// player sees where the head points before going on. The short form is for a narrow board.
    var waitingNote: (long: Prose<Intent>, short: Prose<Intent>)? {
        switch phase {
        case .ready where needsRoom: nil
        case .ready where players > 1:
            ("Steer to be ready: \(ready.count) of \(players) ready", "\(ready.count) of \(players) ready")
        case .ready: ("Press an arrow key to start", "Steer to start")
        case .countdown: ("Starting in \(countdown)", "\(countdown)")
        case .paused: ("Paused · press \(key: .pause) to go on", "Paused")
        case .playing, .over: nil
        }
    }

    /// "1 point", "12 points": the score in the words the board's edge and the banner use.
    var pointsText: String { points == 1 ? "1 point" : "\(points) points" }

    /// The round in Scores, with the same number and word as the game showed (audit N12),
    /// and the speed that made it worth that much.
    var roundSummary: String {
        guard players > 1 else {
            let score = "\(pointsText) at speed \(speedLevel)"
            return board.outcome == .filled ? "board filled: " + score : score
        }
        let scores = board.snakes.indices.map { "\(name(of: $0)) \(playerPoints[$0])" }.joined(separator: ", ")
        return "\(winnerText) \(scores) at speed \(speedLevel)"
    }
}
