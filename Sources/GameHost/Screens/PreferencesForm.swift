/// The host's form for any game's preferences schema, with Play (from the launcher) or
/// Done (opened from inside a game), the schema's presets, Scores and Reset to defaults.
final class PreferencesFormViewModel: ViewModel {
    enum Mode { case launch, sheet }

    enum Row: Equatable {
        case play, done, scores, reset
        case field(Int)
        case preset(Int)
    }

    enum Intent: Codable, Sendable, Equatable {
        case move(Int)
        case change(Int)
        case activate
        case reset
        /// Brings back the values a reset just put away (until the next key).
        case undo
        /// Typing in the text field being edited.
        case edit(TextField.Edit)
        case commit
        /// Esc: leaves the field keeping what was typed, as every text field does (the theme
        /// editor saves as it is typed); a value the field cannot take is left as it was.
        case cancel
        /// Clicks: a row selected; a row selected and activated; a field selected and stepped.
        case select(Int)
        case pick(Int)
        case step(Int, Int)
        /// Opens a room for a game of several seats (hosted only), as Play starts one here.
        case openRoom
    }

    struct State: Encodable {
        let selected: String
        let values: [String: String]
        let editing: String?
        let message: String?
    }

    /// The game's layered preferences, as the form reads and saves them.
    struct Store {
        var save: (String, PreferenceValue) throws -> Void
        var reset: () throws -> Void
        var values: () -> PreferenceValues
        var source: (String) -> PreferenceStore.Source
    }

    let game: GameInfo
    let fields: [AnyPreferenceSchema.Field]
    let presets: [(name: String, values: PreferenceValues)]
    /// The schema, for its rule across fields.
    private let schema: AnyPreferenceSchema
    let mode: Mode
    let rows: [Row]
    private(set) var selected = 0
    /// The text field being edited, if one is.
    private(set) var editing: TextField?
    private(set) var message: String?
    /// The saved values the last reset put away, for `u` until the next intent.
    private(set) var undoable: PreferenceValues?
    private let store: Store
    /// What Play does: start the game (from the launcher only).
    private let play: Effect<Intent>?
    /// What opening a room does, and how many seats the game takes with the values now.
    var openRoom: (effect: Effect<Intent>, seats: () -> Int)?

    init(game: GameInfo, schema: AnyPreferenceSchema, mode: Mode, store: Store, play: Effect<Intent>?) {
        self.game = game
        fields = schema.fields
        presets = schema.presets
        self.schema = schema
        self.mode = mode
        self.store = store
        self.play = play
        let valueRows = fields.indices.map(Row.field) + presets.indices.map(Row.preset)
        rows = mode == .launch ? [.play] + valueRows + [.scores, .reset] : [.done] + valueRows + [.reset]
    }

    var values: PreferenceValues { store.values() }
    func source(_ key: String) -> PreferenceStore.Source { store.source(key) }
    var selectedRow: Row { rows[selected] }

    var selectedField: AnyPreferenceSchema.Field? {
        if case .field(let index) = selectedRow { return fields[index] }
        return nil
    }

    /// The fields a preset would change, in the form's order.
    private func fieldsChanged(byPreset index: Int) -> [AnyPreferenceSchema.Field] {
        let current = values
        return fields.filter { field in presets[index].values[field.key].map { $0 != current[field.key] } ?? false }
    }

    /// Whether the values now are the preset's.
    func isInUse(preset index: Int) -> Bool { fieldsChanged(byPreset: index).isEmpty }

    /// What applying a preset would change, as the form shows values: "Difficulty Easy ·
    /// Questions 3".
    func changes(ofPreset index: Int) -> String {
        let preset = presets[index].values
        let changes = fieldsChanged(byPreset: index).compactMap { field in
            preset[field.key].map { field.label + " " + field.kind.display($0) }
        }
        return changes.isEmpty ? "The values now are this preset's" : Frame.join(changes, separator: " · ")
    }

    var state: State {
        State(selected: String(describing: selectedRow),
              values: values.mapValues { "\($0.json)" },
              editing: editing?.text, message: message)
    }

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        message = nil
        let undo = undoable
        undoable = nil
        switch intent {
        case .openRoom: return openRoom.flatMap { $0.seats() > 1 ? [$0.effect] : nil } ?? []
        case .move(let delta):
            selected = (selected + delta + rows.count) % rows.count
        case .change(let delta):
            guard let field = selectedField, let value = values[field.key] else { return [] }
            if case .text = field.kind { startEditing(field); return [] }
            save(field, field.kind.step(value, by: delta))
        case .activate:
            switch selectedRow {
            case .play:
                // Values that break the rule across fields (config.json changed under saved
                // ones) are never played: the player is told why, and changes one.
                if let conflict = schema.conflict(in: values) {
                    message = "Cannot play: \(conflict.reason). Change one of them first."
                    return []
                }
                return play.map { [$0] } ?? []
            case .done: return [.pop]
            case .scores:
                let id = game.id
                return [.host(.showScores(game: id))]
            case .reset: return handle(.reset)
            case .field: return handle(.change(1))
            case .preset(let index): apply(preset: index)
            }
        case .reset:
            // What a reset loses is said, and u brings it back (the one rule for what loses
            // progress: docs/reference.md, Decisions).
            let saved = values.filter { store.source($0.key) == .saved }
            do {
                try store.reset()
                guard !saved.isEmpty else {
                    message = "These are the defaults already."
                    return []
                }
                undoable = saved
                message = "Reset to defaults: u brings back your \(saved.count == 1 ? "value" : "\(saved.count) values")."
            } catch {
                message = "Could not reset: \(error)"
            }
        case .undo:
            guard let undo else {
                message = "Nothing to undo."
                return []
            }
            // Checked together: one by one, a value could clash with a default it is about to
            // replace (Player 1 called "Player 2" before Player 2's own name is back).
            if let conflict = schema.conflict(in: values.merging(undo) { $1 }) {
                message = Self.refusal(conflict)
                return []
            }
            for field in fields { if let value = undo[field.key] { save(field, value, checked: true) } }
            message = "Your values are back."
        case .edit(let edit):
            if editing?.apply(edit) == .tooLong, let field = selectedField, let limit = editing?.limit {
                message = "\(field.label) takes at most \(limit) characters; nothing more was added."
            }
        case .commit:
            guard let field = selectedField, let text = editing?.text else { return [] }
            guard let value = field.kind.validated(.text(text)) else {
                message = text.trimmed.isEmpty
                    ? "\(field.label) cannot be blank: it takes \(field.kind.allowed)."
                    : "\(field.label) must be \(field.kind.allowed)."
                return []
            }
            // A refused value keeps the field open, so the player can type another.
            guard save(field, value) else { return [] }
            editing = nil
        case .cancel:
            guard let field = selectedField, let text = editing?.text else {
                editing = nil
                return []
            }
            editing = nil
            guard values[field.key] != .text(text) else { return [] }
            guard let value = field.kind.validated(.text(text)) else {
                message = "\(field.label) is left as it was: it must be \(field.kind.allowed)."
                return []
            }
            save(field, value)
        case .select(let row) where rows.indices.contains(row):
            if row != selected { editing = nil }
            selected = row
        case .pick(let row) where rows.indices.contains(row):
            if row == selected, editing != nil { return handle(.commit) }
            editing = nil
            selected = row
            return handle(.activate)
        case .step(let row, let delta) where rows.indices.contains(row):
            editing = nil
            selected = row
            return handle(.change(delta))
        case .select, .pick, .step:
            break
        }
        return []
    }

    private func startEditing(_ field: AnyPreferenceSchema.Field) {
        // The field stops taking letters at the schema's limit, and says so.
        var limit: Int?
        if case .text(let maxLength) = field.kind { limit = maxLength }
        if case .text(let text)? = values[field.key] {
            editing = TextField(text, limit: limit)
        } else {
            editing = TextField(limit: limit)
        }
    }

    /// Saves each of the preset's values that differs, in the form's order.
    private func apply(preset index: Int) {
        if let conflict = schema.conflict(in: values.merging(presets[index].values) { $1 }) {
            message = Self.refusal(conflict)
            return
        }
        for field in fieldsChanged(byPreset: index) {
            guard let value = presets[index].values[field.key] else { continue }
            guard save(field, value, checked: true) else { return }
        }
        message = "\(presets[index].name) set."
    }

    /// Saves one value unless, with the others, it breaks the schema's rule across fields
    /// (`checked`: the caller has checked the values it is saving together); false when not saved.
    @discardableResult
    private func save(_ field: AnyPreferenceSchema.Field, _ value: PreferenceValue, checked: Bool = false) -> Bool {
        var next = values
        next[field.key] = value
        if !checked, let conflict = schema.conflict(in: next) {
            message = Self.refusal(conflict)
            return false
        }
        do {
            try store.save(field.key, value)
            return true
        } catch {
            message = "Could not save \(field.key): \(error)"
            return false
        }
    }

    /// "Not saved: both players would be called “Bob”…".
    static func refusal(_ conflict: PreferenceConflict) -> String { "Not saved: \(conflict.reason)." }
}

struct PreferencesFormView: ScreenView {
    func title(_ model: PreferencesFormViewModel) -> String {
        model.mode == .launch ? model.game.title : "Preferences"
    }

    func render(_ model: PreferencesFormViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        var lines: [(text: String, value: String, style: Style, row: PreferencesFormViewModel.Row)] = []
        for row in model.rows {
            switch row {
            case .play: lines.append(("▶ Play", "", .bold, row))
            case .done: lines.append(("✓ Done", "", .bold, row))
            case .scores: lines.append(("Scores", "", .plain, row))
            case .reset: lines.append(("Reset to defaults", "", .plain, row))
            case .preset(let index):
                let mark = model.isInUse(preset: index) ? " ✓" : ""
                lines.append(("Preset: " + model.presets[index].name + mark, "", .plain, row))
            case .field(let index):
                let field = model.fields[index]
                let value = model.values[field.key] ?? field.defaultValue
                lines.append((field.label, field.kind.display(value), .plain, row))
            }
        }
        let layout = PreferencesFormLayout(model, lines: lines.count, in: size)
        let (labelWidth, width, left, room) = (layout.labelWidth, layout.width, layout.left, layout.room)
        // Beside the notes the value has its own column; otherwise the rest of the row.
        let valueRoom = layout.noteWidth > 0 ? layout.valueWidth : width - labelWidth - 3
        if let row = layout.heading {
            frame.write(model.game.title, row: row, column: left, style: .bold, limit: size.width - left)
            frame.write(model.game.summary, row: row + 1, column: left, style: .dim, limit: size.width - left)
        }
        let first = min(max(0, model.selected - room + 1), max(0, lines.count - room))
        var y = layout.top
        // Rows above or below the room: arrows at the right edge say the list goes on.
        if first > 0 { frame.write("▲", row: y, column: left + width - 1, style: .dim) }
        if first + room < lines.count { frame.write("▼", row: y + room - 1, column: left + width - 1, style: .dim) }
        for (index, line) in lines.enumerated().dropFirst(first).prefix(room) {
            let isSelected = index == model.selected
            let style = isSelected ? line.style.with(reverse: true) : line.style
            frame.write(isSelected ? "›" : " ", row: y, column: left - 1 < 0 ? 0 : left - 1, style: .bold)
            typealias Intent = PreferencesFormViewModel.Intent
            if case .field = line.row {
                frame.write(DisplayWidth.pad(line.text, to: labelWidth), row: y, column: left + 1, style: style)
                let start = layout.valueColumn
                // The label selects; the value changes it (or saves the text being typed);
                // the arrows step it back and forth.
                frame.region(Rect(column: left - 1, row: y, width: labelWidth + 4), Intent.select(index))
                if isSelected, let editing = model.editing {
                    editing.draw(into: &frame, row: y, column: start, width: valueRoom, style: .bold)
                    frame.region(Rect(column: start, row: y, width: max(1, valueRoom)), Intent.pick(index))
                } else if case .field(let number) = line.row, valueRoom >= 5 {
                    // The value whole or cut with "…", between its arrows; an arrow that cannot
                    // step (a number at its end) is dimmed (audits #21, #24).
                    let field = model.fields[number]
                    let value = model.values[field.key] ?? field.defaultValue
                    let base: Style = isSelected ? .bold : .plain
                    let down = field.kind.step(value, by: -1) != value, up = field.kind.step(value, by: 1) != value
                    var x = frame.write("‹ ", row: y, column: start, style: down ? base : .dim)
                    x = frame.write(DisplayWidth.truncate(line.value, to: valueRoom - 4), row: y, column: x, style: base)
                    let end = frame.write(" ›", row: y, column: x, style: up ? base : .dim)
                    frame.region(Rect(column: start, row: y, width: end - start), Intent.pick(index))
                    frame.region(Rect(column: start, row: y, width: 2), Intent.step(index, -1))
                    frame.region(Rect(column: end - 2, row: y, width: 2), Intent.step(index, 1))
                } else {
                    let end = frame.write("‹ \(line.value) ›", row: y, column: start,
                                          style: isSelected ? .bold : .plain, limit: valueRoom)
                    frame.region(Rect(column: start, row: y, width: end - start), Intent.pick(index))
                    frame.region(Rect(column: start, row: y, width: 2), Intent.step(index, -1))
                    frame.region(Rect(column: end - 2, row: y, width: 2), Intent.step(index, 1))
                }
            } else {
                let end = frame.write(" \(line.text) ", row: y, column: left, style: style)
                frame.region(Rect(column: left - 1, row: y, width: end - left + 1), Intent.pick(index))
            }
            if layout.noteWidth > 0, let note = PreferencesFormLayout.note(line.row, model) {
                frame.write(DisplayWidth.truncate(note, to: layout.noteWidth), row: y, column: layout.noteColumn,
                            style: .dim)
            }
            y += 1
        }
        if let hint = model.editing?.selectionHint {
            frame.write(DisplayWidth.truncate(hint, to: width), row: layout.helpRow, column: left, style: .dim)
        } else if let field = model.selectedField {
            // The help is beside the field already: here, its key and what it takes, as
            // config.json and --set name them.
            let help = layout.noteWidth > 0 ? "\(field.key): \(field.kind.allowed)"
                : field.help + PreferencesFormLayout.origin(field, model)
            for (offset, line) in DisplayWidth.wrap(help, width: width, limit: layout.helpLines).enumerated() {
                frame.write(line, row: layout.helpRow + offset, column: left, style: .dim)
            }
        } else if case .preset(let index) = model.selectedRow {
            frame.write(DisplayWidth.truncate(model.changes(ofPreset: index), to: width), row: layout.helpRow,
                        column: left, style: .dim)
        }
        if let message = model.message {
            for (offset, line) in DisplayWidth.wrap(message, width: width, limit: layout.helpLines).enumerated() {
                frame.write(line, row: layout.messageRow + offset, column: left, style: .color(.yellow).with(bold: true))
            }
        }
        frame.wheel(Rect(column: 0, row: 0, width: size.width, height: size.height),
                    up: PreferencesFormViewModel.Intent.move(-1), down: PreferencesFormViewModel.Intent.move(1))
        return frame
    }

    func bindings(_ model: PreferencesFormViewModel) -> [KeyBinding<PreferencesFormViewModel.Intent>] {
        if model.editing != nil {
            return [.keys(.enter, label: "save", .commit), .keys(.escape, label: "done", .cancel)]
                + TextField.bindings { .edit($0) }
        }
        let onField = model.selectedField != nil
        let activateLabel: String
        switch model.selectedRow {
        case .play: activateLabel = "play"
        case .done: activateLabel = "done"
        case .scores: activateLabel = "scores"
        case .reset: activateLabel = "reset"
        case .field: activateLabel = "change"
        case .preset: activateLabel = "apply"
        }
        return [
            .keys(.up, .character("k"), label: "move", .move(-1)),
            .keys(.down, .character("j"), label: "move", .move(1)),
            .keys(.left, .character("h"), label: "change", enabled: onField, .change(-1)),
            .keys(.right, .character("l"), label: "change", enabled: onField, .change(1)),
            .keys(.enter, label: activateLabel, .activate),
            .keys(.character("r"), label: "reset", hint: false, .reset),
            .keys(.character("u"), label: "undo", enabled: model.undoable != nil, hint: model.undoable != nil, .undo),
        ] + (model.rows.firstIndex(of: .scores).map { [.keys(.character("s"), label: "scores", hint: false, .pick($0))] } ?? [])
            + (model.openRoom.flatMap { $0.seats() > 1 ? [.keys(.character("o"), label: "open a room", .openRoom)] : nil } ?? [])
    }
}
