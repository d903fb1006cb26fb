import GameHost

/// Draws the quiz: a centered problem, four answer buttons, the round's progress, and the
/// Start/Next, Reset and Preferences buttons. It decides nothing; it asks the view model.
struct QuizView: ScreenView {
    var minimumSize: Size { Size(width: 36, height: 10) }

    func title(_ model: QuizViewModel) -> String { "Quiz" }

    func render(_ model: QuizViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        // The bindings once for the frame: the hints and buttons below name keys from them.
        let keys = bindings(model)
        let roomy = size.height >= 16
        var rows = Layout.Rows(centering: roomy ? 14 : 10, in: size.height)
        frame.center(progress(model, wide: size.width >= 60), row: rows.take(2), style: .dim)
        frame.center(model.problemText, row: rows.take(2), style: .bold)
        let answers = rows.take(roomy ? 4 : 2)
        if model.problem != nil {
            drawAnswers(model, into: &frame, row: answers, boxed: roomy)
        } else {
            frame.center(model.startHint.text(keys), row: answers + (roomy ? 1 : 0))
        }
        var feedback = model.feedbackText.text(keys)
        if model.feedback == .hint, DisplayWidth.of(feedback) > size.width { feedback = model.shortHint.text(keys) }
        frame.center(feedback, row: rows.take(roomy ? 2 : 1), style: style(of: model.feedback))
        drawProgress(model, into: &frame, row: rows.take(roomy ? 3 : 2), stacked: roomy)
        drawButtons(model, keys, into: &frame, row: rows.row)
        return frame
    }

    /// The position in the round, with the settings beside it when there is room.
    private func progress(_ model: QuizViewModel, wide: Bool) -> String {
        guard let position = model.positionText else { return model.roundText }
        return wide ? position + " · " + model.settingsText : position
    }

    private func style(of feedback: QuizViewModel.Feedback) -> Style {
        switch feedback {
        case .none: .plain
        case .hint: .dim
        case .right: Style(foreground: .green, bold: true)
        case .wrong: Style(foreground: .red, bold: true)
        case .roundOver: .bold
        case .refused: Style(foreground: .yellow, bold: true)
        }
    }

    private func drawAnswers(_ model: QuizViewModel, into frame: inout Frame, row: Int, boxed: Bool) {
        guard let problem = model.problem else { return }
        let roomy = frame.size.width >= 60
        let large = frame.size.width >= 120
        let labels = problem.choices.enumerated().map { "\($0.offset + 1)\(roomy ? "  " : " ")\($0.element)" }
        // As wide as the largest possible choice, so the buttons stay put from problem to
        // problem; wider on large terminals.
        // One more cell for the ✓/✗ mark, there before an answer too, so nothing moves.
        let inner = (roomy ? 3 : 2) + model.choiceDigits + (roomy ? 2 : 1) + (roomy ? 2 : 0) + (large ? 8 : 0)
        let boxWidth = inner + 2
        var gap = large ? 5 : roomy ? 3 : 1
        // Four 4-digit answers fill the 36 columns of the smallest terminal exactly: side by
        // side with no gap then, rather than the last one cut at the edge.
        if labels.count * boxWidth + (labels.count - 1) * gap > frame.size.width { gap = 0 }
        let boxes = Layout.columns(labels.count, each: boxWidth, gap: gap, in: frame.size.width)
        for (index, (label, box)) in zip(labels, boxes).enumerated() {
            let column = box.lowerBound
            let style = answerStyle(model, problem, index)
            let padded = DisplayWidth.pad(String(repeating: " ", count: large ? 4 : roomy ? 1 : 0) + label,
                                          to: inner - (roomy ? 3 : 1))
            let text = padded + (roomy ? " " : "") + model.mark(ofChoice: index) + (roomy ? " " : "")
            if boxed {
                // The border keeps one style so that answering restyles only the labels.
                frame.box(row: row, column: column, width: boxWidth, height: 3)
                frame.write(text, row: row + 1, column: column + 1, style: style)
            } else {
                frame.write("[" + text + "]", row: row, column: column, style: style)
            }
            frame.region(Rect(column: column, row: row, width: boxWidth, height: boxed ? 3 : 1),
                         enabled: model.canAnswer, QuizViewModel.Intent.answer(index))
        }
    }

    private func answerStyle(_ model: QuizViewModel, _ problem: MathProblem, _ index: Int) -> Style {
        if problem.status == .unanswered {
            return index == model.selected ? Style(bold: true, reverse: true) : .bold
        }
        if index == problem.correctIndex { return Style(foreground: .green, bold: true) }
        if index == problem.chosenIndex { return Style(foreground: .red, bold: true) }
        return .dim
    }

    private func drawProgress(_ model: QuizViewModel, into frame: inout Frame, row: Int, stacked: Bool) {
        // Each mark as wide as the widest, so a ✓ takes the cells its "--" took and the
        // marks after it stay put.
        let symbols = QuizViewModel.symbols
        let markWidth = [symbols.unanswered, symbols.correct, symbols.incorrect].map { DisplayWidth.of($0) }.max() ?? 0
        let marks = model.statusRow.map { DisplayWidth.pad($0, to: markWidth) }
        let status = Frame.join(marks, separator: stacked ? "  " : " ")
        if model.phase == .initial {
            frame.center(status, row: stacked ? row + 1 : row)
        } else if stacked {
            frame.center(model.scoreLine, row: row)
            frame.center(status, row: row + 1)
        } else {
            // The widest gap that keeps the row whole: seven marks beside the score at 36
            // columns were cut (audit #22).
            let line = ["   ", "  ", " "].map { model.scoreLine + $0 + status }
                .first { DisplayWidth.of($0) <= frame.size.width } ?? model.scoreLine + " " + status
            frame.center(line, row: row)
        }
    }

    /// The original's buttons, each with its key, dimmed while it does nothing; wider on
    /// large terminals.
    private func drawButtons(_ model: QuizViewModel, _ keys: [KeyBinding<QuizViewModel.Intent>],
                             into frame: inout Frame, row: Int) {
        func keyName(_ intent: QuizViewModel.Intent) -> String { Prose("\(key: intent)").text(keys) }
        let width = frame.size.width
        // The main button is as wide as its longest title, so Start → Next → Play again
        // moves none of the others.
        let longest = QuizViewModel.advanceTitles.map { DisplayWidth.of($0) }.max() ?? 0
        let slack = longest - DisplayWidth.of(model.advanceTitle)
        let advance = DisplayWidth.pad(String(repeating: " ", count: slack / 2) + model.advanceTitle, to: longest)
        let buttons: [(label: String, key: String?, enabled: Bool)] = [
            (advance, keyName(.advance), model.canAdvance),
            (QuizViewModel.resetTitle, keyName(.reset), true),
            (QuizViewModel.preferencesTitle, keyName(.openPreferences), model.canOpenPreferences),
        ]
        let padding = width >= 120 ? 3 : 1
        let gap = width >= 120 ? 5 : width >= 60 ? 3 : 1
        let fits = buttons.map { Frame.buttonWidth($0.label, key: $0.key, padding: padding) }.reduce(0, +)
            + gap * (buttons.count - 1) <= width
        // Short of room, the keys go (the footer still names them) before the words do.
        let ranges = frame.buttons(fits ? buttons : buttons.map { ($0.label, nil, $0.enabled) }, row: row, gap: gap,
                                   padding: fits ? padding : 0, style: .bold)
        let intents: [QuizViewModel.Intent] = [.advance, .reset, .openPreferences]
        for (range, (intent, button)) in zip(ranges, zip(intents, buttons)) {
            frame.region(Rect(column: range.lowerBound, row: row, width: range.count), enabled: button.enabled, intent)
        }
    }

    func bindings(_ model: QuizViewModel) -> [KeyBinding<QuizViewModel.Intent>] {
        var bindings: [KeyBinding<QuizViewModel.Intent>] = []
        if model.canAnswer {
            // Nothing picked yet: Enter answers nothing, so it is shown so, with why (audit M6).
            bindings.append(.keys(.enter, .space, label: "choose", enabled: model.selected != nil,
                                  because: model.nothingPickedText, .answerSelected))
            // Enter is Next once this question is answered: the button shows it, dimmed.
            bindings.append(.keys(.enter, .space, label: model.advanceTitle.lowercased(), enabled: false,
                                  hint: false, .advance))
        } else {
            bindings.append(.keys(.enter, .space, label: model.advanceTitle.lowercased(), .advance))
        }
        let noQuestion = model.noQuestionText
        for index in 0..<QuizConstants.choiceCount {
            bindings.append(.keys(.digit(index + 1), label: "answer", enabled: model.canAnswer, because: noQuestion,
                                  .answer(index)))
        }
        bindings.append(.keys(.left, .character("h"), label: "choose", enabled: model.canAnswer, because: noQuestion,
                              hint: false, .moveSelection(-1)))
        bindings.append(.keys(.right, .character("l"), label: "choose", enabled: model.canAnswer, because: noQuestion,
                              hint: false, .moveSelection(1)))
        bindings.append(.keys(.character("r"), label: "reset", .reset))
        bindings.append(.keys(.character("u"), label: "undo", enabled: model.canUndo, hint: model.canUndo, .undo))
        bindings.append(.keys(.character("p"), label: "preferences", enabled: model.canOpenPreferences,
                              because: model.preferencesLaterText, .openPreferences))
        return bindings
    }
}
