import GameHost

/// Draws the slider game: a turn, the hand-over or the result, and lists the keys of the
/// moment. It decides nothing; it asks the view model.
struct SliderView: ScreenView {
    var minimumSize: Size { Size(width: 40, height: 10) }

    /// Below this content height the screens drop their spacing.
    static let roomyHeight = 16

    func title(_ model: SliderViewModel) -> String { model.title }

    func render(_ model: SliderViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        switch model.phase {
        case .turn: drawTurn(model, into: &frame)
        case .handOver: drawHandOver(model, into: &frame)
        case .results: drawResults(model, into: &frame)
        }
        return frame
    }

    func bindings(_ model: SliderViewModel) -> [KeyBinding<SliderViewModel.Intent>] {
        let sliding = model.canSlide
        let scrolling = model.canScroll && model.maxScroll > 0
        var bindings: [KeyBinding<SliderViewModel.Intent>] = []
        switch model.phase {
        case .turn: bindings.append(.keys(.enter, .space, label: "record", .record))
        case .handOver: bindings.append(.keys(.enter, .space, label: "start", .beginSecondTurn))
        case .results:
            let action = model.zone?.action.lowercased() ?? "new round"
            bindings.append(.keys(.enter, .space, label: action, .newRound))
        }
        bindings.append(.keys(.left, .character("h"), label: "slide", enabled: sliding, hint: sliding, .slide(-1)))
        bindings.append(.keys(.right, .character("l"), label: "slide", enabled: sliding, hint: sliding, .slide(1)))
        for rating in Rating.allCases {
            bindings.append(.keys(.digit(rating.rawValue), label: "rate", enabled: sliding, hint: sliding,
                                  .choose(rating.rawValue)))
        }
        bindings.append(.keys(.up, .character("k"), label: "scroll", enabled: scrolling, hint: scrolling,
                              .scroll(-1)))
        bindings.append(.keys(.down, .character("j"), label: "scroll", enabled: scrolling, hint: scrolling,
                              .scroll(1)))
        bindings.append(.keys(.character("p"), label: "preferences", enabled: model.canOpenPreferences,
                              .openPreferences))
        return bindings
    }

    // MARK: - Shared pieces

    static func color(_ player: Player) -> Color { player == .first ? .cyan : .magenta }

    /// A name cut to a width, marked with "…" and with no space left dangling before it.
    static func fit(_ name: String, to width: Int) -> String {
        guard DisplayWidth.of(name) > width else { return name }
        var cut = DisplayWidth.truncate(name, to: max(0, width - 1), ellipsis: false)
        while cut.last?.isWhitespace == true { cut.removeLast() }
        return cut + "…"
    }

    /// A sentence with a name in it, the name cut so the sentence fits the width.
    static func fitted(_ sentence: (String) -> String, name: String, width: Int) -> String {
        let room = width - DisplayWidth.of(sentence(""))
        return sentence(fit(name, to: max(3, room)))
    }

    /// Splits text at spaces into at most `limit` lines of `width` cells; the last one is
    /// cut with "…" if the text goes on.
    static func wrap(_ text: String, width: Int, limit: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if DisplayWidth.of(candidate) <= width || line.isEmpty {
                line = candidate
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        lines = lines.map { DisplayWidth.truncate($0, to: width) }
        guard lines.count > limit, limit > 0 else { return lines }
        let last = DisplayWidth.truncate(lines[limit - 1], to: width - 1, ellipsis: false)
        return Array(lines.prefix(limit - 1)) + [last + "…"]
    }
}
