import Foundation

/// A game's best and most recent rounds, kept across runs.
final class ScoresViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable { case scroll(Int) }

    struct State: Encodable {
        let game: String
        let rounds: Int
        let offset: Int
    }

    let game: GameInfo
    let best: [RoundResult]
    let recent: [RoundResult]
    private(set) var offset = 0

    /// Where the dates are shown in: the player's, or a fixed one under test.
    let timeZone: TimeZone

    init(game: GameInfo, rounds: [RoundResult], timeZone: TimeZone) {
        self.game = game
        self.timeZone = timeZone
        best = ScoreBook.best(rounds, count: 5)
        recent = ScoreBook.recent(rounds, count: 10)
    }

    var state: State { State(game: game.id, rounds: recent.count, offset: offset) }

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .scroll(let delta):
            offset = max(0, min(offset + delta, best.count + recent.count + 3))
        }
        return []
    }

    /// "4 of 5 correct · 0:42 · 2026-11-21 18:05", dropping the date, then the time, where
    /// the whole does not fit in `width` cells.
    func describe(_ round: RoundResult, width: Int = .max) -> String {
        var parts = [round.summary]
        if let duration = round.duration, duration.isFinite {
            // A damaged scores.json may hold any number: converting 1e30 to Int would trap,
            // so the time shown stops at 99 hours (and at 0 for a negative one).
            let seconds = Int(min(max(0, duration), 99 * 3600).rounded())
            parts.append(String(format: "%d:%02d", seconds / 60, seconds % 60))
        }
        if let date = round.date {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            formatter.timeZone = timeZone
            parts.append(formatter.string(from: date))
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
            for round in model.recent {
                lines.append(("   \(model.describe(round, width: room))", .plain))
            }
        }
        for (row, line) in lines.dropFirst(model.offset).prefix(size.height - 1).enumerated() {
            frame.write(line.0, row: row + 1, column: left, style: line.1, limit: size.width - left)
        }
        frame.wheel(Rect(column: 0, row: 0, width: size.width, height: size.height),
                    up: ScoresViewModel.Intent.scroll(-1), down: ScoresViewModel.Intent.scroll(1))
        return frame
    }

    func bindings(_ model: ScoresViewModel) -> [KeyBinding<ScoresViewModel.Intent>] {
        [.keys(.up, .character("k"), label: "scroll", .scroll(-1)),
         .keys(.down, .character("j"), label: "scroll", .scroll(1))]
    }
}
