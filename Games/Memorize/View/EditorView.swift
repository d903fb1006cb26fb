import GameHost

/// The theme editor, drawn as a form: one row per field, the focused one marked, a line of
/// help for it and any message. Edits are saved as they happen, so there is no Save button.
struct EditorView: ScreenView {
    private static let labelWidth = 9

    var minimumSize: Size { MemorizeConstants.minimumSize }

    func title(_ model: EditorViewModel) -> String { EditorViewModel.title }

    func render(_ model: EditorViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        guard let theme = model.theme else {
            frame.center(EditorViewModel.deletedText, row: size.height / 2 - 1, style: .bold)
            frame.center(say(EditorViewModel.deletedHint, model), row: size.height / 2 + 1, style: .dim)
            return frame
        }
        // A sheet: a box around the form when there is room for one, else the bare form. A
        // large terminal gets a wider sheet (two thirds of it), so more emojis to a line.
        let boxed = size.width >= 60 && size.height >= 16
        let boxWidth = boxed ? min(size.width - 2, max(76, size.width * 2 / 3)) : size.width
        let boxLeft = (size.width - boxWidth) / 2
        let left = boxLeft + (boxed ? 3 : 1)
        let right = boxLeft + boxWidth - (boxed ? 2 : 1)
        let valueColumn = left + Self.labelWidth + 2
        let valueWidth = right - valueColumn

        // Five fields, a help line and a message line; emojis and removed emojis wrap into
        // what is left, and blank lines go between the fields when they still fit. The lines
        // they get depend on the room only, never on how many emojis there are, so adding or
        // removing one moves nothing else (the lists scroll when they hold more). Rows beyond
        // an 80×24 terminal's give the emojis up to 6 lines and the removed ones up to 3.
        let room = size.height - (boxed ? 2 : 0) - 2
        let extra = max(0, room - 18)
        let removedLines = min(2 + min(1, extra / 8), max(1, (room - 4) / 3))
        let emojiLines = max(1, min(3 + min(3, extra / 4), room - 3 - removedLines))
        let used = 3 + removedLines + emojiLines
        let spacing = room >= used + 6 ? 1 : 0
        let height = used + spacing * 6 + 2
        let top = boxed ? max(0, (size.height - height - 2) / 2) : 0
        if boxed { frame.box(row: top, column: boxLeft, width: boxWidth, height: height + 2, style: .dim) }
        var row = top + (boxed ? 1 : 0) + spacing

        drawLabel(.name, model, row: row, column: left, into: &frame)
        if model.field == .name {
            model.nameField.draw(into: &frame, row: row, column: valueColumn + 1, width: valueWidth - 1,
                                 style: ThemeStyle.name(theme))
        } else {
            frame.write(theme.name, row: row, column: valueColumn + 1, style: ThemeStyle.name(theme),
                        limit: valueWidth - 1)
        }
        row += 1 + spacing
        drawLabel(.emojis, model, row: row, column: left, into: &frame)
        _ = drawChips(theme.emojis, selected: model.field == .emojis ? model.selectedEmoji : nil,
                      row: row, column: valueColumn, width: valueWidth, lines: emojiLines, into: &frame,
                      click: EditorViewModel.Intent.pickEmoji)
        row += emojiLines + spacing
        drawLabel(.removed, model, row: row, column: left, into: &frame)
        if theme.removedEmojis.isEmpty {
            frame.write(EditorViewModel.noneText, row: row, column: valueColumn + 1, style: .dim)
        } else {
            _ = drawChips(theme.removedEmojis, selected: model.field == .removed ? model.selectedRemoved : nil,
                          row: row, column: valueColumn, width: valueWidth, lines: removedLines, into: &frame,
                          click: EditorViewModel.Intent.pickRemoved)
        }
        row += removedLines + spacing
        drawLabel(.pairs, model, row: row, column: left, into: &frame)
        drawStepper(String(theme.pairCount), canDown: model.canStepPairs(-1), canUp: model.canStepPairs(1),
                    row: row, column: valueColumn, into: &frame)
        frame.write(model.pairsOfText, row: row, column: valueColumn + 8, style: .dim)
        row += 1 + spacing
        drawLabel(.color, model, row: row, column: left, into: &frame)
        drawColor(theme.color, row: row, column: valueColumn, width: valueWidth, into: &frame)
        row += 1 + spacing

        // The help names keys: drawn whole on two lines where the message leaves room for
        // them, else marked cut, never cut silently (at 40 columns "Enter goes on." was lost).
        let help = DisplayWidth.wrap(say(model.help, model), width: right - left, limit: model.message == nil ? 2 : 1)
        for (index, line) in help.enumerated() {
            frame.write(line, row: row + index, column: left, style: .dim)
        }
        if let message = model.message {
            frame.write(DisplayWidth.truncate(message, to: right - left), row: row + 1, column: left,
                        style: Style(foreground: .yellow, bold: true))
        }
        return frame
    }

    private func drawLabel(_ field: EditorViewModel.Field, _ model: EditorViewModel,
                           row: Int, column: Int, into frame: inout Frame) {
        let label = field.label
        let focused = model.field == field
        frame.write(focused ? "›" : " ", row: row, column: column - 1, style: .bold)
        frame.write(DisplayWidth.pad(label, to: Self.labelWidth), row: row, column: column + 1,
                    style: focused ? Style(bold: true, reverse: true) : .plain)
        // The whole row focuses the field; its chips, arrows and values are declared later, on top.
        frame.region(Rect(column: column - 1, row: row, width: frame.size.width - column),
                     EditorViewModel.Intent.focusField(field))
    }

    /// Emojis four cells apart, the selected one in brackets, wrapped over at most `lines`
    /// lines; when there are more, the lines around the selection. Returns the lines used.
    @discardableResult
    private func drawChips(_ emojis: [String], selected: Int?, row: Int, column: Int, width: Int, lines: Int,
                           into frame: inout Frame, click: (Int) -> EditorViewModel.Intent) -> Int {
        let perLine = max(1, width / 4)
        let total = max(1, Self.lineCount(emojis.count, width))
        let shown = min(lines, total)
        let selectedLine = (selected ?? 0) / perLine
        let first = min(max(0, selectedLine - shown / 2), total - shown)
        for line in 0..<shown {
            let start = (first + line) * perLine
            for (offset, emoji) in emojis.dropFirst(start).prefix(perLine).enumerated() {
                let index = start + offset
                let x = column + offset * 4
                if index == selected {
                    frame.write("[", row: row + line, column: x, style: .bold)
                    frame.write(emoji, row: row + line, column: x + 1, style: .reverse, limit: 2)
                    frame.write("]", row: row + line, column: x + 3, style: .bold)
                } else {
                    frame.write(emoji, row: row + line, column: x + 1, limit: 2)
                }
                frame.region(Rect(column: x, row: row + line, width: 4), click(index))
            }
        }
        if first > 0 { frame.write("▲", row: row, column: column + perLine * 4, style: .dim) }
        if first + shown < total { frame.write("▼", row: row + shown - 1, column: column + perLine * 4, style: .dim) }
        return shown
    }

    private func drawStepper(_ value: String, canDown: Bool, canUp: Bool, row: Int, column: Int,
                             into frame: inout Frame) {
        var x = frame.button("‹", row: row, column: column, style: canDown ? .bold : .dim, enabled: canDown,
                             EditorViewModel.Intent.stepPairs(-1))
        x = frame.write(" \(value) ", row: row, column: x, style: .bold)
        frame.button("›", row: row, column: x, style: canUp ? .bold : .dim, enabled: canUp,
                     EditorViewModel.Intent.stepPairs(1))
    }

    /// The chosen color by name between arrows, and the palette when there is room. The
    /// name's room is the longest name's, so the palette never moves; each color shows its
    /// pattern, and the chosen one is underlined and marked, so it reads without colors.
    private func drawColor(_ color: ThemeColor, row: Int, column: Int, width: Int, into frame: inout Frame) {
        let palette = ThemeColor.allCases
        let nameWidth = palette.map { DisplayWidth.of($0.label) }.max() ?? 0
        var x = frame.button("‹ ", row: row, column: column, style: .bold, EditorViewModel.Intent.stepColor(-1))
        let (swatch, style) = ThemeStyle.swatch(color)
        x = frame.write(swatch, row: row, column: x, style: style)
        x = frame.write(" " + color.label + " ", row: row, column: x, style: .bold)
        x = frame.button("›", row: row, column: x, style: .bold, EditorViewModel.Intent.stepColor(1))
        // The palette starts where the longest name would put it, so it never moves.
        x = max(x, column + 2 + DisplayWidth.of(swatch) + 1 + nameWidth + 2)
        x += 2
        guard x + palette.count * 2 + 1 <= column + width else { return }
        for candidate in palette {
            let chosen = candidate == color
            var style = Style.color(candidate.terminalColor)
            style.underline = chosen
            frame.write(chosen ? "▸" : " ", row: row, column: x - 1, style: .bold)
            frame.region(Rect(column: x, row: row, width: 1), EditorViewModel.Intent.setColor(candidate))
            x = frame.write(String(ThemeSwatches.pattern(candidate)), row: row, column: x, style: style) + 1
        }
    }

    static func lineCount(_ count: Int, _ width: Int) -> Int {
        let perLine = max(1, width / 4)
        return max(1, (count + perLine - 1) / perLine)
    }

    func bindings(_ model: EditorViewModel) -> [KeyBinding<EditorViewModel.Intent>] {
        guard model.theme != nil else { return [.keys(.escape, label: "back", .close)] }
        // The field's own keys first: the footer shows what fits, in this order.
        var bindings: [KeyBinding<EditorViewModel.Intent>] = []
        switch model.field {
        case .name:
            bindings.append(.keys(.enter, label: "next", hint: false, .focus(1)))
            bindings += TextField.bindings(label: "type the name") { .name($0) }
        case .emojis:
            bindings.append(.keys(.character("x"), .delete, .backspace, label: "remove", enabled: model.canRemove,
                                  because: model.tooFewText, .remove))
            bindings.append(.keys(.left, .character("h"), label: "select", .select(-1)))
            bindings.append(.keys(.right, .character("l"), label: "select", .select(1)))
            bindings += letterFocus
            // q and ? keep their usual meaning (back, help) rather than being refused as emojis.
            bindings.append(.text(label: "type or paste an emoji to add it") { $0 == "q" || $0 == "?" ? nil : .add(String($0)) })
        case .removed:
            bindings.append(.keys(.enter, .character("r"), label: "restore", enabled: model.hasRemoved,
                                  because: model.nothingRemovedText, .restore))
            bindings.append(.keys(.left, .character("h"), label: "select", enabled: model.hasRemoved,
                                  because: model.nothingRemovedText, .select(-1)))
            bindings.append(.keys(.right, .character("l"), label: "select", enabled: model.hasRemoved,
                                  because: model.nothingRemovedText, .select(1)))
            bindings += letterFocus
        case .pairs:
            bindings.append(.keys(.left, .character("h"), .character("-"), label: "fewer",
                                  enabled: model.canStepPairs(-1), because: model.pairsRangeText, .stepPairs(-1)))
            bindings.append(.keys(.right, .character("l"), .character("+"), label: "more",
                                  enabled: model.canStepPairs(1), because: model.pairsRangeText, .stepPairs(1)))
            bindings += letterFocus
        case .color:
            bindings.append(.keys(.left, .character("h"), label: "color", .stepColor(-1)))
            bindings.append(.keys(.right, .character("l"), label: "color", .stepColor(1)))
            bindings += letterFocus
        }
        bindings.append(.keys(.escape, label: "done", .close))
        bindings.append(.keys(.down, .tab, label: "next", .focus(1)))
        bindings.append(.keys(.up, .backTab, label: "previous", .focus(-1)))
        return bindings
    }

    /// j/k move between fields, except in the name, where they are letters.
    private var letterFocus: [KeyBinding<EditorViewModel.Intent>] {
        [.keys(.character("j"), label: "next", hint: false, .focus(1)),
         .keys(.character("k"), label: "previous", hint: false, .focus(-1))]
    }
}
