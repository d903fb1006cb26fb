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
    }

    struct State: Encodable {
        let session: String
        let selected: Int
    }

    /// The other session, as the registry holds it.
    let other: SessionRegistry.Entry
    let now: Date
    let timeZone: TimeZone
    private(set) var selected = 0

    init(other: SessionRegistry.Entry, now: Date, timeZone: TimeZone) {
        self.other = other
        self.now = now
        self.timeZone = timeZone
    }

    var state: State { State(session: other.id, selected: selected) }

    // MARK: - Words for the view

    /// The choices that apply: a session in the lobby has no game to watch.
    var choices: [(label: String, intent: Intent)] {
        var choices: [(label: String, intent: Intent)] = [("Take over", .takeOver)]
        if other.game != nil { choices.append(("Watch it", .watch)) }
        choices.append(("Go on without it", .goOn))
        return choices
    }

    /// The title comes from a file: sanitized here.
    var heading: String {
        guard let title = other.title else { return "You are online from another connection too." }
        return "You are playing \(TextSanitizer.clean(title)) from another connection."
    }

    /// "In play for 12m · online since 13:40 · at 100×30".
    var detail: String {
        let time = now.timeIntervalSince1970
        let since = TimeText.parts(Date(timeIntervalSince1970: other.started), in: timeZone)
        var words = ["online since \(TimeText.digits(since.hour, 2)):\(TimeText.digits(since.minute, 2))"]
        if let started = other.gameStarted { words.insert("In play for \(LobbyViewModel.duration(time - started))", at: 0) }
        words.append("at \(other.width)×\(other.height)")
        let text = words.joined(separator: " · ")
        return text.prefix(1).uppercased() + text.dropFirst()
    }

    var question: String {
        "Taking over saves the game there and ends that connection" + (other.game == nil ? "." : "; it goes on here.")
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
            return [.pop, .session("takeOver(\(other.id))") { $0.takeOver(other) }]
        case .watch:
            guard other.game != nil else { return [] }
            return [.pop, .session("watch(\(other.id))") { $0.watch(other) }]
        case .goOn:
            return [.pop]
        }
        return []
    }
}

struct TakeOverView: ScreenView {
    func title(_ model: TakeOverViewModel) -> String { "Online elsewhere" }

    func render(_ model: TakeOverViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        let choices = model.choices
        let top = max(1, (size.height - 5 - choices.count) / 2)
        frame.center(DisplayWidth.truncate(model.heading, to: size.width - 2), row: top, style: .bold)
        frame.center(DisplayWidth.truncate(model.detail, to: size.width - 2), row: top + 1, style: .dim)
        for (index, choice) in choices.enumerated() {
            let isSelected = index == model.selected
            let text = (isSelected ? "› " : "  ") + choice.label + "  "
            let row = top + 3 + index
            frame.center(text, row: row, style: isSelected ? .reverse.with(bold: true) : .plain)
            frame.region(Rect(column: 0, row: row, width: size.width, height: 1), choice.intent)
        }
        frame.center(DisplayWidth.truncate(model.question, to: size.width - 2), row: top + 4 + choices.count,
                     style: .dim)
        return frame
    }

    func bindings(_ model: TakeOverViewModel) -> [KeyBinding<TakeOverViewModel.Intent>] {
        [.keys(.up, .character("k"), label: "move", .move(-1)),
         .keys(.down, .character("j"), label: "move", .move(1)),
         .keys(.enter, label: "choose", .choose),
         .keys(.character("t"), label: "take over", .takeOver),
         .keys(.character("w"), label: "watch", enabled: model.other.game != nil,
               because: "That session plays no game.", .watch),
         .keys(.character("g"), label: "go on", .goOn)]
    }
}
