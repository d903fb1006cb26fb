#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Shown when a hosted player connects while another connection of theirs is online: take
/// that session's game over (it saves and ends), watch it, or go on to the lobby without it.
final class TakeOverViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable {
        case move(Int)
        case choose
        case takeOver
        case watch
        case goOn
        /// A look, every `pollInterval`, whether the other session has ended yet.
        case poll(Int)
    }

    struct State: Encodable {
        let session: String
        let selected: Int
    }

    /// The other session, as the registry holds it.
    let other: ConnectionRegistry.Entry
    let now: Date
    private(set) var selected = 0
    /// Set once the other session is asked to end: the screen says so and takes no choice.
    private(set) var waiting = false
    static let pollInterval = Duration.milliseconds(50)

    init(other: ConnectionRegistry.Entry, now: Date) {
        self.other = other
        self.now = now
    }

    var state: State { State(session: other.id, selected: selected) }

    // MARK: - Words for the view

    /// The room the other session sits in (or watches), by its code.
    var room: RoomCode? { other.room.flatMap { try? RoomCode(parsing: $0) } }

    /// Whether the other session has a game to watch: its own, or its room's.
    var watchable: Bool { other.game != nil || room != nil }

    /// The choices that apply: a session in the lobby has no game to watch.
    var choices: [(label: String, intent: Intent)] {
        var choices: [(label: String, intent: Intent)] = [("Take over", .takeOver)]
        if watchable { choices.append(("Watch it", .watch)) }
        choices.append(("Go on without it", .goOn))
        return choices
    }

    /// The title comes from a file: sanitized here.
    var heading: String {
        guard let title = other.title.map(TextSanitizer.clean) else { return "You are online from another connection too." }
        guard let room else { return "You are playing \(title) from another connection." }
        return other.seat == nil ? "You are watching room \(room) (\(title)) from another connection."
            : "You are in room \(room) (\(title)) from another connection."
    }

    /// "In play for 12m · online for 1h05 · at 100×30".
    var detail: String {
        let time = now.timeIntervalSince1970
        // Durations, as the lobby shows them: the same on every clock and in every zone.
        var words = ["online for \(LobbyViewModel.duration(time - other.started))"]
        if let started = other.gameStarted { words.insert("In play for \(LobbyViewModel.duration(time - started))", at: 0) }
        words.append("at \(other.width)×\(other.height)")
        let text = words.joined(separator: " · ")
        return text.prefix(1).uppercased() + text.dropFirst()
    }

    var question: String {
        if waiting { return "Taking over: waiting for the other connection to save and end…" }
        if let room, other.seat != nil { return "Taking over ends that connection; your seat in room \(room) comes here." }
        return "Taking over saves the game there and ends that connection" + (other.game == nil ? "." : "; it goes on here.")
    }

    // MARK: - Intents

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        let other = other
        switch intent {
        case .move(let delta):
            selected = (selected + delta + choices.count) % choices.count
        case .choose:
            return handle(choices[selected].intent)
        case .takeOver:
            guard !waiting else { return [] }
            waiting = true
            return [.host(.takeOver(other, tries: 0)), .after(Self.pollInterval, .poll(1))]
        case .poll(let tries):
            return [.host(.takeOver(other, tries: tries)),
                    .after(Self.pollInterval, .poll(tries + 1))]
        case .watch:
            guard watchable, !waiting else { return [] }
            if let room { return [.pop, .host(.watchRoom(room))] }
            return [.pop, .host(.watch(other))]
        case .goOn:
            return waiting ? [] : [.pop]
        }
        return []
    }
}

struct TakeOverView: ScreenView {
    func title(_ model: TakeOverViewModel) -> String { "Online elsewhere" }

    func render(_ model: TakeOverViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        let width = max(1, size.width - 2)
        let choices = model.choices
        // Wrapped on a narrow terminal; the explanation goes first where the height is short.
        let heading = DisplayWidth.wrap(model.heading, width: width, limit: 2)
        let detail = DisplayWidth.wrap(model.detail, width: width, limit: 2)
        var question = DisplayWidth.wrap(model.question, width: width, limit: 2)
        let needed = heading.count + detail.count + 2 + choices.count
        if needed + 1 + question.count > size.height - 1, !model.waiting { question = [] }
        var row = max(1, (size.height - needed - (question.isEmpty ? 0 : 1 + question.count)) / 2)
        for line in heading { frame.center(line, row: row, style: .bold); row += 1 }
        for line in detail { frame.center(line, row: row, style: .dim); row += 1 }
        row += 1
        let longest = choices.map(\.label.count).max() ?? 0
        for (index, choice) in choices.enumerated() {
            let isSelected = index == model.selected
            // One width for all, so the choices line up.
            let label = choice.label + String(repeating: " ", count: longest - choice.label.count)
            let text = (isSelected ? "› " : "  ") + label + "  "
            frame.center(text, row: row, style: isSelected ? .reverse.with(bold: true) : .plain)
            frame.region(Rect(column: 0, row: row, width: size.width, height: 1), choice.intent)
            row += 1
        }
        row += 1
        for line in question { frame.center(line, row: row, style: .dim); row += 1 }
        return frame
    }

    func bindings(_ model: TakeOverViewModel) -> [KeyBinding<TakeOverViewModel.Intent>] {
        // While the other session is being ended, nothing here can be chosen any more.
        let open = !model.waiting
        let busy: Prose<TakeOverViewModel.Intent> = "The other connection is being asked to end."
        return [.keys(.up, .character("k"), label: "move", enabled: open, because: busy, .move(-1)),
                .keys(.down, .character("j"), label: "move", enabled: open, because: busy, .move(1)),
                .keys(.enter, label: "choose", enabled: open, because: busy, .choose),
                .keys(.character("t"), label: "take over", enabled: open, because: busy, .takeOver),
                .keys(.character("w"), label: "watch", enabled: open && model.watchable,
                      because: open ? "That session plays no game." as Prose : busy, .watch),
                .keys(.character("g"), label: "go on", enabled: open, because: busy, .goOn)]
    }
}
