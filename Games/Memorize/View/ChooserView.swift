import GameHost

/// The theme chooser: one row per theme with its name in its color, a swatch, its number of
/// pairs and some of its emojis; in edit mode each row shows that it can be deleted and edited.
struct ChooserView: ScreenView {
    var minimumSize: Size { MemorizeConstants.minimumSize }

    func title(_ model: ChooserViewModel) -> String { model.title }

    func render(_ model: ChooserViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        frame.write(say(model.heading, model), row: 0, column: 1, style: .bold)
        drawButtons(model, into: &frame)
        let listTop = 2
        let room = max(1, size.height - listTop - 1)
        guard model.hasThemes else {
            frame.center(say(ChooserViewModel.emptyText, model), row: listTop + 1, style: .dim)
            drawMessage(model, into: &frame)
            return frame
        }
        // A page at a time: moving within a page redraws two rows, not the whole list.
        let first = min(model.selected / room * room, max(0, model.themes.count - room))
        // Columns as wide as the widest theme's, not the page's: scrolling to another page
        // moves no column (audit #17). Names are capped, so the cost is one width per theme.
        let visible = model.themes[first..<min(model.themes.count, first + room)]
        let nameWidth = min(size.width >= 60 ? 18 : 10, model.themes.map { DisplayWidth.of($0.name) }.max() ?? 0)
        let countWidth = model.themes.map { DisplayWidth.of(ChooserViewModel.pairsText($0)) }.max() ?? 0
        for (offset, theme) in zip(visible.indices, visible) {
            let row = listTop + offset - first
            drawRow(theme, selected: offset == model.selected, editing: model.isEditing, row: row,
                    widths: (nameWidth, countWidth), into: &frame)
            frame.region(Rect(column: 0, row: row, width: size.width), ChooserViewModel.Intent.pick(offset))
            if model.isEditing {
                // The ⊖ mark, three cells in: "› ⊖".
                frame.region(Rect(column: 3, row: row, width: 1), ChooserViewModel.Intent.remove(offset))
            }
        }
        frame.wheel(Rect(column: 0, row: listTop, width: size.width, height: room),
                    up: ChooserViewModel.Intent.move(-1), down: ChooserViewModel.Intent.move(1))
        if first > 0 { frame.write("▲", row: listTop, column: 0, style: .dim) }
        if first + room < model.themes.count { frame.write("▼", row: listTop + room - 1, column: 0, style: .dim) }
        drawMessage(model, into: &frame)
        return frame
    }

    private func drawRow(_ theme: Theme, selected: Bool, editing: Bool, row: Int,
                         widths: (name: Int, count: Int), into frame: inout Frame) {
        let width = frame.size.width
        let gap = width >= 60 ? 2 : 1
        var column = frame.write(selected ? "›" : " ", row: row, column: 1, style: .bold) + 1
        if editing { column = frame.write("⊖", row: row, column: column, style: .color(.red)) + 1 }
        let (swatch, swatchStyle) = ThemeStyle.swatch(theme.color)
        column = frame.write(swatch, row: row, column: column, style: swatchStyle) + 1
        var nameStyle = ThemeStyle.name(theme)
        if selected { nameStyle.reverse = true }
        frame.write(DisplayWidth.pad(theme.name, to: widths.name), row: row, column: column, style: nameStyle)
        column += widths.name + gap
        frame.write(ChooserViewModel.pairsText(theme), row: row, column: column)
        column += widths.count + gap
        // The edit mark lines up after the room a full sample takes, or at the right edge.
        let editMark = width >= 60 ? ChooserViewModel.editMark : ChooserViewModel.shortEditMark
        // Large terminals show more of each theme's emojis.
        let limit = width >= 100 ? max(MemorizeConstants.sampleSize, (width - 40) / 3) : MemorizeConstants.sampleSize
        let fullSample = limit * 3 + 1
        let end = width - 1 - (editing ? DisplayWidth.of(editMark) + gap : 0)
        let sampleWidth = max(0, min(fullSample, end - column))
        frame.write(ThemeStyle.sample(theme.emojis, width: sampleWidth, limit: limit), row: row, column: column,
                    limit: sampleWidth)
        if editing { frame.write(editMark, row: row, column: column + sampleWidth + gap, style: .dim) }
    }

    /// The list's buttons, as the original's navigation bar: add, and edit (done in edit
    /// mode), right-aligned above the list, each with its key.
    private func drawButtons(_ model: ChooserViewModel, into frame: inout Frame) {
        let buttons: [(String, String?, ChooserViewModel.Intent)] = [
            (ChooserViewModel.addTitle, keyName(.add, model), .add),
            (model.editTitle, keyName(.toggleEditing, model), .toggleEditing),
        ]
        let width = buttons.map { Frame.buttonWidth($0.0, key: $0.1) }.reduce(0, +) + 1
        var column = frame.size.width - 1 - width
        guard column > 0 else { return }
        for (label, key, intent) in buttons {
            let range = frame.button(label, key: key, row: 1, column: column, enabled: model.canChangeThemes)
            frame.region(Rect(column: range.lowerBound, row: 1, width: range.count), enabled: model.canChangeThemes, intent)
            column = range.upperBound + 1
        }
    }

    private func drawMessage(_ model: ChooserViewModel, into frame: inout Frame) {
        guard let message = model.message else { return }
        frame.write(DisplayWidth.truncate(say(message, model), to: frame.size.width - 2), row: frame.size.height - 1,
                    column: 1, style: Style(foreground: .yellow, bold: true))
    }

    func bindings(_ model: ChooserViewModel) -> [KeyBinding<ChooserViewModel.Intent>] {
        // The footer shows what fits, in this order: the actions first, the obvious arrows later.
        var bindings: [KeyBinding<ChooserViewModel.Intent>] = []
        let changes = model.canChangeThemes, room = ChooserViewModel.roomText
        if model.isEditing {
            bindings.append(.keys(.enter, label: "edit", enabled: model.hasThemes, .edit))
            bindings.append(.keys(.character("d"), .delete, label: "delete", enabled: model.hasThemes, .delete))
            // Back one step, whichever of q and Esc: out of edit mode, then out of the themes (audit #9).
            bindings.append(.keys(.character("e"), .escape, .character("q"), label: "done", .toggleEditing))
        } else {
            let resumes = model.selectedTheme.map(model.hasGameInProgress) ?? false
            bindings.append(.keys(.enter, .space, label: resumes ? "resume" : "play", enabled: model.hasThemes, .play))
            bindings.append(.keys(.character("a"), label: "add", enabled: changes, because: room, hint: changes, .add))
            bindings.append(.keys(.character("e"), label: "edit", enabled: changes, because: room, hint: changes,
                                  .toggleEditing))
        }
        bindings.append(.keys(.character("u"), label: "undo", enabled: model.canUndo, hint: model.canUndo, .undo))
        bindings.append(.keys(.up, .character("k"), label: "select", enabled: model.canMove, .move(-1)))
        bindings.append(.keys(.down, .character("j"), label: "select", enabled: model.canMove, .move(1)))
        if model.isEditing { bindings.append(.keys(.character("a"), label: "add", .add)) }
        bindings.append(.keys(.character("p"), label: "preferences", enabled: changes, because: room, hint: changes,
                              .openPreferences))
        return bindings
    }
}
