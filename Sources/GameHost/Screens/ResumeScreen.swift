#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Offered when a game is opened whose last round was left unfinished: resume it (the
/// default) or start a new game.
final class ResumeViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable {
        case move(Int)
        case choose
        case resume
        case newGame
    }

    struct State: Encodable {
        let game: String
        let selected: Int
    }

    let game: GameInfo
    let journal: Journal
    let timeZone: TimeZone
    /// 0: Resume, 1: New game.
    private(set) var selected = 0

    init(game: GameInfo, journal: Journal, timeZone: TimeZone) {
        self.game = game
        self.journal = journal
        self.timeZone = timeZone
    }

    var state: State { State(game: game.id, selected: selected) }

    // MARK: - Words for the view

    static let choices = ["Resume", "New game"]
    var heading: String { "\(game.title) was left unfinished." }

    /// "Started 2026-11-23 13:40 · 12 moves in · 1:05 played".
    var progress: String {
        let started = TimeText.dateAndMinute(Date(timeIntervalSince1970: journal.header.started), in: timeZone)
        let moves = journal.inputCount
        let played = TimeText.minutesAndSeconds(min(journal.duration, 99 * 3600))
        return "Started \(started) · \(moves) \(moves == 1 ? "move" : "moves") in · \(played) played"
    }

    var question: Prose<Intent> { "\(key: .resume) resume it where it was left, \(key: .newGame) start a new game." }

    // MARK: - Intents

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .move(let delta):
            selected = (selected + delta + Self.choices.count) % Self.choices.count
        case .choose:
            return handle(selected == 0 ? .resume : .newGame)
        case .resume, .newGame:
            let resume = intent == .resume
            let journal = journal
            let id = game.id
            return [.session(resume ? "resume(\(id))" : "newGame(\(id))") { session in
                guard let entry = session.setup.games.first(where: { $0.id == id }) else { return }
                session.resumeChosen(entry, journal: journal, resume: resume)
            }]
        }
        return []
    }
}

struct ResumeView: ScreenView {
    func title(_ model: ResumeViewModel) -> String { "Resume?" }

    func render(_ model: ResumeViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        let top = max(1, (size.height - 7) / 2)
        frame.center(DisplayWidth.truncate(model.heading, to: size.width - 2), row: top, style: .bold)
        frame.center(DisplayWidth.truncate(model.progress, to: size.width - 2), row: top + 1, style: .dim)
        for (index, choice) in ResumeViewModel.choices.enumerated() {
            let isSelected = index == model.selected
            let text = (isSelected ? "› " : "  ") + choice + "  "
            frame.center(text, row: top + 3 + index, style: isSelected ? .reverse.with(bold: true) : .plain)
        }
        frame.center(DisplayWidth.truncate(say(model.question, model), to: size.width - 2), row: top + 6, style: .dim)
        return frame
    }

    func bindings(_ model: ResumeViewModel) -> [KeyBinding<ResumeViewModel.Intent>] {
        [.keys(.up, .character("k"), label: "move", .move(-1)),
         .keys(.down, .character("j"), label: "move", .move(1)),
         .keys(.enter, label: "choose", .choose),
         .keys(.character("r"), label: "resume", .resume),
         .keys(.character("n"), label: "new game", .newGame)]
    }
}
