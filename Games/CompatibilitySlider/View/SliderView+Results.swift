import GameHost

/// The result: the percentage, the zone's title and message, both players' ratings side
/// by side as bars, one topic a row, and the zone's action.
extension SliderView {
    /// Rows the result keeps for everything but the topic rows.
    static func resultChrome(roomy: Bool) -> Int { roomy ? 11 : 5 }

    func drawResults(_ model: SliderViewModel, for seat: Seat? = nil, into frame: inout Frame) {
        guard let percentage = model.compatibility, let zone = model.zone else { return }
        let size = frame.size
        let roomy = size.height >= Self.roomyHeight
        let accent = Style(foreground: Self.color(zone), bold: true)
        let rows = model.resultRows
        let shown = max(0, min(rows.count, size.height - Self.resultChrome(roomy: roomy)))
        var row = roomy ? max(0, (size.height - Self.resultChrome(roomy: true) - shown) / 2) + 1 : 0
        if roomy {
            let box = "  \(percentage)%  "
            let boxWidth = DisplayWidth.of(box) + 2
            frame.box(row: row, column: (size.width - boxWidth) / 2, width: boxWidth, height: 3, style: accent)
            frame.center(box, row: row + 1, style: accent, column: (size.width - boxWidth) / 2 + 1, width: boxWidth - 2)
            frame.center(zone.title, row: row + 3, style: .bold)
            row += 4
        } else {
            frame.center("\(percentage)% · \(zone.title)", row: row, style: accent)
            row += 1
        }
        let message = DisplayWidth.wrap(zone.message, width: size.width - 2, limit: 2)
        for (offset, line) in message.enumerated() {
            frame.center(line, row: row + offset)
        }
        // Compact: the rows sit in fixed places; roomy: one blank line under the message.
        row += roomy ? message.count + 1 : 2
        // The view model keeps the offset within the list; at larger sizes more rows fit,
        // so the last screenful never leaves blank rows under it.
        let start = min(model.scroll(for: seat), max(0, rows.count - shown))
        let header = shown < rows.count ? SliderViewModel.rowsText(first: start, shown: shown, of: rows.count)
            : SliderViewModel.topicHeader
        drawBars(model, header: header, Array(rows[start..<(start + shown)]), into: &frame, row: row)
        if shown < rows.count {
            frame.wheel(Rect(column: 0, row: row, width: size.width, height: shown + 1),
                        up: SliderViewModel.Intent.scroll(-1), down: SliderViewModel.Intent.scroll(1))
        }
        row += 1 + shown + 1
        let buttonRow = roomy ? row : size.height - 1
        for range in frame.buttons([(zone.action, keyName(.newRound, model), true)], row: buttonRow,
                                   padding: Self.buttonPadding(size.width)) {
            frame.region(Rect(column: range.lowerBound, row: buttonRow, width: range.count),
                         SliderViewModel.Intent.newRound)
        }
    }

    /// A legend row with both names, then per topic: its name and two bars of five steps.
    private func drawBars(_ model: SliderViewModel, header: String,
                          _ rows: [(topic: String, first: Rating, second: Rating)],
                          into frame: inout Frame, row: Int) {
        let unit = frame.size.width >= 140 ? 4 : frame.size.width >= 70 ? 2 : 1
        let barWidth = 5 * unit + 2
        let longest = (model.resultRows.map(\.topic) + [header]).map { DisplayWidth.of($0) }.max() ?? 0
        let topicWidth = min(longest, frame.size.width - 2 * barWidth - 7)
        let total = topicWidth + 2 + barWidth + 3 + barWidth
        let left = max(1, (frame.size.width - total) / 2)
        let columns = [left + topicWidth + 2, left + topicWidth + 2 + barWidth + 3]
        frame.write(DisplayWidth.truncate(header, to: topicWidth), row: row, column: left, style: .dim)
        // The stars go first when room is short (for both, so the columns match): the
        // names say more.
        let starred = Player.allCases.allSatisfy { DisplayWidth.of("★ " + model.name($0)) <= barWidth + 1 }
        for (player, column) in zip(Player.allCases, columns) {
            let name = starred ? "★ " + model.name(player) : Self.fit(model.name(player), to: barWidth + 1)
            frame.write(name, row: row, column: column, style: Style(foreground: Self.color(player), bold: true))
        }
        for (offset, item) in rows.enumerated() {
            let y = row + 1 + offset
            frame.write(DisplayWidth.truncate(item.topic, to: topicWidth), row: y, column: left)
            for (player, column) in zip(Player.allCases, columns) {
                let rating = player == .first ? item.first : item.second
                let full = rating.rawValue * unit
                let end = frame.write(String(repeating: "█", count: full), row: y, column: column,
                                      style: .color(Self.color(player)))
                frame.write(String(repeating: "░", count: 5 * unit - full) + " \(rating.rawValue)", row: y,
                            column: end, style: .dim)
            }
        }
    }

    /// Warm colors for low zones, green for the best.
    static func color(_ zone: CompatibilityZone) -> Color {
        let colors: [Color] = [.red, .orange, .yellow, .green]
        let index = CompatibilityZone.all.firstIndex(of: zone) ?? 0
        return colors[min(index, colors.count - 1)]
    }
}
