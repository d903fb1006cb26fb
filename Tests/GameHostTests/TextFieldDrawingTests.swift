@testable import GameHost
import Testing

/// The cursor is drawn where it is, and a text wider than its field scrolls so that the
/// cursor always shows.
@Suite struct TextFieldDrawingTests {
    static func drawn(_ field: TextField, width: Int) -> String {
        var frame = Frame(size: Size(width: width + 4, height: 1))
        let end = field.draw(into: &frame, row: 0, column: 0, width: width)
        #expect(end <= width, "the field stays in its \(width) cells")
        return frame.text
    }

    /// A field with the cursor after `before` characters.
    static func field(_ text: String, cursor before: Int) -> TextField {
        var field = TextField(text)
        field.apply(.moveToStart)
        for _ in 0..<before { field.apply(.moveRight) }
        return field
    }

    @Test func theCursorIsDrawnWhereItIs() {
        #expect(Self.drawn(Self.field("Ann", cursor: 0), width: 20) == "▏Ann")
        #expect(Self.drawn(Self.field("Ann", cursor: 1), width: 20) == "A▏nn")
        #expect(Self.drawn(Self.field("Ann", cursor: 3), width: 20) == "Ann▏")
        #expect(Self.drawn(Self.field("🇫🇷漢e\u{301}", cursor: 2), width: 20) == "🇫🇷漢▏e\u{301}")
    }

    /// Alexandra in 6 cells: the start, the end, and a step left from the end moves only the
    /// cursor; the view moves by half the field when the cursor reaches its edge.
    @Test func aLongTextScrollsWithTheCursor() {
        let name = "Alexandra"
        let views = (0...name.count).map { Self.drawn(Self.field(name, cursor: $0), width: 6) }
        #expect(views == ["▏Alex…", "A▏lex…", "Al▏ex…", "Ale▏x…", "Alex▏…", "…xa▏n…",
                          "…xan▏…", "…nd▏ra", "…ndr▏a", "…ndra▏"])
    }

    /// For texts of every kind, every cursor place and many widths: the cursor shows once,
    /// the line fits, and what is shown is the text around the cursor, in order.
    @Test(arguments: ["Alexandra the Great", "漢字漢字漢字漢字", "👨‍👩‍👧🇫🇷e\u{301}ab🐶🐱cd🇯🇵", "a\u{301}b\u{301}c\u{301}d\u{301}e\u{301}"])
    func theCursorAlwaysShows(_ text: String) {
        let characters = Array(text)
        for width in 3...24 {
            for cursor in 0...characters.count {
                var frame = Frame(size: Size(width: width, height: 1))
                let field = Self.field(text, cursor: cursor)
                field.draw(into: &frame, row: 0, column: 0, width: width)
                let line = frame.text
                #expect(DisplayWidth.of(line) <= width)
                let parts = line.split(separator: "▏", omittingEmptySubsequences: false)
                #expect(parts.count == 2, "one cursor in \(line)")
                guard parts.count == 2 else { continue }
                var left = String(parts[0]), right = String(parts[1])
                if left.hasPrefix("…") { left.removeFirst() }
                if right.hasSuffix("…") { right.removeLast() }
                #expect(String(characters[..<cursor]).hasSuffix(left), "\(line) at \(cursor), width \(width)")
                #expect(String(characters[cursor...]).hasPrefix(right), "\(line) at \(cursor), width \(width)")
                if cursor > 0, width >= 5 {
                    #expect(!left.isEmpty, "the character before the cursor shows: \(line), width \(width)")
                }
            }
        }
    }

    @Test func theSelectionStillShowsInBrackets() {
        var frame = Frame(size: Size(width: 8, height: 1))
        TextField("Alexandra").draw(into: &frame, row: 0, column: 0, width: 8)
        #expect(frame.text == "[Alex…]▏")
    }
}
