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
            let topLeft, across, topRight, down, bottomLeft, bottomRight: Unicode.Scalar

            /// True when each piece takes one cell, as box drawing does everywhere.
            var oneCellEach: Bool {
                DisplayWidth.width(of: topLeft) == 1 && DisplayWidth.width(of: across) == 1
                    && DisplayWidth.width(of: topRight) == 1 && DisplayWidth.width(of: down) == 1
                    && DisplayWidth.width(of: bottomLeft) == 1 && DisplayWidth.width(of: bottomRight) == 1
            }
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
        // A box drawn on every frame (Snake's board) cost more in strings than in cells: each
        // piece, one cell wide, is stored as it is. Written as text only where a cut at the
        // left or right edge is being recorded (a checking render), as a write records it.
        let cut = column < 0 || column + width > size.width
        guard pieces.oneCellEach, !cut || Self.recording == nil else {
            return writeBox(row: row, column: column, width: width, height: height, style: style, pieces: pieces)
        }
        func slot(_ piece: Unicode.Scalar) -> Slot { Slot(code: piece.value, style: style, width: 1) }
        let across = max(0, column + 1), acrossEnd = min(size.width, column + width - 1)
        func edge(_ y: Int, _ left: Unicode.Scalar, _ right: Unicode.Scalar) {
            guard y >= 0, y < size.height else { return }
            set(y, column, slot(left))
            if across < acrossEnd { fillRun(row: y, across..<acrossEnd, with: slot(pieces.across)) }
            set(y, column + width - 1, slot(right))
        }
        edge(row, pieces.topLeft, pieces.topRight)
        for y in max(0, row + 1)..<max(max(0, row + 1), min(size.height, row + height - 1)) {
            set(y, column, slot(pieces.down))
            set(y, column + width - 1, slot(pieces.down))
        }
        edge(row + height - 1, pieces.bottomLeft, pieces.bottomRight)
    }

    /// `box` as lines of text, each side cell written on its own: the general path, which
    /// records cuts as every write does.
    mutating func writeBox(row: Int, column: Int, width: Int, height: Int, style: Style, pieces: BoxLines.Pieces) {
        let across = String(pieces.across), down = String(pieces.down)
        let line = String(repeating: across, count: width - 2)
        write(String(pieces.topLeft) + line + String(pieces.topRight), row: row, column: column, style: style)
        for y in (row + 1)..<(row + height - 1) {
            write(down, row: y, column: column, style: style)
            write(down, row: y, column: column + width - 1, style: style)
        }
        write(String(pieces.bottomLeft) + line + String(pieces.bottomRight), row: row + height - 1, column: column,
              style: style)
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
