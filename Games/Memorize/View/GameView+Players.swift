import GameHost

/// The parts of the game screen only a game of several players has: a line with each
/// player's points (the one on turn marked, the seat's own named "you"), the ranking at the
/// end, and the keys of a seat waiting for its turn.
extension GameView {
    func drawTallies(_ model: GameViewModel, for seat: Seat?, into frame: inout Frame, row: Int) {
        let width = frame.size.width - 2
        let turn = model.turn
        func parts(short: Bool) -> [String] {
            model.tallies.indices.map { player in
                let mark = turn == Seat(player) ? "▸" : " "
                let you = seat == Seat(player) ? (short ? "*" : GameViewModel.youMark) : ""
                return mark + model.tallyText(player, short: short) + you
            }
        }
        var chosen = parts(short: false)
        if DisplayWidth.of(chosen.joined(separator: "  ")) > width { chosen = parts(short: true) }
        var column = max(1, (frame.size.width - DisplayWidth.of(chosen.joined(separator: "  "))) / 2)
        for (player, text) in chosen.enumerated() {
            let style: Style = turn == Seat(player) ? Style(foreground: .yellow, bold: true)
                : seat == Seat(player) ? .bold : .dim
            column = frame.write(text, row: row, column: column, style: style, limit: max(0, frame.size.width - column)) + 2
        }
    }

    /// "Final scores", then one line per player, best first, in the board's place.
    func drawRanking(_ model: GameViewModel, into frame: inout Frame, top: Int, height: Int) {
        let lines = [GameViewModel.finalScores, ""] + model.rankingLines
        var row = top + max(0, (height - lines.count) / 2)
        for (index, line) in lines.enumerated() where row < top + height {
            frame.center(line, row: row, style: index == 0 ? .bold : index == 2 ? Style(foreground: .green, bold: true) : .plain)
            row += 1
        }
    }

    /// Every key of the game screen, disabled, saying whose turn it is.
    func waitingBindings(_ model: GameViewModel) -> [KeyBinding<GameViewModel.Intent>] {
        let wait = model.waitText
        return [
            .keys(.enter, .space, label: "turn", enabled: false, because: wait, .choose),
            .keys(.character("n"), label: "new game", enabled: false, because: wait, .newGame),
            .keys(.up, .character("k"), label: "move", enabled: false, because: wait, .move(.up)),
            .keys(.down, .character("j"), label: "move", enabled: false, because: wait, .move(.down)),
            .keys(.left, .character("h"), label: "move", enabled: false, because: wait, .move(.left)),
            .keys(.right, .character("l"), label: "move", enabled: false, because: wait, .move(.right)),
        ]
    }
}
