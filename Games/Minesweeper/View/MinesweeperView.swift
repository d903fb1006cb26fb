import GameHost

/// Draws the board, the mines left and the time above it, and the news under it; binds the
/// keys, and the board's clicks (left opens, right flags). It decides nothing.
struct MinesweeperView: ScreenView {
    let preferences: MinesweeperPreferences

    var minimumSize: Size { MinefieldLayout.minimumSize(preferences) }

    func title(_ model: MinesweeperViewModel) -> String { "Minesweeper" }

    func render(_ model: MinesweeperViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        let layout = MinefieldLayout(preferences, in: size)
        let board = layout.board
        if layout.boxed {
            frame.box(row: board.row - 1, column: board.column - 1, width: board.width + 2, height: board.height + 2)
        }
        frame.center(model.statusText, row: layout.statusRow, style: .bold)
        drawCells(model, layout, into: &frame)
        frame.center(say(model.news, model), row: layout.newsRow)
        frame.region(board, enabled: !model.isOver, labels: [.right: "flag"]) { column, row, button in
            layout.spot(column: column, row: row).flatMap { spot -> MinesweeperViewModel.Intent? in
                switch button {
                case .left: .revealAt(x: spot.x, y: spot.y)
                case .right: .flagAt(x: spot.x, y: spot.y)
                case .middle: nil
                }
            }
        }
        return frame
    }

    private func drawCells(_ model: MinesweeperViewModel, _ layout: MinefieldLayout, into frame: inout Frame) {
        let symbols = model.symbols
        for y in 0..<layout.rows {
            for x in 0..<layout.columns {
                let symbol = symbols[y * layout.columns + x]
                var style = style(symbol)
                if model.cursor == Spot(x: x, y: y), !model.isOver { style.reverse = true }
                let text = layout.cellWidth == 3 ? " " + symbol.glyph + " " : symbol.glyph + " "
                frame.write(text, row: layout.top + y, column: layout.left + x * layout.cellWidth, style: style)
            }
        }
    }

    private func style(_ symbol: MinesweeperViewModel.Symbol) -> Style {
        switch symbol {
        case .closed: .dim
        case .flag: Style(foreground: .red, bold: true)
        case .open(let count): count == 0 ? .plain : Style(foreground: MinesweeperConstants.numberColors[(count - 1) % 8])
        case .mine: .bold
        case .exploded: Style(foreground: .red, bold: true, reverse: true)
        case .wrongFlag: Style(foreground: .red)
        }
    }

    func bindings(_ model: MinesweeperViewModel) -> [KeyBinding<MinesweeperViewModel.Intent>] {
        let playing = !model.isOver
        return [
            .keys(.enter, .space, label: "open", enabled: model.canReveal, because: model.whyNoReveal, .reveal),
            .keys(.character("f"), label: "flag", enabled: model.canFlag, because: model.whyNoFlag, .flag),
            .keys(.up, label: "move", enabled: playing, hint: playing, .move(dx: 0, dy: -1)),
            .keys(.down, label: "move", enabled: playing, hint: playing, .move(dx: 0, dy: 1)),
            .keys(.left, label: "move", enabled: playing, hint: playing, .move(dx: -1, dy: 0)),
            .keys(.right, label: "move", enabled: playing, hint: playing, .move(dx: 1, dy: 0)),
            .keys(.character("n"), label: "new board", enabled: model.isOver, because: model.whyNoNewGame,
                  hint: model.isOver, .newGame),
        ]
    }
}
