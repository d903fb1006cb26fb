import Foundation
@testable import GameHost
import Testing

/// Every edit of a text field in every state: the whole text selected, the cursor at the
/// start, in the middle, at the end, an empty field, wide characters and grapheme clusters,
/// the limit reached. A field is written as its text with "|" at the cursor, or "[text]"
/// when it is selected.
@Suite struct TextFieldEditingTests {
    /// A field in the state the notation describes, reached by the player's own edits.
    static func field(_ notation: String, limit: Int? = nil) -> TextField {
        if notation.hasPrefix("["), notation.hasSuffix("]") {
            return TextField(String(notation.dropFirst().dropLast()), limit: limit)
        }
        let parts = notation.split(separator: "|", omittingEmptySubsequences: false)
        var field = TextField(parts.joined(), limit: limit)
        field.apply(.moveToStart)
        for _ in 0..<parts[0].count { field.apply(.moveRight) }
        #expect(show(field) == notation, "the notation reads back")
        return field
    }

    static func show(_ field: TextField) -> String {
        if field.isSelected { return "[\(field.text)]" }
        return String(field.text.prefix(field.cursor)) + "|" + field.text.dropFirst(field.cursor)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let before: String
        let edit: TextField.Edit
        let after: String
        var outcome = TextField.Outcome.changed
        var limit: Int?
        var testDescription: String { "\(before) \(edit) → \(after)" }
    }

    static let every: [TextField.Edit] = [.type("x"), .erase, .eraseForward, .clear, .keep, .moveLeft, .moveRight,
                                          .moveToStart, .moveToEnd]

    /// For each state, what each edit of `every` leaves (nil: unchanged).
    static let table: [(String, [String?])] = [
        ("[Bob]", ["x|", "|", "|", "|", "Bob|", "|Bob", "Bob|", "|Bob", "Bob|"]),
        ("|Bob", ["x|Bob", nil, "|ob", "|", nil, nil, "B|ob", nil, "Bob|"]),
        ("B|ob", ["Bx|ob", "|ob", "B|b", "|", nil, "|Bob", "Bo|b", "|Bob", "Bob|"]),
        ("Bob|", ["Bobx|", "Bo|", nil, "|", nil, "Bo|b", nil, "|Bob", nil]),
        ("|", ["x|", nil, nil, nil, nil, nil, nil, nil, nil]),
        // A ZWJ family, a flag and an e with a combining accent are one character each.
        ("👨‍👩‍👧|🇫🇷e\u{301}", ["👨‍👩‍👧x|🇫🇷e\u{301}", "|🇫🇷e\u{301}", "👨‍👩‍👧|e\u{301}", "|", nil,
                           "|👨‍👩‍👧🇫🇷e\u{301}", "👨‍👩‍👧🇫🇷|e\u{301}", "|👨‍👩‍👧🇫🇷e\u{301}", "👨‍👩‍👧🇫🇷e\u{301}|"]),
        ("漢字e\u{301}|", ["漢字e\u{301}x|", "漢字|", nil, "|", nil, "漢字|e\u{301}", nil, "|漢字e\u{301}", nil]),
        ("[漢字]", ["x|", "|", "|", "|", "漢字|", "|漢字", "漢字|", "|漢字", "漢字|"]),
    ]

    static let cases: [Case] = table.flatMap { before, afters in
        zip(every, afters).map { edit, after in
            Case(before: before, edit: edit, after: after ?? before, outcome: after == nil ? .unchanged : .changed)
        }
    } + [
        // The limit: 3 characters.
        Case(before: "B|ob", edit: .type("x"), after: "B|ob", outcome: .tooLong, limit: 3),
        Case(before: "Bob|", edit: .type("🇫🇷"), after: "Bob|", outcome: .tooLong, limit: 3),
        Case(before: "B|ob", edit: .erase, after: "|ob", limit: 3),
        Case(before: "B|ob", edit: .eraseForward, after: "B|b", limit: 3),
        Case(before: "B|ob", edit: .moveRight, after: "Bo|b", limit: 3),
        Case(before: "[Bob]", edit: .type("xyz"), after: "xyz|", limit: 3),
        Case(before: "[Bob]", edit: .type("wxyz"), after: "[Bob]", outcome: .tooLong, limit: 3),
        Case(before: "B|o", edit: .type("👨‍👩‍👧"), after: "B👨‍👩‍👧|o", limit: 3),
        // A paste in the middle goes in whole, the cursor after it.
        Case(before: "Bo|b", edit: .type("ris Bo"), after: "Boris Bo|b"),
        // Only control characters: nothing to type; on a selection it stays selected.
        Case(before: "B|ob", edit: .type("\u{1B}\u{7}"), after: "B|ob", outcome: .unchanged),
        Case(before: "[Bob]", edit: .type("\u{1B}"), after: "[Bob]", outcome: .unchanged),
        Case(before: "B|ob", edit: .type("\u{1B}[2J"), after: "B[2J|ob"),
        // A combining mark typed after a letter joins it; the cursor stays after the pair.
        Case(before: "e|x", edit: .type("\u{301}"), after: "e\u{301}|x"),
    ]

    @Test(arguments: cases)
    func anEdit(_ test: Case) {
        var field = Self.field(test.before, limit: test.limit)
        #expect(field.apply(test.edit) == test.outcome)
        #expect(Self.show(field) == test.after)
    }

    /// The player's keys, one at a time: Ann → Anna → HAnna, then a letter out of the middle.
    @Test func typingInTheMiddleThenDeleting() {
        var field = TextField("Ann")
        for edit: TextField.Edit in [.moveToEnd, .type("a"), .moveToStart, .type("H"), .moveRight, .moveRight,
                                     .eraseForward] {
            field.apply(edit)
        }
        #expect(Self.show(field) == "HAn|a")
    }

    /// Each key of a text field sends its edit, so every game's field behaves alike.
    @Test func theKeysOfATextField() {
        let bindings = TextField.bindings { $0 }
        func edit(_ key: Key) -> TextField.Edit? {
            bindings.first { $0.keys.contains(key) }.flatMap { $0.intent(for: key) }
                ?? bindings.first { $0.acceptsText }?.intent(for: key)
        }
        #expect(edit(.left) == .moveLeft && edit(.right) == .moveRight)
        #expect(edit(.home) == .moveToStart && edit(.control("a")) == .moveToStart)
        #expect(edit(.end) == .moveToEnd && edit(.control("e")) == .moveToEnd)
        #expect(edit(.backspace) == .erase && edit(.delete) == .eraseForward && edit(.control("u")) == .clear)
        #expect(edit(.character("🇫🇷")) == .type("🇫🇷"))
        #expect(bindings.filter(\.showsHint).map(\.label) == ["erase"], "the footer stays as short as it was")
    }

    /// A field saved before fields had a cursor reads back with the cursor at the end.
    @Test func aFieldWithoutACursorDecodes() throws {
        let old = try JSONDecoder().decode(TextField.self, from: Data(#"{"text":"Bob","isSelected":false}"#.utf8))
        #expect(Self.show(old) == "Bob|")
        let field = Self.field("B|ob", limit: 5)
        #expect(try JSONDecoder().decode(TextField.self, from: JSONEncoder().encode(field)) == field)
    }
}

/// Typing and pasting go on at the end of a long text without counting it each time.
@Suite struct TextFieldLongTextTests {
    @Test func aLongPasteAtTheEndStaysQuick() {
        var field = TextField("")
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<20_000 { field.apply(.type("é")) }
        }
        #expect(field.cursor == 20_000 && field.text.count == 20_000)
        #expect(elapsed < .seconds(5), "took \(elapsed)")
        var frame = Frame(size: Size(width: 20, height: 1))
        field.draw(into: &frame, row: 0, column: 0, width: 20)
        #expect(frame.text == "…" + String(repeating: "é", count: 18) + "▏")
    }
}
