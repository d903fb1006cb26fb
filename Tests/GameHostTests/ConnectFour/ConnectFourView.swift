import GameHost

// View/ConnectFourView.swift — draws the board for a seat and binds its keys; decides nothing.
struct ConnectFourView: ScreenView {
    var minimumSize: Size { Size(width: 30, height: 10) }

    func title(_ model: ConnectFourViewModel) -> String { "Connect Four" }

    func render(_ model: ConnectFourViewModel, in size: Size) -> Frame { render(model, in: size, for: nil) }

    func render(_ model: ConnectFourViewModel, in size: Size, for seat: Seat?) -> Frame {
        var frame = Frame(size: size)
        let left = (size.width - 3 * ConnectFourBoard.columns) / 2, top = (size.height - 9) / 2
        frame.center(model.status, row: top, style: .bold)
        for column in 0..<ConnectFourBoard.columns {
            let x = left + 3 * column + 1
            if model.mayMove(seat), column == model.column {
                frame.write(ConnectFourViewModel.aim, row: top + 1, column: x, style: .bold)
            }
            for row in 0..<ConnectFourBoard.rows {
                let disc = model.board.disc(column: column, row: row)
                frame.write(model.symbol(column: column, row: row), row: top + 7 - row, column: x,
                            style: disc.map { Style(foreground: $0 == 0 ? .red : .yellow, bold: true) } ?? .dim)
            }
            frame.write("\(column + 1)", row: top + 8, column: x, style: .dim)
            // A click anywhere on a column drops there: the column's numbers, discs and aim.
            frame.region(Rect(column: x - 1, row: top + 1, width: 3, height: 8),
                         enabled: model.mayDrop(in: column, seat), ConnectFourViewModel.Intent.dropIn(column))
        }
        return frame
    }

    func bindings(_ model: ConnectFourViewModel) -> [KeyBinding<ConnectFourViewModel.Intent>] {
        bindings(model, for: nil)
    }

    func bindings(_ model: ConnectFourViewModel, for seat: Seat?) -> [KeyBinding<ConnectFourViewModel.Intent>] {
        let moving = model.mayMove(seat)
        let drops: [KeyBinding<ConnectFourViewModel.Intent>] = (0..<ConnectFourBoard.columns).map { column in
            .keys(.digit(column + 1), label: "drop in \(column + 1)", enabled: model.mayDrop(in: column, seat),
                  because: model.refusal(.dropIn(column), seat), hint: false, .dropIn(column))
        }
        return [.keys(.left, label: "aim", enabled: moving, because: model.refusal(.left, seat), .left),
                .keys(.right, label: "aim", enabled: moving, because: model.refusal(.right, seat), .right),
                .keys(.enter, .down, label: "drop", enabled: model.mayDrop(in: model.column, seat),
                      because: model.refusal(.drop, seat), .drop),
                .keys(.character("n"), label: "new game", enabled: model.mayStartAgain(seat),
                      because: model.refusal(.again, seat), .again)] + drops
    }
}
