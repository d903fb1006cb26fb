import GameHost

/// Draws the screen from the view model and lists the keys. It places, styles and fits what
/// the view model says; it decides nothing. The host draws the header and the footer (the
/// key hints come from `bindings`), and shows a "too small" notice below `minimumSize`.
struct TemplateView: ScreenView {
    var minimumSize: Size { Size(width: 30, height: 7) }

    func title(_ model: TemplateViewModel) -> String { "Guess" }

    func render(_ model: TemplateViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        var row = max(0, (size.height - 7) / 2)
        frame.center(model.prompt, row: row, style: .bold)
        row += 2
        frame.center(model.entryText, row: row, style: model.isWon ? .dim : .reverse)
        row += 2
        frame.center(model.feedback, row: row, style: model.isWon ? Style(foreground: .green, bold: true) : .plain)
        row += 2
        // The latest guesses that fit the width, oldest first.
        var shown: [String] = []
        for guess in model.history.reversed() {
            guard (shown + [guess]).joined(separator: " ").count <= size.width else { break }
            shown.insert(guess, at: 0)
        }
        frame.center(shown.joined(separator: " "), row: row, style: .dim)
        return frame
    }

    func bindings(_ model: TemplateViewModel) -> [KeyBinding<TemplateViewModel.Intent>] {
        var bindings = (0...9).map { digit in
            KeyBinding<TemplateViewModel.Intent>.keys(.digit(digit), label: "type", enabled: model.canType(digit),
                                                       hint: false, .type(digit))
        }
        bindings.append(.keys(.backspace, label: "erase", enabled: model.canErase, .erase))
        bindings.append(model.isWon ? .keys(.enter, label: "new round", .newRound)
                                    : .keys(.enter, label: "guess", enabled: model.canGuess, .guess))
        bindings.append(.keys(.character("n"), label: "new secret", hint: false, .newRound))
        return bindings
    }
}
