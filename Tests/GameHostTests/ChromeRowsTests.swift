@testable import GameHost
import Testing

/// The chrome's kept header and footer rows (`ChromeRows`) against the rows made anew: one
/// change at a time to what they are drawn from, each frame drawn with the rows kept from the
/// frame before must be the frame drawn without them, cell for cell and region for region.
@Suite struct ChromeRowsTests {
    final class Model: ViewModel {
        enum Intent: Codable, Sendable, Equatable { case press, type }
        struct State: Encodable {}
        var state: State { State() }
        var keys: [(keys: [Key], label: String, enabled: Bool, hint: Bool)] = []
        var typesText = false
        /// The text field takes every character but q: the footer's q goes back again.
        var refusesQ = false
        var buttonLabel: String?
        func handle(_ intent: Intent) -> [Effect<Intent>] { [] }
    }

    struct View: ScreenView {
        func title(_ model: Model) -> String { "Board" }
        func render(_ model: Model, in size: Size) -> Frame {
            var frame = Frame(size: size)
            frame.write("content 漢字 👩‍💻", row: 0, column: 0)
            if let label = model.buttonLabel {
                frame.region(Rect(column: 0, row: 1, width: 4), labels: [.right: label]) { _, _, _ in Model.Intent.press }
            }
            return frame
        }
        func bindings(_ model: Model) -> [KeyBinding<Model.Intent>] {
            var bindings: [KeyBinding<Model.Intent>] = model.keys.map { binding in
                let (keys, label, enabled, hint) = binding
                return switch keys.count {
                case 1: .keys(keys[0], label: label, enabled: enabled, hint: hint, .press)
                case 2: .keys(keys[0], keys[1], label: label, enabled: enabled, hint: hint, .press)
                default: .keys(keys[0], keys[1], keys[2], label: label, enabled: enabled, hint: hint, .press)
                }
            }
            if model.typesText { bindings.append(.text(label: "name") { $0 == "q" && model.refusesQ ? nil : .type }) }
            return bindings
        }
        var minimumSize: Size { Size(width: 10, height: 2) }
    }

    struct Drawn {
        var titles = ["GameHost", "Snake", "Snake"]
        var watched: String?
        var messages: [String] = []
        var goesBack = true
        var showsStyles = true
        var size = Size(width: 60, height: 8)
    }

    func frame(_ drawn: Drawn, _ screen: Screen, rows: ChromeRows?) -> Frame {
        Chrome.frame(drawn.size, top: screen, titles: { drawn.titles }, watched: drawn.watched,
                     messages: { drawn.messages }, goesBack: drawn.goesBack, showsStyles: drawn.showsStyles, rows: rows)
    }

    func expectSame(_ kept: Frame, _ made: Frame, _ step: String) {
        #expect(kept.size == made.size, "\(step)")
        guard kept.size == made.size else { return }
        var differ: [String] = []
        for row in 0..<made.size.height {
            for column in 0..<made.size.width where kept[row, column] != made[row, column] {
                differ.append("\(row),\(column): \(kept[row, column]) / \(made[row, column])")
            }
        }
        #expect(differ.isEmpty, "\(step): cells differ \(differ.prefix(5))\n\(kept.text)\n---\n\(made.text)")
        func look(_ region: HitRegion) -> String {
            let click: String = switch region.click {
            case .key(let key): "key \(key.name)"
            case .intent(let value): "intent \(value)"
            case .position: "position"
            case nil: "none"
            }
            return "\(region.rect) \(region.isEnabled) \(click) \(region.buttonLabels)"
        }
        #expect(kept.regions.map(look) == made.regions.map(look), "\(step): regions differ")
    }

    @Test func keptRowsAreTheRowsMadeAnewThroughEveryChange() {
        let model = Model()
        model.keys = [([.up, .down], "turn", true, true), ([.character("p")], "pause", true, true),
                      ([.character("1")], "speed", true, true), ([.character("2")], "speed", false, true),
                      ([.character("3")], "speed", true, true)]
        let screen = Screen(id: "test.board", model: model, view: View())
        let rows = ChromeRows()
        var drawn = Drawn()
        // Each step changes one thing the header or the footer is drawn from (or nothing).
        let steps: [(String, () -> Void)] = [
            ("first", {}),
            ("the same again", {}),
            ("a key disabled", { model.keys[1].enabled = false }),
            ("enabled again", { model.keys[1].enabled = true }),
            ("a label changed", { model.keys[0].label = "steer" }),
            ("a key added to a binding", { model.keys[0].keys.append(.left) }),
            ("a key changed", { model.keys[1].keys = [.character("漢")] }),
            ("a hint hidden", { model.keys[2].hint = false }),
            ("q bound by the screen", { model.keys.append(([.character("q")], "quit game", true, true)) }),
            ("q unbound", { model.keys.removeLast() }),
            ("a text field takes q and ?", { model.typesText = true }),
            ("the text field refuses q, showing the same", { model.refusesQ = true }),
            ("takes q again", { model.refusesQ = false }),
            ("no text field", { model.typesText = false }),
            ("a right button joins a binding", { model.buttonLabel = "pause" }),
            ("the button's label changed", { model.buttonLabel = "steer" }),
            ("no button", { model.buttonLabel = nil }),
            ("the last screen", { drawn.goesBack = false }),
            ("plain text", { drawn.showsStyles = false }),
            ("styles again", { drawn.showsStyles = true }),
            ("watched", { drawn.watched = "2 watching" }),
            ("watched by a wide name", { drawn.watched = "漢字 👩‍💻 watching" }),
            ("not watched", { drawn.watched = nil }),
            ("a title changed", { drawn.titles[2] = "Snake 漢字" }),
            ("titles too long for the width", { drawn.titles = ["GameHost", String(repeating: "Long title ", count: 6), "Game"] }),
            ("a message", { drawn.messages = ["Something happened"] }),
            ("no message", { drawn.messages = [] }),
            ("narrower", { drawn.size = Size(width: 24, height: 8) }),
            ("a key disabled while narrow", { model.keys[0].enabled = false }),
            ("wider", { drawn.size = Size(width: 100, height: 6) }),
            ("taller", { drawn.size = Size(width: 100, height: 12) }),
        ]
        for (step, change) in steps {
            change()
            expectSame(frame(drawn, screen, rows: rows), frame(drawn, screen, rows: nil), step)
        }
    }

    /// A content of more rows than its area reaches the footer's row: the footer is drawn
    /// over it there, as it always was, not a kept row over all of it.
    @Test func aContentReachingTheFooterRowKeepsWhatTheFooterDoesNotCover() {
        let chrome = Chrome(titles: ["GameHost"], watched: nil, messages: [], bindings: [], goesBack: true,
                            showsStyles: true, rows: ChromeRows())
        var content = Frame(size: Size(width: 40, height: 5))
        content.write(String(repeating: "x", count: 40), row: 4, column: 0)
        let plain = Chrome(titles: ["GameHost"], watched: nil, messages: [], bindings: [], goesBack: true, showsStyles: true)
        let size = Size(width: 40, height: 6)
        expectSame(chrome.frame(size, content: [content]), plain.frame(size, content: [content]), "content over the footer")
        #expect(chrome.frame(size, content: [content]).line(5).hasSuffix("xxx"))
    }
}
