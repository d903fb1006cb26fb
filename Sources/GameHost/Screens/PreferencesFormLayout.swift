/// Where the preferences form puts things in a terminal of some size.
///
/// A small terminal gets a narrow list at the top with the selected field's help at the
/// bottom edge. A wide one shows every field's help beside its value and every preset's
/// changes beside the preset, so nothing needs selecting to be read. A tall one centres the
/// list under a heading (the game and its summary), with the help and messages just below
/// it rather than at the far bottom.
struct PreferencesFormLayout {
    /// Cells for a field's label.
    let labelWidth: Int
    /// Cells for "‹ value ›".
    let valueWidth: Int
    /// Cells for the notes (help, a preset's changes) beside the values; 0 when there are none.
    let noteWidth: Int
    /// The list's width, from the labels to the end of the notes.
    let width: Int
    let left: Int
    /// The heading's first row, on a tall terminal: the game's title, then its summary.
    let heading: Int?
    /// The first row of the list and how many rows it has.
    let top: Int
    let room: Int
    let helpRow: Int
    /// Rows for the help and for a message: a tall terminal wraps a long one over two, a
    /// short one cuts it with "…".
    let helpLines: Int
    let messageRow: Int

    /// The value column: after the marker, the label and two spaces.
    var valueColumn: Int { left + labelWidth + 3 }
    var noteColumn: Int { valueColumn + valueWidth + 3 }

    init(_ model: PreferencesFormViewModel, lines: Int, in size: Size) {
        labelWidth = min(18, max(model.fields.map { DisplayWidth.of($0.label) }.max() ?? 0, 8))
        let values = model.fields.flatMap { field in
            (field.kind.samples + [model.values[field.key] ?? field.defaultValue]).map {
                DisplayWidth.of(field.kind.display($0))
            }
        }
        valueWidth = min(28, (values.max() ?? 0) + 4)
        let helpWidth = model.fields.map { DisplayWidth.of($0.help) }.max() ?? 0
        // Beside the values when every field's help fits whole there.
        let besideWidth = labelWidth + 3 + valueWidth + 3 + helpWidth
        if !model.fields.isEmpty, besideWidth <= size.width - 4 {
            let changes = model.presets.indices.map { DisplayWidth.of(model.changes(ofPreset: $0)) }.max() ?? 0
            // Room for the longest origin too, " (config.json)", where the terminal has it.
            noteWidth = min(size.width - 4 - (labelWidth + valueWidth + 6), max(helpWidth + 14, changes))
            width = labelWidth + valueWidth + 6 + noteWidth
        } else {
            noteWidth = 0
            width = min(size.width - 2, 60)
        }
        left = max(1, (size.width - width) / 2)
        // Tall: heading (two lines), blank, the list, blank, help, message, centred; a help
        // or message of two lines takes a row of the margin below.
        if size.height >= lines + 10 {
            let block = lines + 6
            let start = max(1, (size.height - block) / 2)
            heading = start
            top = start + 3
            room = lines
            helpRow = top + lines + 1
            helpLines = 2
            messageRow = helpRow + helpLines
        } else {
            // Two lines at the bottom hold the selected field's help and any message.
            heading = nil
            room = max(1, size.height - 4)
            top = size.height >= lines + 5 ? 1 : 0
            helpRow = size.height - 2
            helpLines = 1
            messageRow = size.height - 1
        }
    }

    /// " (saved)": where a value that is not the default comes from.
    static func origin(_ field: AnyPreferenceSchema.Field, _ model: PreferencesFormViewModel) -> String {
        let source = model.source(field.key)
        return source == .defaults ? "" : " (\(source.rawValue))"
    }

    /// What a wide form writes beside a row: a field's help, a preset's changes.
    static func note(_ row: PreferencesFormViewModel.Row, _ model: PreferencesFormViewModel) -> String? {
        switch row {
        case .field(let index): model.fields[index].help + origin(model.fields[index], model)
        case .preset(let index): model.changes(ofPreset: index)
        default: nil
        }
    }
}
