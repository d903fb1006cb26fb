/// The launcher's first screen: the games of the catalog, as config.json orders them.
final class MenuViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable {
        case move(Int)
        case select(Int)
        /// A number key or a click on a game: that game, selected and opened.
        case pick(Int)
        case open
        case scores
        /// Who is online (a hosted session's lobby).
        case lobby
    }

    struct State: Encodable {
        let selected: String
    }

    let games: [GameInfo]
    private(set) var selected: Int
    /// Whether the lobby is a key away: in a hosted session.
    let hasLobby: Bool

    init(games: [GameInfo], selected: String? = nil, hasLobby: Bool = false) {
        self.games = games
        self.hasLobby = hasLobby
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
            return [.host(.openForm(game: id))]
        case .scores:
            let id = games[selected].id
            return [.host(.showScores(game: id))]
        case .lobby:
            return [.host(.lobby)]
        }
        return []
    }
}

struct MenuView: ScreenView {
    /// The launcher's first title, under every other in the header.
    static let title = "GameHost"

    func title(_ model: MenuViewModel) -> String { Self.title }

    /// How the games are laid out in a terminal of some size.
    struct Layout {
        /// The summary beside the title (on wide terminals) or under it.
        let beside: Bool
        /// Lines per game, blank ones between games included.
        let rowsPerGame: Int
        /// A box around the games, with a heading, where there is room.
        let boxed: Bool
        /// Cells from the marker to the end of the longest summary (or the screen's edge).
        let width: Int
        let titleWidth: Int

        init(_ games: [GameInfo], in size: Size) {
            titleWidth = games.map { DisplayWidth.of($0.title) }.max() ?? 0
            let summaryWidth = games.map { DisplayWidth.of($0.summary) }.max() ?? 0
            // "› 1  Title   Summary": marker, number, title padded, three spaces, summary.
            let besideWidth = 6 + titleWidth + 3 + summaryWidth
            beside = besideWidth <= size.width - 2
            width = beside ? besideWidth : min(size.width - 2, max(6 + titleWidth, 6 + summaryWidth))
            let count = games.count
            if beside {
                rowsPerGame = size.height >= count * 2 + 1 ? 2 : 1
            } else {
                rowsPerGame = size.height >= count * 3 + 2 ? 3 : (size.height >= count * 2 + 2 ? 2 : 1)
            }
            boxed = beside && width + 6 <= size.width && count * rowsPerGame + 5 <= size.height
        }
    }

    func render(_ model: MenuViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        let layout = Layout(model.games, in: size)
        let rowsPerGame = layout.rowsPerGame
        // A blank line between games on one line each; none after the last.
        let gap = layout.beside && rowsPerGame == 2 ? 1 : 0
        let listHeight = model.games.count * rowsPerGame - gap
        let blockHeight = listHeight + (layout.boxed ? 4 : 0)
        let blockTop = max(layout.boxed ? 0 : 1, (size.height - blockHeight) / 2)
        let top = blockTop + (layout.boxed ? 2 : 0)
        let visible = max(1, (size.height - top - (layout.boxed ? 2 : 0) + gap) / rowsPerGame)
        let first = min(max(0, model.selected - visible + 1), max(0, model.games.count - visible))
        let column = max(1, (size.width - layout.width) / 2)
        if layout.boxed {
            frame.box(row: blockTop, column: column - 3, width: layout.width + 6, height: blockHeight, style: .dim)
            frame.write(" Choose a game ", row: blockTop, column: column, style: .bold)
        }
        for (offset, game) in model.games.enumerated().dropFirst(first).prefix(visible) {
            let row = top + (offset - first) * rowsPerGame
            let isSelected = offset == model.selected
            let style: Style = isSelected ? .reverse.with(bold: true) : .bold
            frame.write(isSelected ? "›" : " ", row: row, column: column, style: .bold)
            let name = " \(offset + 1)  " + (layout.beside ? DisplayWidth.pad(game.title, to: layout.titleWidth) : game.title) + " "
            let end = frame.write(name, row: row, column: column + 2, style: style)
            let summaryRow = layout.beside ? row : row + 1
            if layout.beside || rowsPerGame > 1 {
                let start = layout.beside ? end + 2 : column + 6
                frame.write(DisplayWidth.truncate(game.summary, to: max(0, size.width - start - 1)), row: summaryRow,
                            column: start, style: isSelected ? .plain : .dim)
            }
            // The game's title and summary lines, across the menu's width.
            let height = layout.beside ? 1 : min(2, rowsPerGame)
            frame.region(Rect(column: column, row: row, width: min(size.width - column, layout.width + 2), height: height),
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
        if model.hasLobby { bindings.append(.keys(.character("o"), label: "online", .lobby)) }
        for index in model.games.indices.prefix(9) {
            bindings.append(.keys(.digit(index + 1), label: "open", hint: false, .pick(index)))
        }
        return bindings
    }
}
