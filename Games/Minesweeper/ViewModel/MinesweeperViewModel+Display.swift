import GameHost

/// What the board shows: a symbol per cell, and the words of the status and news lines.
extension MinesweeperViewModel {
    enum Symbol: Equatable, Sendable {
        case closed
        case flag
        /// An open cell and how many mines touch it.
        case open(Int)
        /// A mine shown after the round is lost.
        case mine
        /// The mine that was opened.
        case exploded
        /// A flag on a cell without a mine, shown after the round is lost.
        case wrongFlag

        var glyph: String {
            switch self {
            case .closed: "·"
            case .flag: "⚑"
            case .open(0): " "
            case .open(let count): String(count)
            case .mine, .exploded: "*"
            case .wrongFlag: "×"
            }
        }
    }

    /// The symbol of every cell, row by row.
    var symbols: [Symbol] {
        var symbols: [Symbol] = []
        symbols.reserveCapacity(field.width * field.height)
        for y in 0..<field.height {
            for x in 0..<field.width { symbols.append(symbol(at: Spot(x: x, y: y))) }
        }
        return symbols
    }

    func symbol(at spot: Spot) -> Symbol {
        if spot == field.exploded { return .exploded }
        if field.opened.contains(spot) { return .open(field.count(around: spot)) }
        let lost = phase == .lost
        if field.flagged.contains(spot) { return lost && !field.mines.contains(spot) ? .wrongFlag : .flag }
        if lost, field.mines.contains(spot) { return .mine }
        // A won board shows every mine found, flagged or not.
        if phase == .won, field.mines.contains(spot) { return .flag }
        return .closed
    }

    /// "Mines 7 · 0:42": the mines not yet flagged, and the round's time.
    var statusText: String {
        let left = phase == .won ? 0 : field.mineCount - field.flagged.count
        return "Mines \(left) · \(TimeText.minutesAndSeconds(Double(seconds)))"
    }

    /// The line under the board: what to do, or how the round ended.
    var news: Prose<Intent> {
        switch phase {
        case .ready: "\(key: .reveal) or a click opens a cell; the first is never a mine."
        case .playing: "\(key: .flag) or a right-click flags a mine."
        case .won: "Cleared in \(TimeText.minutesAndSeconds(Double(seconds)))! \(key: .newGame) plays again."
        case .lost: "A mine! \(key: .newGame) plays again."
        }
    }

    /// Why the cell under the cursor cannot be opened now.
    var whyNoReveal: Prose<Intent> {
        if isOver { return "The round is over: \(key: .newGame) plays again." }
        if field.flagged.contains(cursor) { return "A flagged cell stays shut: \(key: .flag) takes the flag off." }
        return "That cell is open already."
    }

    var whyNoFlag: Prose<Intent> {
        isOver ? "The round is over: \(key: .newGame) plays again." : "An open cell takes no flag."
    }

    var whyNoNewGame: Prose<Intent> { "A new board comes when this round ends." }
}
