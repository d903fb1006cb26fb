/// One line of text a player edits, with the one behaviour every text field has, in the
/// host's forms and in every game:
///
/// - on entry the whole text is selected: the first letter typed replaces it, Backspace or
///   Ctrl-U clears it, ← or → keeps it and puts the cursor at its end;
/// - then letters are added at the cursor (the end), Backspace erases the last one, Ctrl-U
///   clears the line;
/// - the cursor shows as "▏", the selection as reverse video and between "[" and "]", so
///   it is seen without colour, and `selectionHint` says what typing will do.
///
/// Text is cleaned of control characters as it comes in. A view model keeps one per field
/// and applies the player's `Edit`s to it; its view draws it with `draw`.
public struct TextField: Equatable, Codable, Sendable {
    /// What a player does to a text field; the intent a view model wraps.
    public enum Edit: Equatable, Codable, Sendable {
        case type(String)
        /// Backspace.
        case erase
        /// Ctrl-U.
        case clear
        /// ← or →: keep the selected text, cursor at its end.
        case keep
    }

    /// What applying an edit did, for the view model's words.
    public enum Outcome: Equatable, Sendable {
        case changed
        /// Nothing to do (erasing an empty field, typing only control characters).
        case unchanged
        /// Typing would make the text longer than the limit; nothing was added.
        case tooLong
    }

    public private(set) var text: String
    public private(set) var isSelected: Bool
    /// The most characters the text may hold, if any.
    public let limit: Int?

    /// A field entered with `text` in it, selected.
    public init(_ text: String = "", limit: Int? = nil) {
        self.text = text
        isSelected = !text.isEmpty
        self.limit = limit
    }

    @discardableResult
    public mutating func apply(_ edit: Edit) -> Outcome {
        switch edit {
        case .type(let typed):
            let clean = TextSanitizer.clean(typed)
            guard !clean.isEmpty else { return .unchanged }
            let result = (isSelected ? "" : text) + clean
            if let limit, result.count > limit { return .tooLong }
            text = result
            isSelected = false
        case .erase:
            guard !text.isEmpty else { return .unchanged }
            if isSelected { text = "" } else { text.removeLast() }
            isSelected = false
        case .clear:
            guard !text.isEmpty else { return .unchanged }
            text = ""
            isSelected = false
        case .keep:
            guard isSelected else { return .unchanged }
            isSelected = false
        }
        return .changed
    }

    /// What the next key does to a selected text, for the field's help line; nil otherwise.
    public var selectionHint: String? {
        isSelected ? "Typing replaces it, ←/→ keep it." : nil
    }

    /// The keys of a text field, each sending `intent(edit)`: letters, Backspace, Ctrl-U,
    /// ← and →. A screen adds its own keys (Enter, Esc) around them.
    public static func bindings<Intent>(label: String = "type",
                                        _ intent: @escaping (Edit) -> Intent) -> [KeyBinding<Intent>] {
        [
            .keys(.backspace, label: "erase", intent(.erase)),
            .keys(.control("u"), label: "clear", hint: false, intent(.clear)),
            .keys(.left, .right, label: "keep", hint: false, intent(.keep)),
            .text(label: label) { intent(.type(String($0))) },
        ]
    }

    /// Draws the field at a place, at most `width` cells, cursor included: the text's end
    /// shows when it is longer than the room.
    @discardableResult
    public func draw(into frame: inout Frame, row: Int, column: Int, width: Int, style: Style = .plain) -> Int {
        guard width > 0 else { return column }
        if isSelected {
            let shown = DisplayWidth.truncate(text, to: max(0, width - 3))
            var x = frame.write("[", row: row, column: column, style: style.with(bold: true))
            x = frame.write(shown, row: row, column: x, style: style.with(reverse: true))
            x = frame.write("]", row: row, column: x, style: style.with(bold: true))
            return frame.write("▏", row: row, column: x, style: style.with(bold: true))
        }
        let room = width - 1
        var shown = text
        if DisplayWidth.of(shown) > room {
            // Keep the end, where the cursor is.
            while DisplayWidth.of("…" + shown) > room, !shown.isEmpty { shown.removeFirst() }
            shown = "…" + shown
        }
        let x = frame.write(shown, row: row, column: column, style: style)
        return frame.write("▏", row: row, column: x, style: style.with(bold: true))
    }
}
