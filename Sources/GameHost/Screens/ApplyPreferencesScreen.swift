/// Asked when the preferences sheet closes with new values while a round is in play: new
/// values start a new game, which would end the round. Keeping on (the default: nothing is
/// lost) leaves them for the next game.
final class ApplyPreferencesViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable {
        case move(Int)
        case choose
        case keepPlaying
        case newGame
    }

    struct State: Encodable {
        let game: String
        let selected: Int
    }

    let game: GameInfo
    /// 0: keep playing, 1: a new game with the new preferences.
    private(set) var selected = 0
    private let startNew: Effect<Intent>

    init(game: GameInfo, startNew: Effect<Intent>) {
        self.game = game
        self.startNew = startNew
    }

    var state: State { State(game: game.id, selected: selected) }

    // MARK: - Words for the view

    static let choices = ["Keep playing", "New game with them"]
    var heading: String { "The new preferences need a new game of \(game.title)." }
    static let detail = "Keep playing, and they apply to your next game; or end this round now."
    static let keptNotice = "The new preferences apply to your next game."
    var question: Prose<Intent> { "\(key: .keepPlaying) keep playing, \(key: .newGame) new game." }

    // MARK: - Intents

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .move(let delta):
            selected = (selected + delta + Self.choices.count) % Self.choices.count
        case .choose:
            return handle(selected == 0 ? .keepPlaying : .newGame)
        case .keepPlaying:
            return [.pop, .notify(Self.keptNotice)]
        case .newGame:
            return [.pop, startNew]
        }
        return []
    }
}

struct ApplyPreferencesView: ScreenView {
    func title(_ model: ApplyPreferencesViewModel) -> String { "New preferences" }

    func render(_ model: ApplyPreferencesViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        let width = max(0, size.width - 2)
        let heading = DisplayWidth.wrap(model.heading, width: width)
        let detail = DisplayWidth.wrap(ApplyPreferencesViewModel.detail, width: width)
        let top = max(0, (size.height - heading.count - detail.count - 5) / 2)
        var row = top
        for line in heading { frame.center(line, row: row, style: .bold); row += 1 }
        for line in detail { frame.center(line, row: row, style: .dim); row += 1 }
        row += 1
        for (index, choice) in ApplyPreferencesViewModel.choices.enumerated() {
            let isSelected = index == model.selected
            // The same width for both, so the choices line up.
            let longest = ApplyPreferencesViewModel.choices.map { DisplayWidth.of($0) }.max() ?? 0
            let text = (isSelected ? "› " : "  ") + choice + String(repeating: " ", count: longest - DisplayWidth.of(choice))
            let intent: ApplyPreferencesViewModel.Intent = index == 0 ? .keepPlaying : .newGame
            let end = frame.center(text, row: row, style: isSelected ? .reverse.with(bold: true) : .plain)
            let textWidth = DisplayWidth.of(text)
            frame.region(Rect(column: max(0, end - textWidth), row: row, width: textWidth), intent)
            row += 1
        }
        row += 1
        frame.center(DisplayWidth.truncate(say(model.question, model), to: width), row: row, style: .dim)
        return frame
    }

    func bindings(_ model: ApplyPreferencesViewModel) -> [KeyBinding<ApplyPreferencesViewModel.Intent>] {
        [.keys(.up, .character("k"), label: "move", .move(-1)),
         .keys(.down, .character("j"), label: "move", .move(1)),
         .keys(.enter, label: "choose", .choose),
         .keys(.character("c"), label: "keep playing", .keepPlaying),
         .keys(.character("n"), label: "new game", .newGame)]
    }
}
