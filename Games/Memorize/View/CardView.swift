import GameHost

/// Draws one card in a frame, in one of five sizes. Looks are told apart by their
/// characters as well as by color, so they read the same without colors.
struct CardView {
    enum Look: Equatable {
        case back
        case face(String)
        /// Matched, shown dimmed.
        case matched(String)
        /// Matched, cleared from the board.
        case hidden
    }

    enum Size: CaseIterable {
        case huge, large, medium, compact, small

        var width: Int {
            switch self {
            case .huge: 14
            case .large: 10
            case .medium: 8
            case .compact: 6
            case .small: 4
            }
        }

        var height: Int {
            switch self {
            case .huge: 7
            case .large: 5
            case .medium, .compact: 3
            case .small: 1
            }
        }

        /// Space between cards across and down.
        var gap: (across: Int, down: Int) {
            switch self {
            case .huge, .large: (2, 1)
            case .medium, .compact, .small: (1, 0)
            }
        }
    }

    let look: Look
    let size: Size
    let color: Color
    let isCursor: Bool

    func draw(into frame: inout Frame, row: Int, column: Int) {
        if size == .small { drawSmall(into: &frame, row: row, column: column) } else { drawBoxed(into: &frame, row: row, column: column) }
    }

    private var borderStyle: Style {
        if isCursor { return Style(bold: true) }
        switch look {
        case .back: return Style(foreground: color)
        case .face: return .plain
        case .matched, .hidden: return .dim
        }
    }

    /// The card's border: heavy under the cursor, dashed once matched, none once cleared.
    private var lines: Frame.BoxLines? {
        if isCursor { return .heavy }
        switch look {
        case .back, .face: return .rounded
        case .matched: return .dashed
        case .hidden: return nil
        }
    }

    private func drawBoxed(into frame: inout Frame, row: Int, column: Int) {
        let inner = size.width - 2
        if let lines {
            frame.box(row: row, column: column, width: size.width, height: size.height, style: borderStyle, lines: lines)
        }
        if look == .back {
            for line in 1..<(size.height - 1) {
                frame.write(String(repeating: "░", count: inner), row: row + line, column: column + 1,
                            style: Style(foreground: color))
            }
        }
        if let emoji = emoji {
            let middle = row + size.height / 2
            frame.write(emoji, row: middle, column: column + 1 + (inner - DisplayWidth.of(emoji)) / 2,
                        style: emojiStyle, limit: inner)
        }
    }

    private func drawSmall(into frame: inout Frame, row: Int, column: Int) {
        let (open, close): (String, String)
        switch (isCursor, look) {
        case (true, _): (open, close) = ("›", "‹")
        case (false, .back), (false, .face): (open, close) = ("[", "]")
        case (false, _): (open, close) = (" ", " ")
        }
        frame.write(open, row: row, column: column, style: borderStyle)
        if look == .back {
            frame.write("░░", row: row, column: column + 1, style: Style(foreground: color))
        } else if let emoji {
            frame.write(emoji, row: row, column: column + 1, style: emojiStyle, limit: 2)
        }
        frame.write(close, row: row, column: column + 3, style: borderStyle)
    }

    private var emoji: String? {
        switch look {
        case .face(let emoji), .matched(let emoji): emoji
        case .back, .hidden: nil
        }
    }

    private var emojiStyle: Style {
        if case .matched = look { return .dim }
        return .plain
    }
}
