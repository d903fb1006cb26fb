/// Drawing pieces every screen shares, so boxes, buttons and wrapped text look and behave
/// the same in the host and in every game.
extension Frame {
    /// The lines a box is drawn with.
    public enum BoxLines: Sendable {
        /// ╭─╮ │ ╰─╯: the usual box.
        case rounded
        /// ┏━┓ ┃ ┗━┛: a box that stands out (the one under the cursor).
        case heavy
        /// ╭╌╮ ╎ ╰╌╯: a box that is done with (a matched card).
        case dashed

        /// The pieces of a box's lines (a struct, not a tuple: a tuple type is built by the
        /// runtime at its first use, on the way to a first frame).
        struct Pieces {
            let topLeft, across, topRight, down, bottomLeft, bottomRight: String
        }

        var pieces: Pieces {
            switch self {
            case .rounded: Pieces(topLeft: "╭", across: "─", topRight: "╮", down: "│", bottomLeft: "╰", bottomRight: "╯")
            case .heavy: Pieces(topLeft: "┏", across: "━", topRight: "┓", down: "┃", bottomLeft: "┗", bottomRight: "┛")
            case .dashed: Pieces(topLeft: "╭", across: "╌", topRight: "╮", down: "╎", bottomLeft: "╰", bottomRight: "╯")
            }
        }
    }

    /// A box, rounded unless told otherwise, `width` × `height` cells, its inside left as it was.
    public mutating func box(row: Int, column: Int, width: Int, height: Int, style: Style = .plain,
                             lines: BoxLines = .rounded) {
        guard width >= 2, height >= 2 else { return }
        let pieces = lines.pieces
        let line = String(repeating: pieces.across, count: width - 2)
        write(pieces.topLeft + line + pieces.topRight, row: row, column: column, style: style)
        for y in (row + 1)..<(row + height - 1) {
            write(pieces.down, row: y, column: column, style: style)
            write(pieces.down, row: y, column: column + width - 1, style: style)
        }
        write(pieces.bottomLeft + line + pieces.bottomRight, row: row + height - 1, column: column, style: style)
    }

    /// The cells a button takes: "[ Enter Next topic ]", with `padding` spaces inside each
    /// bracket (1 on small terminals, more to fill large ones).
    public static func buttonWidth(_ label: String, key: String?, padding: Int = 1) -> Int {
        DisplayWidth.of(label) + 2 + 2 * padding + (key.map { DisplayWidth.of($0) + 1 } ?? 0)
    }

    /// Draws a button: its key in bold (so the player sees what to press), then its label;
    /// all dim when it does nothing now. Returns the columns it covers, for a click region.
    @discardableResult
    public mutating func button(_ label: String, key: String?, row: Int, column: Int, enabled: Bool = true,
                                padding: Int = 1, style: Style = .plain) -> Range<Int> {
        let base = enabled ? style : style.with(bold: false, dim: true)
        let pad = String(repeating: " ", count: max(0, padding))
        var x = write("[" + pad, row: row, column: column, style: base.with(bold: enabled))
        if let key { x = write(key + " ", row: row, column: x, style: base.with(bold: enabled, reverse: false)) }
        x = write(label, row: row, column: x, style: base)
        x = write(pad + "]", row: row, column: x, style: base.with(bold: enabled))
        return column..<x
    }

    /// Buttons side by side, centred in the row, `gap` cells apart; returns each one's columns.
    @discardableResult
    public mutating func buttons(_ buttons: [(label: String, key: String?, enabled: Bool)], row: Int,
                                 gap: Int = 3, padding: Int = 1, style: Style = .plain) -> [Range<Int>] {
        let total = buttons.map { Self.buttonWidth($0.label, key: $0.key, padding: padding) }.reduce(0, +)
            + gap * max(0, buttons.count - 1)
        var column = max(0, (size.width - total) / 2)
        return buttons.map { button in
            let range = self.button(button.label, key: button.key, row: row, column: column, enabled: button.enabled,
                                    padding: padding, style: style)
            column = range.upperBound + gap
            return range
        }
    }
}

extension DisplayWidth {
    /// Splits text into lines of at most `width` cells, at spaces where it can. A word longer
    /// than a line (a path, a file name) is broken after a `/`, `-`, `.` or `_` where one falls
    /// in the line's last two thirds, so no name is cut in two, else cut at the line's end.
    /// With a `limit`, at most that many lines, the last one ending in "…" when the text goes on.
    public static func wrap(_ text: String, width: Int, limit: Int? = nil) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if of(candidate) <= width {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            var rest = String(word)
            while of(rest) > width {
                var head = truncate(rest, to: width, ellipsis: false)
                if head.isEmpty { head = String(rest.prefix(1)) }
                if let cut = head.lastIndex(where: { $0 == "/" || $0 == "-" || $0 == "." || $0 == "_" }),
                   of(head[...cut]) * 3 > width {
                    head = String(head[...cut])
                }
                lines.append(head)
                rest = String(rest.dropFirst(head.count))
            }
            line = rest
        }
        if !line.isEmpty { lines.append(line) }
        guard let limit, limit > 0, lines.count > limit else { return lines }
        let last = truncate(lines[limit - 1], to: width - 1, ellipsis: false)
        return Array(lines.prefix(limit - 1)) + [last + "…"]
    }
}
