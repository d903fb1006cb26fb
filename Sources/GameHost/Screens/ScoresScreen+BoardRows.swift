#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The host's shared scoreboard as the Scores screen shows it in a hosted session: the best
/// rounds of everyone with their players' names, the player's own rows marked.
struct BoardRows {
    /// Ranked, best first (as `HostBoard.entries` gives them).
    let entries: [HostBoard.Entry]
    /// The name of the player looking at it.
    let player: String

    /// Rows shown on a wide terminal and in the list of a small one.
    static let shownWide = 100, shownInList = 10

    /// The first `count` rows with their ranks; when the player's best is below them, it
    /// follows with its own rank, so everyone sees where they stand, and so does the row the
    /// cursor is on (`selected`, an index of `entries`).
    func rows(count: Int, selected: Int? = nil) -> [(rank: Int, entry: HostBoard.Entry)] {
        var rows = entries.prefix(count).enumerated().map { (rank: $0.offset + 1, entry: $0.element) }
        var more: [Int] = []
        if !rows.contains(where: { isOwn($0.entry) }), let own = entries.firstIndex(where: isOwn) { more.append(own) }
        if let selected, selected >= count, entries.indices.contains(selected), !more.contains(selected) {
            more.append(selected)
        }
        for index in more.sorted() { rows.append((rank: index + 1, entry: entries[index])) }
        return rows
    }

    func isOwn(_ entry: HostBoard.Entry) -> Bool { entry.player == player }

    /// "ann", and "ann (you)" on the player's own rows: marked in words, so it shows without
    /// colors too.
    func name(_ entry: HostBoard.Entry) -> String {
        entry.shownName + (isOwn(entry) ? " (you)" : "")
    }

    /// The cells of the name column: the longest name shown.
    func nameWidth(rows: [(rank: Int, entry: HostBoard.Entry)]) -> Int {
        max(6, rows.map { DisplayWidth.of(name($0.entry)) }.max() ?? 0)
    }
}

extension ScoresView {
    /// The board's rows as lines of a table: rank, name, then the rounds' columns.
    func boardLines(_ model: ScoresViewModel, _ board: BoardRows, table: Table?, count: Int, width: Int)
        -> [(String, Style)] {
        var marks = BoardMarks()
        return boardLines(model, board, table: table, count: count, width: width, marks: &marks)
    }

    /// Which of the board's lines are rows, and which row the cursor is on.
    struct BoardMarks {
        /// The line of the row the cursor is on, when it is on the board.
        var cursor: Int?
        /// The entry (an index of `BoardRows.entries`) each row's line shows, by line.
        var entries: [Int: Int] = [:]

        /// What a click on a line does: picks its row.
        func pick(_ line: Int) -> ScoresViewModel.Intent? { entries[line].map { .pick(board: true, $0) } }
    }

    /// The same, marking the lines in `marks`.
    func boardLines(_ model: ScoresViewModel, _ board: BoardRows, table: Table?, count: Int, width: Int,
                    marks: inout BoardMarks) -> [(String, Style)] {
        let rows = board.rows(count: count, selected: model.boardCursor)
        let names = board.nameWidth(rows: rows)
        var lines: [(String, Style)] = []
        if let table, !rows.isEmpty { lines.append((table.row(String(repeating: " ", count: 5) + DisplayWidth.pad("Player", to: names + 2),
                                               "Result", time: "Time", date: "Date"), .dim)) }
        for (index, row) in rows.enumerated() {
            if index > 0, row.rank > rows[index - 1].rank + 1 { lines.append(("     …", .dim)) }
            var rank = DisplayWidth.pad(String(repeating: " ", count: max(0, 3 - "\(row.rank)".count)) + "\(row.rank).", to: 5)
            let isCursor = model.boardCursor == row.rank - 1
            // The cursor's mark where the rank leaves room; its row is shown reversed anyway.
            if isCursor, rank.hasPrefix(" ") { rank = "›" + rank.dropFirst() }
            let name = DisplayWidth.pad(board.name(row.entry), to: names + 2)
            let text = table.map { $0.row(rank + name, row.entry.round, model) }
                ?? rank + name + model.describe(row.entry.round, width: width - 5 - names - 2)
            if isCursor { marks.cursor = lines.count }
            marks.entries[lines.count] = row.rank - 1
            lines.append((text, isCursor ? .reverse : board.isOwn(row.entry) ? .bold : .plain))
        }
        if rows.isEmpty { lines.append(("No one has finished a round yet.", .dim)) }
        return lines
    }

    /// The width of the board's table beside the player's own tables.
    func boardWidth(_ board: BoardRows, _ table: Table, count: Int) -> Int {
        table.width + 1 + board.nameWidth(rows: board.rows(count: count)) + 2
    }

    /// Wide terminals in a hosted session: everyone's best rounds on the left, as many as the
    /// height holds; the player's own tables beside it.
    func boardColumn(_ model: ScoresViewModel, _ board: BoardRows, _ table: Table, left: Int, into frame: inout Frame) {
        let rows = max(1, frame.size.height - 4)
        let width = boardWidth(board, table, count: BoardRows.shownWide)
        frame.write("Everyone (\(model.ranking))", row: 1, column: left, style: .bold, limit: width)
        // Room for the player's best under a gap when it is below the rows that fit.
        let own = board.entries.firstIndex(where: board.isOwn) ?? 0
        let count = min(BoardRows.shownWide, own < rows ? rows : max(1, rows - 2))
        var marks = BoardMarks()
        let lines = boardLines(model, board, table: table, count: count, width: width, marks: &marks)
        for (index, line) in lines.prefix(rows + 1).enumerated() {
            frame.write(line.0, row: 2 + index, column: left, style: line.1, limit: width)
            if let pick = marks.pick(index) { frame.region(Rect(column: left, row: 2 + index, width: width), pick) }
        }
    }

    /// Terminals wide enough for the player's two tables but not three: everyone's best above
    /// them, in their left column, taking up to half the height. Returns the rows it took.
    func boardAbove(_ model: ScoresViewModel, _ board: BoardRows, _ table: Table, into frame: inout Frame) -> Int {
        let size = frame.size
        let left = (size.width - 2 * table.width - 6) / 2
        let count = min(BoardRows.shownInList, max(3, (size.height - 12) / 2))
        frame.write("Everyone (\(model.ranking))", row: 1, column: left, style: .bold)
        var marks = BoardMarks()
        let lines = boardLines(model, board, table: table, count: count, width: size.width - left, marks: &marks)
        for (index, line) in lines.enumerated() {
            frame.write(line.0, row: 2 + index, column: left, style: line.1, limit: size.width - left)
            if let pick = marks.pick(index) {
                frame.region(Rect(column: left, row: 2 + index, width: size.width - left), pick)
            }
        }
        return lines.count + 2
    }
}

extension ScoresViewModel {
    /// The board's row under the cursor.
    var boardEntry: HostBoard.Entry? {
        guard let entries = board?.entries, entries.indices.contains(boardSelected) else { return nil }
        return entries[boardSelected]
    }
}
