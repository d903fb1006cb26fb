/// Every key of the screen below it, enabled or not, and the host's own keys.
final class HelpViewModel: ViewModel {
    struct Entry: Encodable, Equatable {
        let keys: String
        let label: String
        let enabled: Bool
    }

    enum Intent: Codable, Sendable, Equatable { case scroll(Int), close }

    struct State: Encodable {
        let screen: String
        let offset: Int
    }

    let screenTitle: String
    let entries: [Entry]
    private(set) var offset = 0

    init(screenTitle: String, entries: [Entry]) {
        self.screenTitle = screenTitle
        self.entries = entries
    }

    var state: State { State(screen: screenTitle, offset: offset) }

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .scroll(let delta):
            offset = max(0, min(offset + delta, entries.count - 1))
            return []
        case .close:
            return [.pop]
        }
    }
}

struct HelpView: ScreenView {
    func title(_ model: HelpViewModel) -> String { "Keys" }

    func render(_ model: HelpViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        let keyWidth = min(16, (model.entries.map { DisplayWidth.of($0.keys) }.max() ?? 0))
        let left = max(1, (size.width - 50) / 2)
        frame.write("Keys of \(model.screenTitle)", row: 0, column: left, style: .bold)
        for (row, entry) in model.entries.dropFirst(model.offset).prefix(size.height - 2).enumerated() {
            let style: Style = entry.enabled ? .plain : .dim
            frame.write(DisplayWidth.pad(entry.keys, to: keyWidth), row: row + 2, column: left, style: style.with(bold: entry.enabled))
            let label = entry.enabled ? entry.label : entry.label + " (not now)"
            frame.write(label, row: row + 2, column: left + keyWidth + 2, style: style)
        }
        frame.wheel(Rect(column: 0, row: 0, width: size.width, height: size.height),
                    up: HelpViewModel.Intent.scroll(-1), down: HelpViewModel.Intent.scroll(1))
        return frame
    }

    func bindings(_ model: HelpViewModel) -> [KeyBinding<HelpViewModel.Intent>] {
        [.keys(.up, .character("k"), label: "scroll", .scroll(-1)),
         .keys(.down, .character("j"), label: "scroll", .scroll(1)),
         .keys(.enter, .character("?"), label: "close", .close)]
    }
}
