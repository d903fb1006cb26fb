/// One line of text a player edits, with the one behaviour every text field has, in the
/// host's forms and in every game:
///
/// - on entry the whole text is selected: the first letter typed (or pasted) replaces it,
///   Backspace, Delete or Ctrl-U clears it; ← or Home keeps it and puts the cursor at its
///   start, → or End keeps it and puts the cursor at its end (so ← then typing adds in front);
/// - then ←/→ move the cursor by one character, Home/End and Ctrl-A/Ctrl-E to the start and
///   the end; letters and pastes go in at the cursor, Backspace erases the character before
///   it, Delete the one after it, Ctrl-U clears the line;
/// - the unit of every edit is a Swift `Character`, one grapheme cluster: an emoji, a flag, a
///   ZWJ family, a letter with its combining marks are stepped over and erased whole;
/// - the cursor shows as "▏" where it is, the selection as reverse video and between "[" and
///   "]", so both are seen without colour, and `selectionHint` says what typing will do; a
///   text wider than the field scrolls by half the field, so the cursor always shows.
///
/// Text is cleaned of control characters as it comes in. A view model keeps one per field
/// and applies the player's `Edit`s to it; its view draws it with `draw`.
public struct TextField: Equatable, Codable, Sendable {
    /// What a player does to a text field; the intent a view model wraps.
    public enum Edit: Equatable, Codable, Sendable {
        /// Letters typed or pasted, in at the cursor (replacing a selection).
        case type(String)
        /// Backspace: the character before the cursor.
        case erase
        /// Ctrl-U.
        case clear
        /// Keeps the selected text, cursor at its end (what ←/→ did before the cursor moved).
        case keep
        /// ←: one character back; on a selection, keeps it with the cursor at its start.
        case moveLeft
        /// →: one character on; on a selection, keeps it with the cursor at its end.
        case moveRight
        /// Home or Ctrl-A.
        case moveToStart
        /// End or Ctrl-E.
        case moveToEnd
        /// Delete: the character after the cursor.
        case eraseForward
    }

    /// What applying an edit did, for the view model's words.
    public enum Outcome: Equatable, Sendable {
        /// The text, the cursor or the selection changed.
        case changed
        /// Nothing to do (erasing an empty field, typing only control characters, moving
        /// past an end).
        case unchanged
        /// Typing would make the text longer than the limit; nothing was added.
        case tooLong
    }

    public private(set) var text: String
    public private(set) var isSelected: Bool
    /// The most characters the text may hold, if any.
    public let limit: Int?
    /// Where the cursor is: how many characters (grapheme clusters) stand before it. On a
    /// selection it is at the end.
    public var cursor: Int { text.count - after }
    /// The characters after the cursor, kept rather than the cursor itself: typing at the end,
    /// as most typing and pastes are, then never counts the whole text.
    private var after = 0

    /// A field entered with `text` in it, selected.
    public init(_ text: String = "", limit: Int? = nil) {
        self.text = text
        isSelected = !text.isEmpty
        self.limit = limit
    }

    @discardableResult
    public mutating func apply(_ edit: Edit) -> Outcome {
        if isSelected { return applyOnSelection(edit) }
        let split = text.index(text.endIndex, offsetBy: -after)
        switch edit {
        case .type(let typed):
            let clean = TextSanitizer.clean(typed)
            guard !clean.isEmpty else { return .unchanged }
            let before = after == 0 ? text + clean : String(text[..<split]) + clean
            let result = after == 0 ? before : before + text[split...]
            if let limit, result.count > limit { return .tooLong }
            text = result
            // Typed text that joins the character after it (a mark typed before one) leaves
            // the cursor after the two.
            if after > 0 { after = max(0, text.count - before.count) }
        case .erase:
            guard split > text.startIndex else { return .unchanged }
            text.remove(at: text.index(before: split))
        case .eraseForward:
            guard after > 0 else { return .unchanged }
            text.remove(at: split)
            after -= 1
        case .clear:
            guard !text.isEmpty else { return .unchanged }
            text = ""
            after = 0
        case .keep:
            return .unchanged
        case .moveLeft, .moveToStart:
            guard split > text.startIndex else { return .unchanged }
            after = edit == .moveLeft ? after + 1 : text.count
        case .moveRight, .moveToEnd:
            guard after > 0 else { return .unchanged }
            after = edit == .moveRight ? after - 1 : 0
        }
        return .changed
    }

    /// An edit on the whole text selected: typing replaces it, erasing clears it, a move
    /// keeps it and puts the cursor at the start or the end.
    private mutating func applyOnSelection(_ edit: Edit) -> Outcome {
        switch edit {
        case .type(let typed):
            let clean = TextSanitizer.clean(typed)
            guard !clean.isEmpty else { return .unchanged }
            if let limit, clean.count > limit { return .tooLong }
            text = clean
            after = 0
        case .erase, .eraseForward, .clear:
            text = ""
            after = 0
        case .keep, .moveRight, .moveToEnd:
            after = 0
        case .moveLeft, .moveToStart:
            after = text.count
        }
        isSelected = false
        return .changed
    }

    /// What the next key does to a selected text, for the field's help line; nil otherwise.
    public var selectionHint: String? {
        isSelected ? "Typing replaces it, ←/→ keep it." : nil
    }

    /// The keys of a text field, each sending `intent(edit)`: letters, Backspace, Delete,
    /// Ctrl-U, ←/→, Home/End and Ctrl-A/Ctrl-E. A screen adds its own keys (Enter, Esc)
    /// around them; only Backspace is in the footer, the others are on the help screen.
    public static func bindings<Intent>(label: String = "type",
                                        _ intent: @escaping (Edit) -> Intent) -> [KeyBinding<Intent>] {
        [
            .keys(.backspace, label: "erase", intent(.erase)),
            .keys(.delete, label: "erase after the cursor", hint: false, intent(.eraseForward)),
            .keys(.control("u"), label: "clear", hint: false, intent(.clear)),
            .keys(.left, label: "cursor left", hint: false, intent(.moveLeft)),
            .keys(.right, label: "cursor right", hint: false, intent(.moveRight)),
            .keys(.home, .control("a"), label: "to the start", hint: false, intent(.moveToStart)),
            .keys(.end, .control("e"), label: "to the end", hint: false, intent(.moveToEnd)),
            .text(label: label) { intent(.type(String($0))) },
        ]
    }
}

extension TextField {
    private enum CodingKeys: String, CodingKey { case text, isSelected, limit, cursor }

    /// Reads a field; one saved before fields had a cursor gets it at the end of the text.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        isSelected = try container.decode(Bool.self, forKey: .isSelected)
        limit = try container.decodeIfPresent(Int.self, forKey: .limit)
        let cursor = try container.decodeIfPresent(Int.self, forKey: .cursor) ?? text.count
        after = text.count - min(max(0, cursor), text.count)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(isSelected, forKey: .isSelected)
        try container.encodeIfPresent(limit, forKey: .limit)
        try container.encode(cursor, forKey: .cursor)
    }
}
