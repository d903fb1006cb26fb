import GameHost

/// A turn and the hand-over: both players' stars, the current one framed, then the
/// question and the slider, or the words that pass the keyboard on.
extension SliderView {
    func drawTurn(_ model: SliderViewModel, into frame: inout Frame) {
        guard let player = model.currentPlayer, let topic = model.topic, let progress = model.progressText else { return }
        let width = frame.size.width
        let roomy = frame.size.height >= Self.roomyHeight
        var rows = Layout.Rows(centering: roomy ? 16 : 10, in: frame.size.height)
        drawMarkers(model, into: &frame, row: rows.take(roomy ? 4 : 3))
        if roomy { frame.center(progress, row: rows.take(2), style: .dim) }
        let question = Self.fitted(SliderViewModel.question, name: model.name(player), width: width - 2)
        frame.center(question, row: rows.take(roomy ? 2 : 1))
        frame.center(topic, row: rows.take(roomy ? 3 : 1), style: .bold)
        let row = rows.row
        drawSlider(model.slider, color: Self.color(player), into: &frame, row: row)
        if !roomy { frame.center(progress, row: row + 3, style: .dim) }
        // The storyboard's button to the next topic, its key shown.
        for range in frame.buttons([(model.recordTitle, keyName(.record, model), true)], row: row + 4,
                                   padding: Self.buttonPadding(width)) {
            frame.region(Rect(column: range.lowerBound, row: row + 4, width: range.count), SliderViewModel.Intent.record)
        }
    }

    /// Buttons fill out on large terminals.
    static func buttonPadding(_ width: Int) -> Int { width >= 120 ? 3 : 1 }

    func drawHandOver(_ model: SliderViewModel, into frame: inout Frame) {
        let width = frame.size.width - 2
        let roomy = frame.size.height >= Self.roomyHeight
        var rows = Layout.Rows(centering: roomy ? 13 : 10, in: frame.size.height)
        drawMarkers(model, into: &frame, row: rows.take(roomy ? 5 : 4))
        frame.center(Self.fitted(SliderViewModel.thanks, name: model.name(.first), width: width), row: rows.take(1))
        frame.center(SliderViewModel.hidden, row: rows.take(2))
        frame.centerButton(Self.fitted({ say(SliderViewModel.handOverPrompt($0), model) }, name: model.name(.second), width: width),
                           row: rows.take(2), style: Style(foreground: Self.color(.second), bold: true),
                           SliderViewModel.Intent.beginSecondTurn)
        let row = rows.take(1)
        frame.center(Self.fitted(SliderViewModel.passOn, name: model.name(.second), width: width), row: row,
                     style: .dim)
        // Where there is room, the same words as a button, its key shown.
        if roomy {
            for range in frame.buttons([(SliderViewModel.beginTitle, keyName(.beginSecondTurn, model), true)],
                                       row: row + 2, padding: Self.buttonPadding(frame.size.width)) {
                frame.region(Rect(column: range.lowerBound, row: row + 2, width: range.count),
                             SliderViewModel.Intent.beginSecondTurn)
            }
        }
    }

    /// "★ name" for each player in their half of the row; the current one in a box.
    func drawMarkers(_ model: SliderViewModel, into frame: inout Frame, row: Int, boxed: Player?? = nil) {
        let (origin, half) = Self.halves(frame.size.width)
        for player in Player.allCases {
            let current = player == (boxed ?? model.currentPlayer)
            let name = Self.fit(model.name(player), to: half - 8)
            let text = "★ " + name
            let boxWidth = DisplayWidth.of(text) + 4
            let left = origin + (player == .first ? 0 : half) + Layout.centered(boxWidth, in: half)
            if current {
                let style = Style(foreground: Self.color(player), bold: true)
                frame.box(row: row, column: left, width: boxWidth, height: 3, style: style)
                frame.write(text, row: row + 1, column: left + 2, style: style)
            } else {
                frame.write("☆ " + name, row: row + 1, column: left + 2, style: .dim)
            }
        }
    }

    /// Where the markers' row puts each player: the first column of player 1's half, and the
    /// width of a half. On wide terminals the markers stay near the slider instead of the far
    /// edges.
    static func halves(_ width: Int) -> (origin: Int, half: Int) {
        let area = min(width, max(72, trackWidth(width) + 8))
        return ((width - area) / 2, area / 2)
    }

    /// Faces above a five-stop track, the knob on the rating, the scale's ends below it.
    ///
    ///     😖      🙁     [😐]     🙂      😍
    ///     ●━━━━━━━●━━━━━━━◉───────○───────○
    ///     terrible      3 · okay      great
    func drawSlider(_ rating: Rating, color: Color, into frame: inout Frame, row: Int) {
        let steps = Rating.allCases
        let spacing = Self.spacing(frame.size.width)
        let trackWidth = Self.trackWidth(frame.size.width)
        let left = Layout.centered(trackWidth, in: frame.size.width)
        let filled = Style(foreground: color, bold: true)
        for (index, step) in steps.enumerated() {
            let column = left + index * spacing
            let face = SliderViewModel.faces[step]!
            if step == rating {
                frame.write("[" + face + "]", row: row, column: column - 1, style: .bold)
            } else {
                frame.write(face, row: row, column: column)
            }
        }
        let knob = (rating.rawValue - 1) * spacing
        for offset in 0..<trackWidth {
            let isStop = offset % spacing == 0
            let glyph: Character
            switch (offset < knob, offset == knob, isStop) {
            case (_, true, _): glyph = "◉"
            case (true, _, true): glyph = "●"
            case (true, _, false): glyph = "━"
            case (false, _, true): glyph = "○"
            case (false, _, false): glyph = "─"
            }
            frame.write(String(glyph), row: row + 1, column: left + offset, style: offset <= knob ? filled : .dim)
        }
        // A click on a face or on the track sets the rating of the nearest stop.
        frame.region(Rect(column: left - 1, row: row, width: trackWidth + 2, height: 2)) { column, _ in
            SliderViewModel.Intent.choose(min(steps.count, max(1, (column - 1 + spacing / 2) / spacing + 1)))
        }
        if spacing >= 16 {
            // Room for every step's word under its stop, the chosen one marked.
            for (index, step) in steps.enumerated() {
                let word = SliderViewModel.words[step]!
                let text = step == rating ? "\(step.rawValue) · \(word)" : word
                frame.center(text, row: row + 2, style: step == rating ? filled : .dim,
                             column: left + index * spacing - spacing / 2, width: spacing)
            }
            return
        }
        // The scale's ends under its ends, the rating between them; a rating at an end is
        // marked on that end's word rather than said a second time beside it (audit N21).
        let lowest = SliderViewModel.words[.terrible]!, highest = SliderViewModel.words[.great]!
        let marked = { (step: Rating) in "\(step.rawValue) · \(SliderViewModel.words[step]!)" }
        let lowText = rating == .terrible ? marked(.terrible) : lowest
        let highText = rating == .great ? marked(.great) : highest
        frame.write(lowText, row: row + 2, column: left, style: rating == .terrible ? filled : .dim)
        frame.write(highText, row: row + 2, column: left + trackWidth - DisplayWidth.of(highText),
                    style: rating == .great ? filled : .dim)
        if rating != .terrible, rating != .great {
            frame.center(marked(rating), row: row + 2, style: filled, column: left + DisplayWidth.of(lowest) + 1,
                         width: trackWidth - DisplayWidth.of(lowest) - DisplayWidth.of(highest) - 2)
        }
    }

    /// Cells between two stops of the track: more on larger terminals.
    static func spacing(_ width: Int) -> Int { min(28, max(8, (width - 8) / 4 * 2 / 3)) }

    static func trackWidth(_ width: Int) -> Int { spacing(width) * (Rating.allCases.count - 1) + 1 }
}
