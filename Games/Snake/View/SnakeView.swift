import GameHost

/// Draws the board in a border, the score in the border's top edge, and a banner while the
/// snake is paused or the round is over. It decides nothing; it asks the view model.
struct SnakeView: ScreenView {
    let board: BoardSize
    let keptBindings = Kept<BindingsShape, [KeyBinding<SnakeViewModel.Intent>]>()
    let keptTopEdge = Kept<BorderWords, Frame>()

    var minimumSize: Size { BoardLayout.minimumSize(board) }

    func title(_ model: SnakeViewModel) -> String { "Snake" }

    func render(_ model: SnakeViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        let layout = BoardLayout(board: board, in: size)
        drawBorder(model, layout, into: &frame)
        drawCells(model, layout, into: &frame)
        // A click on the board turns the snake toward the cell clicked.
        let inside = Rect(column: layout.left + 1, row: layout.top + 1, width: layout.columns * layout.cellWidth,
                          height: layout.rows * layout.cellHeight)
        frame.region(inside, enabled: model.canSteer) { column, row in
            layout.cell(row: inside.row + row, column: inside.column + column)
                .map { SnakeViewModel.Intent.turnToward(x: $0.x, y: $0.y) }
        }
        // After the board's region: the banner's button is declared over it, so it wins.
        if let banner = model.banner { drawBanner(banner, model, layout, into: &frame) }
        if let note = model.waitingNote { drawNote(note, model, layout, into: &frame) }
        return frame
    }

    /// The note centred in the board's bottom edge, the long form where it fits.
    private func drawNote(_ note: (long: Prose<SnakeViewModel.Intent>, short: Prose<SnakeViewModel.Intent>),
                          _ model: SnakeViewModel, _ layout: BoardLayout, into frame: inout Frame) {
        let room = max(0, layout.outerWidth - 4)
        let long = " " + say(note.long, model) + " "
        let text = DisplayWidth.of(long) <= room ? long
            : " " + DisplayWidth.truncate(say(note.short, model), to: max(0, room - 2)) + " "
        frame.center(text, row: layout.top + layout.outerHeight - 1, style: Style(bold: true, reverse: true),
                     column: layout.left, width: layout.outerWidth)
    }

    /// The board's border with the words in its top edge. The top edge is the same on most
    /// ticks: it is kept, drawn from its words and width, and copied over the box's top line
    /// while they are the same (its words cost more to make and write than the box). Where
    /// the board does not fit it is written afresh, so a check records what a write cuts.
    private func drawBorder(_ model: SnakeViewModel, _ layout: BoardLayout, into frame: inout Frame) {
        let words = BorderWords(width: layout.outerWidth, wrap: model.preferences.wrap, status: model.statusText,
                                scores: model.playerScores.map { Score(player: $0.player, text: $0.text) })
        guard layout.outerWidth <= frame.size.width, layout.outerHeight <= frame.size.height else {
            return Self.drawBorder(words, top: layout.top, left: layout.left, height: layout.outerHeight, into: &frame)
        }
        frame.box(row: layout.top, column: layout.left, width: layout.outerWidth, height: layout.outerHeight,
                  style: words.style)
        frame.draw(keptTopEdge.value(for: words, make: Self.topEdge), row: layout.top, column: layout.left)
    }

    /// All that the border's top edge is drawn from.
    struct BorderWords: Equatable {
        let width: Int
        let wrap: Bool
        let status: String
        let scores: [Score]

        // Walls that let the snake through are drawn faint.
        var style: Style { wrap ? .dim : .plain }
    }

    struct Score: Equatable {
        let player: Int
        let text: String
    }

    /// The top row of the border as `drawBorder(_:top:left:height:into:)` draws it, alone.
    static func topEdge(_ words: BorderWords) -> Frame {
        var border = Frame(size: Size(width: words.width, height: 2))
        drawBorder(words, top: 0, left: 0, height: 2, into: &border)
        var edge = Frame(size: Size(width: words.width, height: 1))
        edge.draw(border, row: 0, column: 0)
        return edge
    }

    /// The border, `words.width` by `height` cells from (`top`, `left`), written afresh.
    static func drawBorder(_ words: BorderWords, top: Int, left: Int, height: Int, into frame: inout Frame) {
        let style = words.style
        let inner = words.width - 2
        frame.box(row: top, column: left, width: words.width, height: height, style: style)
        // From the left, in the border's style, so a new score changes only its digits.
        let status = DisplayWidth.truncate(" " + words.status + " ", to: max(0, inner - 2))
        var column = frame.write(status, row: top, column: left + 2, style: style)
        // Each player's name and points in the colour of their snake.
        let end = left + 2 + max(0, inner - 2)
        for score in words.scores where column < end - 3 {
            column = frame.write("· ", row: top, column: column, style: style)
            let shown = DisplayWidth.truncate(score.text, to: end - column - 1)
            column = frame.write(shown, row: top, column: column, style: Self.style(player: score.player))
            column = frame.write(" ", row: top, column: column, style: style)
        }
    }

    /// Each player's colour, player 1 first: the first is the one snake's own.
    static let colors: [Color] = [.green, .cyan, .yellow, .magenta, .orange, .blue, .pink, .purple]

    static func style(player: Int) -> Style { styles[player % styles.count] }

    /// Made once: a cell's style is asked for on every frame.
    private static let styles = colors.map { Style(foreground: $0) }
    private static let crash = Style(foreground: .red, bold: true, reverse: true)

    /// Each cell's rows filled with its glyph, the wide one where the cell is wide enough.
    /// Filled, not written: the board's cells are most of what changes on a tick, and a glyph
    /// one column wide is stored as it is, with no text made and measured per cell. Only the
    /// cells that show something are drawn, in the order the view model lays them, each over
    /// what an earlier one drew there (a fill covers both columns of an apple); cells laid one
    /// after the other side by side with the same symbol (a snake going sideways) in one fill.
    private func drawCells(_ model: SnakeViewModel, _ layout: BoardLayout, into frame: inout Frame) {
        let even = layout.cellWidth % 2 == 0
        // Cells laid and not drawn yet: side by side on a row, the same symbol.
        var run: (column: Int, row: Int, width: Int, symbol: SnakeViewModel.Symbol)?
        func draw(_ run: (column: Int, row: Int, width: Int, symbol: SnakeViewModel.Symbol)) {
            let style = style(run.symbol)
            for line in 0..<layout.cellHeight {
                frame.fill(row: run.row + line, column: run.column, width: run.width, character: run.symbol.glyph,
                           style: style)
            }
        }
        model.layEachSymbol { point, symbol in
            let origin = layout.origin(x: point.x, y: point.y)
            if let wide = even ? symbol.wideGlyph : nil {
                if let pending = run { draw(pending) }
                run = nil
                for line in 0..<layout.cellHeight {
                    frame.write(String(repeating: wide, count: layout.cellWidth / 2), row: origin.row + line,
                                column: origin.column, style: style(symbol))
                }
                return
            }
            if let pending = run, pending.symbol == symbol, pending.row == origin.row {
                if origin.column == pending.column + pending.width {
                    run = (pending.column, pending.row, pending.width + layout.cellWidth, symbol)
                    return
                }
                if origin.column + layout.cellWidth == pending.column {
                    run = (origin.column, pending.row, pending.width + layout.cellWidth, symbol)
                    return
                }
            }
            if let pending = run { draw(pending) }
            run = (origin.column, origin.row, layout.cellWidth, symbol)
        }
        if let run { draw(run) }
    }

    private func style(_ symbol: SnakeViewModel.Symbol) -> Style {
        switch symbol {
        case .empty: .plain
        case .head(_, let player), .body(let player): Self.style(player: player)
        // The apple has its own colors; the narrow `*` keeps the board's, like the score,
        // so that eating switches no style.
        case .food: .plain
        case .crash: Self.crash
        }
    }

    /// A blank rectangle over the middle of the board, as wide as its longest line, with the
    /// Play again button under the lines when the banner has one.
    private func drawBanner(_ banner: SnakeViewModel.Banner, _ model: SnakeViewModel, _ layout: BoardLayout,
                            into frame: inout Frame) {
        let inner = layout.outerWidth - 2
        let lines = [banner.title] + banner.lines.map { say($0, model) }
        // The button names its key where that fits; short of room the key goes (the footer
        // names it too).
        var key: String? = keyName(.playAgain, model)
        if let label = banner.playAgain, Frame.buttonWidth(label, key: key) + 2 > inner { key = nil }
        let buttonWidth = banner.playAgain.map { Frame.buttonWidth($0, key: key) } ?? 0
        // Whole cells, so no cell shows half of itself beside the banner.
        let cell = layout.cellWidth
        let longest = max(lines.map { DisplayWidth.of($0) }.max() ?? 0, buttonWidth) + 4
        let width = min(inner, (longest + cell - 1) / cell * cell)
        let column = layout.left + 1 + (inner - width) / 2 / cell * cell
        let height = lines.count + (banner.playAgain == nil ? 0 : 1)
        let first = layout.top + 1 + max(0, (layout.outerHeight - 2 - height) / 2)
        for (offset, text) in lines.enumerated() {
            let padded = " " + DisplayWidth.truncate(text, to: max(0, width - 2)) + " "
            frame.fill(row: first + offset, column: column, width: width)
            frame.center(padded, row: first + offset, style: offset == 0 ? Style(bold: true, reverse: true) : .bold,
                         column: column, width: width)
        }
        guard let label = banner.playAgain else { return }
        let row = first + lines.count
        frame.fill(row: row, column: column, width: width)
        let range = frame.button(label, key: key, row: row, column: column + max(0, (width - buttonWidth) / 2),
                                 style: .bold)
        frame.region(Rect(column: range.lowerBound, row: row, width: range.count), SnakeViewModel.Intent.playAgain)
    }

    /// The largest smaller board that fits, named as the preferences name it (audit N14).
    func advice(_ model: SnakeViewModel, toFit size: Size) -> String? {
        let smaller = BoardSize.allCases.filter { $0.width < board.width && BoardLayout.minimumSize($0).fits(in: size) }
        guard let fitting = smaller.max(by: { $0.width < $1.width }) else { return nil }
        return "Board: \(fitting.rawValue) fits this terminal"
    }

    func bindings(_ model: SnakeViewModel) -> [KeyBinding<SnakeViewModel.Intent>] { bindings(model, for: nil) }

    /// Alone, or a seat in a room, the arrows (and h j k l) steer; two players at one
    /// keyboard steer with the arrows and with W A S D. Made again only when what they show
    /// changed: a room's seat asks for them every frame.
    func bindings(_ model: SnakeViewModel, for seat: Seat?) -> [KeyBinding<SnakeViewModel.Intent>] {
        let shared = model.players > 1 && model.context.seating == .oneTerminal
        let shape = BindingsShape(steer: model.canSteer, pause: model.canPause, paused: model.phase == .paused,
                                  over: model.phase == .over, room: model.context.seating == .room,
                                  names: shared ? [model.name(of: 0), model.name(of: 1)] : nil)
        return keptBindings.value(for: shape) { $0.bindings }
    }

    /// All that Snake's bindings are made from.
    struct BindingsShape: Equatable {
        let steer: Bool
        let pause: Bool
        let paused: Bool
        let over: Bool
        let room: Bool
        /// The two players' names at one keyboard; nil for one snake to a keyboard.
        let names: [String]?

        var bindings: [KeyBinding<SnakeViewModel.Intent>] {
            var keys: [KeyBinding<SnakeViewModel.Intent>] = []
            keys.reserveCapacity(10)
            let first = names.map { "steer " + $0[0] } ?? "steer"
            keys.append(.keys(.up, .character("k"), label: first, enabled: steer, .turn(.up)))
            keys.append(.keys(.down, .character("j"), label: first, enabled: steer, .turn(.down)))
            keys.append(.keys(.left, .character("h"), label: first, enabled: steer, .turn(.left)))
            keys.append(.keys(.right, .character("l"), label: first, enabled: steer, .turn(.right)))
            if names != nil || room {
                // In a room W A S D steer the seat's own snake too; at one keyboard, the second.
                let label = names.map { "steer " + $0[1] } ?? "steer"
                let player: Int? = names == nil ? nil : 1
                keys.append(.keys(.character("w"), label: label, enabled: steer, .turn(.up, player: player)))
                keys.append(.keys(.character("a"), label: label, enabled: steer, .turn(.left, player: player)))
                keys.append(.keys(.character("s"), label: label, enabled: steer, .turn(.down, player: player)))
                keys.append(.keys(.character("d"), label: label, enabled: steer, .turn(.right, player: player)))
            }
            keys.append(.keys(.character("p"), .space, label: paused ? "go on" : "pause", enabled: pause, .pause))
            keys.append(.keys(.enter, label: "play again", enabled: over, .playAgain))
            return keys
        }
    }
}
