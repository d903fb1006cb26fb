/// How a text field looks: the selection in brackets, or the text with the cursor "▏" where
/// it is, scrolled so that the cursor shows.
extension TextField {
    /// Draws the field at a place, at most `width` cells, cursor included; returns the column
    /// after the last cell written. A text wider than the room shows the part around the
    /// cursor, with "…" where text is cut off.
    @discardableResult
    public func draw(into frame: inout Frame, row: Int, column: Int, width: Int, style: Style = .plain) -> Int {
        guard width > 0 else { return column }
        if isSelected {
            let shown = DisplayWidth.truncate(text, to: max(0, width - 3))
            var x = frame.write("[", row: row, column: column, style: style.with(bold: true))
            x = frame.write(shown, row: row, column: x, style: style.with(reverse: true))
            x = frame.write("]", row: row, column: x, style: style.with(bold: true))
            return frame.write("▏", row: row, column: x, style: style.with(bold: true))
        }
        let characters = Array(text)
        let cursor = self.cursor
        let (start, end) = window(width: width)
        let right = column + width
        var x = column
        if start > 0 { x = frame.write("…", row: row, column: x, style: style, limit: right - x) }
        // Each part written on its own: "▏" must not join a mark or a joiner after it.
        x = frame.write(String(characters[start..<cursor]), row: row, column: x, style: style, limit: right - x)
        x = frame.write("▏", row: row, column: x, style: style.with(bold: true), limit: right - x)
        x = frame.write(String(characters[cursor..<end]), row: row, column: x, style: style, limit: right - x)
        if end < characters.count { x = frame.write("…", row: row, column: x, style: style, limit: right - x) }
        return x
    }

    /// The characters shown in `width` cells, `start..<end`, around the cursor: all of them
    /// when they fit with the cursor; else a "…" stands for each cut side, and the view
    /// moves by half the field at a time (so a step of the cursor seldom moves the text),
    /// but never further than shows the text's end.
    func window(width: Int) -> (start: Int, end: Int) {
        let widths = text.map { DisplayWidth.of($0) }
        // columns[i]: the cells the first i characters take.
        var columns = [0]
        for w in widths { columns.append(columns.last! + w) }
        let count = widths.count
        if columns[count] + 1 <= width { return (0, count) }
        let cursor = self.cursor
        func cells(_ from: Int, _ to: Int) -> Int { columns[to] - columns[from] }
        // The cursor shows from `start`: a "…" before, the text up to the cursor, the cursor,
        // and one cell after it for the next character or a "…".
        func showsCursor(from start: Int) -> Bool {
            start <= cursor && (start > 0 ? 1 : 0) + cells(start, cursor) + 1 + (cursor < count ? 1 : 0) <= width
        }
        var start = 0
        var page = 0
        let step = max(1, width / 2)
        while !showsCursor(from: start), start < cursor {
            page += 1
            while start < cursor, columns[start] < page * step { start += 1 }
        }
        // A page that starts at the cursor (wide characters made it jump past) still shows
        // the character before it when there is room.
        if start == cursor, cursor > 0, showsCursor(from: cursor - 1) { start = cursor - 1 }
        // Near the end the view shows as much of the text as fits, not half a field of blanks.
        if let atEnd = (0...count).first(where: { ($0 > 0 ? 1 : 0) + cells($0, count) + 1 <= width }),
           atEnd < start, showsCursor(from: atEnd) {
            start = atEnd
        }
        let room = width - (start > 0 ? 1 : 0) - cells(start, cursor) - 1
        if cells(cursor, count) <= room { return (start, count) }
        var end = cursor
        while end < count, cells(cursor, end + 1) <= room - 1 { end += 1 }
        return (start, end)
    }
}
