import GameHost

/// The game screen: the theme's name and the score, the board of cards, and a line on what
/// just happened. It decides nothing; it asks the view model.
struct GameView: ScreenView {
    var minimumSize: Size { MemorizeConstants.minimumSize }

    func title(_ model: GameViewModel) -> String { model.theme.name }

    func render(_ model: GameViewModel, in size: Size) -> Frame { render(model, in: size, for: nil) }

    /// With several players a line of scores sits under the header, and the end ranks them;
    /// a seat not on turn sees the cards it cannot turn now as not clickable.
    func render(_ model: GameViewModel, in size: Size, for seat: Seat?) -> Frame {
        var frame = Frame(size: size)
        var status = model.status(for: seat)
        // The theme's name keeps some room: with several players the status says it shorter.
        if size.width - DisplayWidth.of(status) - 4 < min(12, DisplayWidth.of(model.theme.name)) {
            status = model.status(for: seat, short: true)
        }
        let statusColumn = max(0, size.width - DisplayWidth.of(status) - 1)
        frame.write(DisplayWidth.truncate(model.theme.name, to: max(0, statusColumn - 2)), row: 0, column: 1,
                    style: ThemeStyle.name(model.theme), limit: max(0, statusColumn - 2))
        frame.write(status, row: 0, column: statusColumn, style: .bold)

        let roomy = size.height >= 16
        let several = model.players > 1
        let areaTop = roomy || several ? 2 : 1
        let area = Size(width: size.width - 2, height: size.height - areaTop - (roomy ? 2 : 1))
        if several { drawTallies(model, for: seat, into: &frame, row: 1) }
        if several, model.game.isOver {
            drawRanking(model, into: &frame, top: areaTop, height: area.height)
            frame.center(say(model.message, model), row: size.height - 1, style: Style(foreground: .green, bold: true))
            return frame
        }
        let layout = BoardLayout(columns: model.columns, rows: model.rows, cursorRow: model.cursor / model.columns,
                                 area: area)
        var board = Frame(size: area)
        drawCards(model, layout, mine: model.mayAct(seat), into: &board)
        frame.draw(board, row: areaTop, column: 1)
        if layout.hiddenAbove > 0 {
            frame.write("▲ \(layout.hiddenAbove)", row: areaTop + layout.topRow, column: 1 + layout.right + 1, style: .dim)
        }
        if layout.hiddenBelow > 0 {
            frame.write("▼ \(layout.hiddenBelow)", row: areaTop + layout.bottom, column: 1 + layout.right + 1, style: .dim)
        }

        let messageStyle: Style = model.game.isOver ? Style(foreground: .green, bold: true) : .dim
        frame.center(say(model.message, model), row: size.height - 1, style: messageStyle)
        return frame
    }

    private func drawCards(_ model: GameViewModel, _ layout: BoardLayout, mine: Bool, into board: inout Frame) {
        let color = model.theme.color.terminalColor
        for (index, card) in model.cards.enumerated() {
            guard let origin = layout.origin(row: index / model.columns, column: index % model.columns) else { continue }
            let look: CardView.Look
            if card.isMatched {
                look = model.isCleared(card) ? .hidden : .matched(card.content)
            } else {
                look = card.isFaceUp ? .face(card.content) : .back
            }
            CardView(look: look, size: layout.cardSize, color: color, isCursor: index == model.cursor && !model.game.isOver)
                .draw(into: &board, row: origin.row, column: origin.column)
            board.region(Rect(column: origin.column, row: origin.row, width: layout.cardSize.width,
                              height: layout.cardSize.height),
                         enabled: mine && model.game.canChoose(index), GameViewModel.Intent.chooseCard(index))
        }
    }

    /// Moves stay enabled at the edges (they do nothing there) so the footer reads as one hint.
    func bindings(_ model: GameViewModel) -> [KeyBinding<GameViewModel.Intent>] { bindings(model, for: nil) }

    /// A seat waiting for its turn sees every key, each saying whose turn it is.
    func bindings(_ model: GameViewModel, for seat: Seat?) -> [KeyBinding<GameViewModel.Intent>] {
        guard model.mayAct(seat) else { return waitingBindings(model) }
        // At the end Enter plays again, as at the end of every game (audit N17).
        let main: KeyBinding<GameViewModel.Intent> = model.game.isOver
            ? .keys(.enter, .space, label: GameViewModel.playAgainLabel, .newGame)
            : .keys(.enter, .space, label: "turn", enabled: model.canChoose, .choose)
        return [
            main,
            .keys(.character("n"), label: "new game", .newGame),
            .keys(.up, .character("k"), label: "move", .move(.up)),
            .keys(.down, .character("j"), label: "move", .move(.down)),
            .keys(.left, .character("h"), label: "move", .move(.left)),
            .keys(.right, .character("l"), label: "move", .move(.right)),
        ]
    }
}
