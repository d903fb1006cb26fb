/// The launcher's first screen: the games of the catalog, as config.json orders them.
final class MenuViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable {
        case move(Int)
        case select(Int)
        /// A number key or a click on a game: that game, selected and opened.
        case pick(Int)
        case open
        case scores
    }

    struct State: Encodable {
        let selected: String
    }

    let games: [GameInfo]
    private(set) var selected: Int

    init(games: [GameInfo], selected: String? = nil) {
        self.games = games
        self.selected = games.firstIndex { $0.id == selected } ?? 0
    }

    var state: State { State(selected: games[selected].id) }

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .move(let delta):
            selected = (selected + delta + games.count) % games.count
        case .select(let index) where games.indices.contains(index):
            selected = index
        case .select:
            break
        case .pick(let index):
            guard games.indices.contains(index) else { return [] }
            selected = index
            return handle(.open)
        case .open:
            let id = games[selected].id
            return [.session("open(\(id))") { $0.openForm(id) }]
        case .scores:
            let id = games[selected].id
            return [.session("scores(\(id))") { $0.showScores(id) }]
        }
        return []
    }
}

struct MenuView: ScreenView {
    func title(_ model: MenuViewModel) -> String { "GameHost" }

    func render(_ model: MenuViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        let rowsPerGame = size.height >= model.games.count * 3 + 2 ? 3 : (size.height >= model.games.count * 2 + 2 ? 2 : 1)
        let top = max(1, (size.height - model.games.count * rowsPerGame) / 2)
        let visible = max(1, (size.height - top) / rowsPerGame)
        let first = min(max(0, model.selected - visible + 1), max(0, model.games.count - visible))
        for (offset, game) in model.games.enumerated().dropFirst(first).prefix(visible) {
            let row = top + (offset - first) * rowsPerGame
            let isSelected = offset == model.selected
            let marker = isSelected ? "›" : " "
            let column = max(1, (size.width - 50) / 2)
            let style: Style = isSelected ? .reverse.with(bold: true) : .bold
            frame.write(marker, row: row, column: column, style: .bold)
            frame.write(" \(offset + 1)  \(game.title) ", row: row, column: column + 2, style: style)
            if rowsPerGame > 1 {
                let room = size.width - column - 7
                frame.write(DisplayWidth.truncate(game.summary, to: room), row: row + 1, column: column + 6, style: .dim)
            }
            // The game's title and summary lines, across the menu's width.
            frame.region(Rect(column: column, row: row, width: size.width - column, height: min(2, rowsPerGame)),
                         MenuViewModel.Intent.pick(offset))
        }
        frame.wheel(Rect(column: 0, row: 0, width: size.width, height: size.height),
                    up: MenuViewModel.Intent.move(-1), down: MenuViewModel.Intent.move(1))
        return frame
    }

    func bindings(_ model: MenuViewModel) -> [KeyBinding<MenuViewModel.Intent>] {
        var bindings: [KeyBinding<MenuViewModel.Intent>] = [
            .keys(.up, .character("k"), label: "move", .move(-1)),
            .keys(.down, .character("j"), label: "move", .move(1)),
            .keys(.enter, label: "open", .open),
            .keys(.character("s"), label: "scores", .scores),
        ]
        for index in model.games.indices.prefix(9) {
            bindings.append(.keys(.digit(index + 1), label: "open", hint: false, .pick(index)))
        }
        return bindings
    }
}
