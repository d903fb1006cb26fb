/// The keys screen and the link screen share one shape: lines of text, a "Code:" field under
/// them, and the screen's message under the field; drawn here once.
enum CodeForm {
    /// Draws `lines` from the top (as many as leave room for the field and the message), the
    /// code field, then `message` wrapped to `width`.
    static func draw(_ lines: [(String, Style)], field: TextField, message: String?, width: Int,
                     into frame: inout Frame) {
        let size = frame.size
        let message = message.map { DisplayWidth.wrap($0, width: width) } ?? []
        let below = message.isEmpty ? 0 : message.count + 1
        var row = 1
        for (line, style) in lines.prefix(max(0, size.height - 3 - below)) {
            frame.write(line, row: row, column: 2, style: style)
            row += 1
        }
        row = min(row + 1, max(0, size.height - 1 - below))
        let column = frame.write("Code: ", row: row, column: 2, style: .plain.with(bold: true))
        field.draw(into: &frame, row: row, column: column, width: max(4, size.width - column - 2))
        for (index, line) in message.enumerated() where row + 2 + index < size.height {
            frame.write(line, row: row + 2 + index, column: 2, style: .plain.with(bold: true))
        }
    }
}
