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
        /// Plays the selected round back from its journal: a recent one of the player's, or,
        /// in a hosted session, any player's round on the board.
        case replay
        /// Moves the cursor between the player's recent rounds and the host's board.
        case switchList
        /// Puts the cursor on a row (a click): of the board's entries or the recent rounds.
        case pick(board: Bool, Int)
        /// Saves the selected recent round as an asciinema recording.
        case saveCast
        /// Reads the host's board again: other players' rounds land on it while this is open.
        case refresh
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
    /// The host's shared board, in a hosted session; nil on one's own terminal.
    private(set) var board: BoardRows?
    /// Reads the board anew; nil off a host.
    private let readBoard: (() -> BoardRows)?
    private(set) var offset = 0
    /// The recent round the cursor is on.
    private(set) var selected = 0
    /// Whether the player has moved the cursor since the screen opened.
    private(set) var hasMovedCursor = false
    /// Whether the cursor is on the host's board (else on the recent rounds), and the board
    /// row it is on (an index of `board.entries`).
    private(set) var onBoard = false
    private(set) var boardSelected = 0

    /// Where the dates are shown in: the player's, or a fixed one under test.
    let timeZone: TimeZone

    /// Per recent round, why it has no journal to replay or record; nil where it has one.
    let missingJournal: [String?]

    /// - Parameter missingJournal: why a recent round (at its place among them, newest first)
    ///   has no journal; nil where it has one.
    /// - Parameter board: reads the host's board, at once and then each second (audit C7: an
    ///   open screen was a snapshot while other players' rounds landed).
    init(game: GameInfo, rounds: [RoundResult], board: (() -> BoardRows)? = nil, timeZone: TimeZone,
         missingJournal: (RoundResult, Int) -> String? = { _, _ in nil }) {
        self.game = game
        self.timeZone = timeZone
        readBoard = board
        self.board = board?()
        // As many as a large terminal shows; a small one shows the first best and scrolls.
        best = ScoreBook.best(rounds, count: 50, order: game.scoreOrder)
        recent = ScoreBook.recent(rounds, count: 100)
        self.missingJournal = recent.enumerated().map { missingJournal($0.element, $0.offset) }
    }

    /// What the best rounds are ranked by, as their heading names it: "points", "strokes,
    /// lowest first", "fastest wins".
    var ranking: String {
        switch game.scoreOrder {
        case .higherIsBetter: game.scoreMeaning
        case .lowerIsBetter: game.scoreMeaning + ", lowest first"
        case .fastestWin: "fastest wins"
        }
    }

    /// What the best list says while no round has a place in it (a fastest-win game lost every time).
    var noBest: String { "No wins yet." }

    /// Why the recent round under the cursor cannot be replayed; nil when it can.
    var selectedHasNoJournal: String? {
        missingJournal.indices.contains(selected) ? missingJournal[selected] : nil
    }

    var state: State { State(game: game.id, rounds: recent.count, offset: offset, selected: selected) }

    var ticks: Ticks<Intent>? { readBoard == nil ? nil : Ticks(every: LobbyViewModel.refreshEvery, .refresh) }

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .refresh:
            guard let readBoard else { return [] }
            let cursor = boardEntry
            board = readBoard()
            // The cursor stays on the round it was on, wherever that round now ranks.
            let entries = board?.entries ?? []
            boardSelected = cursor.flatMap { entries.firstIndex(of: $0) } ?? min(boardSelected, max(0, entries.count - 1))
        case .scroll(let delta):
            let boardLines = board.map { $0.rows(count: BoardRows.shownInList).count + 4 } ?? 0
            offset = max(0, min(offset + delta, boardLines + best.count + recent.count + 3))
        case .select(let delta) where onBoard:
            guard let board, !board.entries.isEmpty else { return [] }
            boardSelected = max(0, min(boardSelected + delta, board.entries.count - 1))
        case .select(let delta):
            guard !recent.isEmpty else { return [] }
            hasMovedCursor = true
            selected = max(0, min(selected + delta, recent.count - 1))
        case .replay where onBoard:
            guard let entry = boardEntry else { return [] }
            return [.host(.replayBoard(game: game.id, entry: entry))]
        case .replay:
            guard recent.indices.contains(selected), let date = recent[selected].date else { return [] }
            return [.host(.replay(game: game.id, round: date))]
        case .pick(let onBoard, let index):
            guard onBoard ? board?.entries.indices.contains(index) == true : recent.indices.contains(index) else {
                return []
            }
            self.onBoard = onBoard
            if onBoard { boardSelected = index } else { selected = index }
            hasMovedCursor = hasMovedCursor || !onBoard
            hasMovedBoardCursor = hasMovedBoardCursor || onBoard
        case .switchList:
            guard let board, !board.entries.isEmpty else { return [] }
            onBoard.toggle()
            // The board's cursor starts on the player's own best, else on the first row.
            if onBoard, !hasMovedBoardCursor { boardSelected = board.entries.firstIndex(where: board.isOwn) ?? 0 }
            hasMovedBoardCursor = true
        case .saveCast where onBoard:
            guard let entry = boardEntry else { return [] }
            return [.host(.saveBoardCast(game: game.id, entry: entry))]
        case .saveCast:
            guard recent.indices.contains(selected), let date = recent[selected].date else { return [] }
            return [.host(.saveCast(game: game.id, round: date))]
        }
        return []
    }

    private var hasMovedBoardCursor = false

    /// The board row the cursor is on, while it is on the board.
    var boardCursor: Int? { onBoard ? boardSelected : nil }

    /// "4 of 5 correct · 0:42 · 2026-11-21 18:05", dropping the date, then the time, where
    /// the whole does not fit in `width` cells.
    func describe(_ round: RoundResult, width: Int = .max) -> String {
        var parts = [Self.result(round)]
        if let time = time(round) { parts.append(time) }
        if let date = date(round) { parts.append(date) }
        while parts.count > 1, DisplayWidth.of(parts.joined(separator: " · ")) > width { parts.removeLast() }
        if parts.count == 1 { return Self.result(round, width: width) }
        return parts.joined(separator: " · ")
    }

    /// A round's result as a row shows it: the game's summary, then its players' names
    /// ("80% compatible · Ada & Grace"). Within `width` cells: names whole where they fit,
    /// else the longest cut first, each cut marked "…" (audit #20); the summary is cut last.
    static func result(_ round: RoundResult, width: Int = .max) -> String {
        let names = (round.players ?? []).map { TextSanitizer.clean($0) }
        guard !names.isEmpty else { return DisplayWidth.truncate(round.summary, to: width) }
        let summary = round.summary + " · "
        let whole = summary + names.joined(separator: " & ")
        if DisplayWidth.of(whole) <= width { return whole }
        // The cells each name may take: the longest loses one at a time, down to 4 ("Ada…").
        var room = names.map { DisplayWidth.of($0) }
        let fixed = DisplayWidth.of(summary) + 3 * (names.count - 1)
        while fixed + room.reduce(0, +) > width, let longest = room.indices.max(by: { room[$0] < room[$1] }),
              room[longest] > 4 {
            room[longest] -= 1
        }
        let cut = zip(names, room).map { name, cells in DisplayWidth.truncate(name, to: cells) }
        return DisplayWidth.truncate(summary + cut.joined(separator: " & "), to: width)
    }

    /// "0:42", when the round's length is known.
    func time(_ round: RoundResult) -> String? {
        round.duration.flatMap { $0.isFinite ? TimeText.minutesAndSeconds($0) : nil }
    }

    /// "2026-11-21 18:05", when the round's end is known.
    func date(_ round: RoundResult) -> String? {
        round.date.map { TimeText.dateAndMinute($0, in: timeZone) }
    }
}

struct ScoresView: ScreenView {
    func title(_ model: ScoresViewModel) -> String { "\(model.game.title) scores" }

    /// A table of rounds: a lead (rank or cursor), the result, then the time and the date
    /// where any round has them.
    struct Table {
        /// Cells for each column; a time or date column of 0 is left out.
        private(set) var result: Int
        let time: Int
        let date: Int
        /// The cells the longest result would take whole.
        let wanted: Int
        var width: Int { 4 + result + (time > 0 ? time + 2 : 0) + (date > 0 ? date + 2 : 0) }

        /// A result column of at most 32 cells: what decides the layout, so that a long name
        /// never pushes the tables from side by side into one list.
        init(_ model: ScoresViewModel) {
            let rounds = model.best + model.recent + (model.board?.entries.prefix(BoardRows.shownWide).map(\.round) ?? [])
            wanted = max(6, rounds.map { DisplayWidth.of(ScoresViewModel.result($0)) }.max() ?? 0)
            result = min(32, wanted)
            let times = rounds.compactMap(model.time).map { DisplayWidth.of($0) }
            time = times.isEmpty ? 0 : max(4, times.max() ?? 0)
            date = rounds.contains { $0.date != nil } ? 16 : 0
        }

        /// The same table with its result column grown, up to what its longest result
        /// wants, to a table `width` cells wide: names show whole where the layout has room.
        func widened(to width: Int) -> Table {
            var table = self
            table.result = max(result, min(wanted, result + width - self.width))
            return table
        }

        func row(_ lead: String, _ summary: String, time: String?, date: String?) -> String {
            var text = lead + DisplayWidth.pad(DisplayWidth.truncate(summary, to: result), to: result)
            if self.time > 0 {
                // Right-aligned, so minutes line up.
                text += String(repeating: " ", count: 2 + max(0, self.time - DisplayWidth.of(time ?? ""))) + (time ?? "")
            }
            if self.date > 0 { text += "  " + DisplayWidth.truncate(date ?? "", to: self.date) }
            return text
        }

        func row(_ lead: String, _ round: RoundResult, _ model: ScoresViewModel) -> String {
            row(lead, ScoresViewModel.result(round, width: result), time: model.time(round), date: model.date(round))
        }

        var header: String { row("    ", "Result", time: "Time", date: "Date") }
    }

    func render(_ model: ScoresViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        let table = Table(model)
        // A fastest-win game's losses are recent rounds and none of the best: the tables show
        // as soon as any round was played.
        if let board = model.board, !model.recent.isEmpty,
           boardWidth(board, table, count: BoardRows.shownWide) + 2 * table.width + 12 <= size.width {
            // Hosted, and room for three tables: everyone's best beside the player's own.
            let width = boardWidth(board, table, count: BoardRows.shownWide)
            let left = (size.width - width - 2 * table.width - 12) / 2
            boardColumn(model, board, table, left: left, into: &frame)
            sideBySide(model, table, at: left + width + 6, into: &frame)
        } else if !model.recent.isEmpty, 2 * table.width + 6 <= size.width, model.board == nil || size.height >= 20 {
            // Hosted, the board goes above the player's own tables.
            let top = model.board.map { boardAbove(model, $0, table, into: &frame) } ?? 0
            let wide = model.board == nil ? table.widened(to: (size.width - 6) / 2) : table
            sideBySide(model, wide, top: top, into: &frame)
        } else {
            let wide = model.board == nil ? table.widened(to: size.width - 2) : table
            list(model, table: table.width <= size.width - 2 ? wide : nil, into: &frame)
        }
        frame.wheel(Rect(column: 0, row: 0, width: size.width, height: size.height),
                    up: ScoresViewModel.Intent.scroll(-1), down: ScoresViewModel.Intent.scroll(1))
        return frame
    }

    /// Wide terminals: the best rounds on the left, the recent ones on the right, each as
    /// many as the height holds.
    /// `column` and `top` place them elsewhere than centred from the top, beside or under the
    /// host's shared board.
    private func sideBySide(_ model: ScoresViewModel, _ table: Table, at column: Int? = nil, top: Int = 0,
                            into frame: inout Frame) {
        let size = frame.size
        let left = column ?? (size.width - 2 * table.width - 6) / 2, right = left + table.width + 6
        let rows = max(1, size.height - 4 - top)
        frame.write("Best (\(model.ranking))", row: top + 1, column: left, style: .bold, limit: table.width)
        frame.write("Recent", row: top + 1, column: right, style: .bold)
        frame.write(table.header, row: top + 2, column: left, style: .dim)
        frame.write(table.header, row: top + 2, column: right, style: .dim)
        for (rank, round) in model.best.prefix(rows).enumerated() {
            let lead = DisplayWidth.pad((rank < 9 ? " " : "") + "\(rank + 1).", to: 4)
            frame.write(table.row(lead, round, model), row: top + 3 + rank, column: left)
        }
        if model.best.isEmpty { frame.write(model.noBest, row: top + 3, column: left + 4, style: .dim, limit: table.width - 4) }
        if model.best.count > rows { frame.write("▼", row: top + 3 + rows, column: left + 1, style: .dim) }
        // The selected round stays in view; the wheel and Page keys move the rest.
        let most = max(0, model.recent.count - rows)
        let first = min(max(min(model.offset, most), model.selected - rows + 1), most)
        for (index, round) in model.recent.enumerated().dropFirst(first).prefix(rows) {
            let isSelected = index == model.selected && !model.onBoard
            frame.write(table.row(isSelected ? " ›  " : "    ", round, model), row: top + 3 + index - first, column: right,
                        style: isSelected ? .bold : .plain)
            frame.region(Rect(column: right, row: top + 3 + index - first, width: table.width),
                         ScoresViewModel.Intent.pick(board: false, index))
        }
        if first + rows < model.recent.count {
            // Under the last row, in the cursor's column: more rounds below.
            frame.write("▼", row: top + 3 + rows, column: right + 1, style: .dim)
        }
    }

    /// Smaller terminals: one list, the best five then the recent rounds, scrolled; as a
    /// table when it fits, else each round on one line of what fits.
    private func list(_ model: ScoresViewModel, table: Table?, into frame: inout Frame) {
        let size = frame.size
        let empty = "Finished rounds of \(model.game.title) will be listed here."
        let board = model.board.map { ($0, boardWidth($0, table ?? Table(model), count: BoardRows.shownInList)) }
        let width = board.map { max($0.1, table?.width ?? 0) }
            ?? (model.recent.isEmpty ? DisplayWidth.of(empty) : table?.width ?? 56)
        let left = max(1, (size.width - width) / 2)
        let room = size.width - left - 4
        var lines: [(String, Style)] = []
        var selectedLine = 0
        /// What a click on a line does, for the lines that are rounds.
        var picks: [Int: ScoresViewModel.Intent] = [:]
        if let (board, boardWidth) = board {
            // Hosted: everyone's best first, then the player's own.
            lines.append(("Everyone (\(model.ranking))", .bold))
            // As many as leave the player's own lists in view below on a classic terminal.
            let count = max(3, min(BoardRows.shownInList, size.height - 17))
            var marks = BoardMarks()
            let start = lines.count
            lines += boardLines(model, board, table: boardWidth <= size.width - 2 ? table : nil,
                                count: count, width: size.width - left, marks: &marks)
            if let cursor = marks.cursor { selectedLine = start + cursor }
            for (line, entry) in marks.entries { picks[start + line] = .pick(board: true, entry) }
            lines.append(("", .plain))
        }
        if model.recent.isEmpty {
            // Wrapped, so a narrow terminal shows all of it.
            for line in ["No rounds played yet."] + DisplayWidth.wrap(empty, width: size.width - left - 1) {
                lines.append((line, .dim))
            }
        } else {
            lines.append(("Best (\(model.ranking))", .bold))
            if let table { lines.append((table.header, .dim)) }
            if model.best.isEmpty { lines.append(("    " + model.noBest, .dim)) }
            for (rank, round) in model.best.prefix(5).enumerated() {
                let text = table.map { $0.row(" \(rank + 1). ", round, model) } ?? "\(rank + 1). \(model.describe(round, width: room))"
                lines.append((text, .plain))
            }
            lines.append(("", .plain))
            lines.append(("Recent", .bold))
            if let table { lines.append((table.header, .dim)) }
            if !model.onBoard { selectedLine = lines.count + model.selected }
            for (index, round) in model.recent.enumerated() {
                picks[lines.count] = .pick(board: false, index)
                let isSelected = index == model.selected && !model.onBoard
                let lead = isSelected ? " › " : "   "
                let text = table.map { $0.row(lead + " ", round, model) } ?? lead + model.describe(round, width: room)
                lines.append((text, isSelected ? .bold : .plain))
            }
        }
        // The selected round stays in view; in a hosted session once the player moves it, so
        // a short terminal first shows everyone's best at the top.
        let follows = model.board == nil || model.hasMovedCursor || model.onBoard
        let offset = follows ? max(model.offset, selectedLine - (size.height - 2)) : model.offset
        for (row, line) in lines.dropFirst(offset).prefix(size.height - 1).enumerated() {
            frame.write(line.0, row: row + 1, column: left, style: line.1, limit: size.width - left)
            if let pick = picks[offset + row] {
                frame.region(Rect(column: left, row: row + 1, width: size.width - left), pick)
            }
        }
    }

    func bindings(_ model: ScoresViewModel) -> [KeyBinding<ScoresViewModel.Intent>] {
        let boardRows = model.board?.entries.count ?? 0
        let enabled = model.onBoard ? boardRows > 0 : !model.recent.isEmpty
        // A recent round that kept no journal has nothing to play back: its keys are dimmed
        // and say why.
        func playBack(_ key: Key, _ label: String, _ intent: ScoresViewModel.Intent) -> KeyBinding<ScoresViewModel.Intent> {
            guard !model.onBoard, let why = model.selectedHasNoJournal else {
                return .keys(key, label: label, enabled: enabled, intent)
            }
            return .keys(key, label: label, enabled: false, because: Prose(stringLiteral: why), intent)
        }
        return [.keys(.up, .character("k"), label: "select", .select(-1)),
         .keys(.down, .character("j"), label: "select", .select(1)),
         playBack(.enter, "replay", .replay), playBack(.character("c"), "save cast", .saveCast)]
        + (model.board == nil ? [] : [.keys(.tab, label: model.onBoard ? "mine" : "everyone's", enabled: boardRows > 0,
                                            .switchList)])
        + [
         .keys(.pageUp, label: "scroll", hint: false, .scroll(-5)),
         .keys(.pageDown, label: "scroll", hint: false, .scroll(5))]
    }
}
