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

    /// "Started 2026-11-23 13:40 · 12 moves in · 1:05 played": the round's own time, as the
    /// take-over screen counts it (`Journal.roundTime`).
    var progress: String {
        let started = TimeText.dateAndMinute(Date(timeIntervalSince1970: journal.header.started), in: timeZone)
        let moves = journal.inputCount
        let played = TimeText.minutesAndSeconds(min(journal.roundTime, 99 * 3600))
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
            return [.host(.resume(game: game.id, journal: journal, resume: intent == .resume))]
        }
        return []
    }
}

struct ResumeView: ScreenView {
    func title(_ model: ResumeViewModel) -> String { "Resume?" }

    /// Each sentence whole, wrapped, where the rows allow it (audit N18: they were cut with
    /// rows to spare); the choices one width, so they line up.
    func render(_ model: ResumeViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        let width = max(1, size.width - 2)
        var blocks = [(DisplayWidth.wrap(model.heading, width: width), Style.bold),
                      (DisplayWidth.wrap(model.progress, width: width), Style.dim),
                      (DisplayWidth.wrap(say(model.question, model), width: width), Style.dim)]
        // Rows: the sentences, two choices and two blank rows between; short of them, each
        // sentence keeps its first line, cut with "…".
        let needed = blocks.reduce(0) { $0 + $1.0.count } + 4
        if needed > size.height {
            blocks = blocks.map { lines, style in
                lines.count > 1 ? ([DisplayWidth.truncate(lines[0], to: width - 1, ellipsis: false) + "…"], style)
                    : (lines, style)
            }
        }
        let total = blocks.reduce(0) { $0 + $1.0.count } + 4
        var row = max(0, (size.height - total) / 2)
        func write(_ block: ([String], Style)) {
            for line in block.0 { frame.center(line, row: row, style: block.1); row += 1 }
        }
        write(blocks[0])
        write(blocks[1])
        row += 1
        let longest = ResumeViewModel.choices.map { DisplayWidth.of($0) }.max() ?? 0
        for (index, choice) in ResumeViewModel.choices.enumerated() {
            let isSelected = index == model.selected
            let text = (isSelected ? "› " : "  ") + DisplayWidth.pad(choice, to: longest) + "  "
            frame.center(text, row: row, style: isSelected ? .reverse.with(bold: true) : .plain)
            row += 1
        }
        row += 1
        write(blocks[2])
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
