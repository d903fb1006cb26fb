#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A game's best and most recent rounds, kept across runs.
final class ScoresViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable {
        case scroll(Int)
        /// Moves the cursor among the recent rounds.
        case select(Int)
        /// Plays the selected recent round back from its journal.
        case replay
    }

    struct State: Encodable {
        let game: String
        let rounds: Int
        let offset: Int
        let selected: Int
    }

    let game: GameInfo
    let best: [RoundResult]
    let recent: [RoundResult]
    private(set) var offset = 0
    /// The recent round the cursor is on.
    private(set) var selected = 0

    /// Where the dates are shown in: the player's, or a fixed one under test.
    let timeZone: TimeZone

    init(game: GameInfo, rounds: [RoundResult], timeZone: TimeZone) {
        self.game = game
        self.timeZone = timeZone
        best = ScoreBook.best(rounds, count: 5)
        recent = ScoreBook.recent(rounds, count: 10)
    }

    var state: State { State(game: game.id, rounds: recent.count, offset: offset, selected: selected) }

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .scroll(let delta):
            offset = max(0, min(offset + delta, best.count + recent.count + 3))
        case .select(let delta):
            guard !recent.isEmpty else { return [] }
            selected = max(0, min(selected + delta, recent.count - 1))
        case .replay:
            guard recent.indices.contains(selected), let date = recent[selected].date else { return [] }
            let id = game.id
            return [.session("replay(\(id))") { $0.showReplay(game: id, round: date) }]
        }
        return []
    }

    /// "4 of 5 correct · 0:42 · 2026-11-21 18:05", dropping the date, then the time, where
    /// the whole does not fit in `width` cells.
    func describe(_ round: RoundResult, width: Int = .max) -> String {
        var parts = [round.summary]
        if let duration = round.duration, duration.isFinite {
            parts.append(TimeText.minutesAndSeconds(duration))
        }
        if let date = round.date {
            parts.append(TimeText.dateAndMinute(date, in: timeZone))
        }
        while parts.count > 1, DisplayWidth.of(parts.joined(separator: " · ")) > width { parts.removeLast() }
        return parts.joined(separator: " · ")
    }
}

struct ScoresView: ScreenView {
    func title(_ model: ScoresViewModel) -> String { "\(model.game.title) scores" }

    func render(_ model: ScoresViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        let left = max(1, (size.width - 56) / 2)
        let room = size.width - left - 4
        var lines: [(String, Style)] = []
        if model.best.isEmpty {
            lines.append(("No rounds played yet.", .dim))
            lines.append(("Finished rounds of \(model.game.title) will be listed here.", .dim))
        } else {
            lines.append(("Best (\(model.game.scoreMeaning))", .bold))
            for (rank, round) in model.best.enumerated() {
                lines.append(("\(rank + 1). \(model.describe(round, width: room))", .plain))
            }
            lines.append(("", .plain))
            lines.append(("Recent", .bold))
            for (index, round) in model.recent.enumerated() {
                let isSelected = index == model.selected
                lines.append(((isSelected ? " › " : "   ") + model.describe(round, width: room), isSelected ? .bold : .plain))
            }
        }
        // The selected round stays in view.
        let selectedLine = model.best.isEmpty ? 0 : model.best.count + 3 + model.selected
        let offset = max(model.offset, selectedLine - (size.height - 2))
        for (row, line) in lines.dropFirst(offset).prefix(size.height - 1).enumerated() {
            frame.write(line.0, row: row + 1, column: left, style: line.1, limit: size.width - left)
        }
        frame.wheel(Rect(column: 0, row: 0, width: size.width, height: size.height),
                    up: ScoresViewModel.Intent.scroll(-1), down: ScoresViewModel.Intent.scroll(1))
        return frame
    }

    func bindings(_ model: ScoresViewModel) -> [KeyBinding<ScoresViewModel.Intent>] {
        [.keys(.up, .character("k"), label: "select", .select(-1)),
         .keys(.down, .character("j"), label: "select", .select(1)),
         .keys(.enter, label: "replay", enabled: !model.recent.isEmpty, .replay),
         .keys(.pageUp, label: "scroll", hint: false, .scroll(-5)),
         .keys(.pageDown, label: "scroll", hint: false, .scroll(5))]
    }
}
