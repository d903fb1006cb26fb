/// Every key of the screen below it, enabled or not, and the host's own keys.
final class HelpViewModel: ViewModel {
    struct Entry: Encodable, Equatable {
        let keys: String
        let label: String
        let enabled: Bool
    }

    enum Intent: Codable, Sendable, Equatable { case scroll(Int), page(Int), close }

    struct State: Encodable {
        let screen: String
        let offset: Int
    }

    let screenTitle: String
    let entries: [Entry]
    /// The first entry shown.
    private(set) var offset = 0
    /// The size the help is drawn at now (the terminal less the host's lines): scrolling stops
    /// when the last entry is on screen, which only the size can tell.
    private let page: () -> Size

    /// Says there are entries above or below the ones shown.
    let moreAbove = "↑ more"
    let moreBelow = "↓ more"

    init(screenTitle: String, entries: [Entry], page: @escaping () -> Size) {
        self.screenTitle = screenTitle
        self.entries = entries
        self.page = page
    }

    /// The help of `screen`: its bindings, the mouse buttons its regions answer, and the
    /// host's keys; `goesBack`: whether q leads back (else it quits).
    convenience init(screen: Screen, bindings: [ScreenBinding], goesBack: Bool, page: @escaping () -> Size) {
        var entries: [Entry] = []
        var digits: [String] = []
        for binding in bindings {
            let keys = binding.acceptsText ? "letters" : binding.keys.map(\.symbol).joined(separator: " ")
            // Digits of one meaning in a row are one line, "1-4 answer", as in the footer.
            if let last = entries.last, last.label == binding.label, last.enabled == binding.isEnabled,
               binding.keys.count == 1, Int(keys) != nil, !digits.isEmpty {
                digits.append(keys)
                entries[entries.count - 1] = .init(keys: Chrome.Hint.join(digits), label: last.label, enabled: last.enabled)
                continue
            }
            digits = binding.keys.count == 1 && Int(keys) != nil ? [keys] : []
            entries.append(.init(keys: keys, label: binding.label, enabled: binding.isEnabled))
        }
        // The mouse buttons a region of the screen answers, beside the keys that do the same.
        for (button, label) in screen.render(page()).buttonLabels {
            if let index = entries.firstIndex(where: { $0.label == label && $0.enabled }) {
                entries[index] = .init(keys: entries[index].keys + " " + button.description, label: label, enabled: true)
            } else {
                entries.append(.init(keys: button.description, label: label, enabled: true))
            }
        }
        // The host's back, with the keys of it the screen has not taken for something else.
        let back = [Key.character("q"), .escape].filter { key in !bindings.contains { $0.keys.contains(key) } }
        if !back.isEmpty {
            entries.append(.init(keys: back.map(\.symbol).joined(separator: " "), label: goesBack ? "back" : "quit",
                                 enabled: true))
        }
        entries.append(.init(keys: "?", label: "this help", enabled: true))
        entries.append(.init(keys: "^C", label: "quit GameHost", enabled: true))
        entries.append(.init(keys: "^Z", label: "suspend (the shell's fg resumes)", enabled: true))
        self.init(screenTitle: screen.title(), entries: entries, page: page)
    }

    var state: State { State(screen: screenTitle, offset: offset) }

    /// Rows of entries an area of this size holds: all but the title and the line under it.
    static func rows(in size: Size) -> Int { max(1, size.height - 2) }

    /// The furthest the list scrolls at this size: the last entry on the last row.
    func lastOffset(in size: Size) -> Int { max(0, entries.count - Self.rows(in: size)) }

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .scroll(let delta):
            scroll(by: delta)
            return []
        case .page(let pages):
            scroll(by: pages * Self.rows(in: page()))
            return []
        case .close:
            return [.pop]
        }
    }

    private func scroll(by delta: Int) {
        let last = lastOffset(in: page())
        // From where it is shown: after the terminal grew, the offset may lie past the end.
        offset = max(0, min(min(offset, last) + delta, last))
    }
}

struct HelpView: ScreenView {
    func title(_ model: HelpViewModel) -> String { "Keys" }

    func render(_ model: HelpViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        let keyWidth = min(16, (model.entries.map { DisplayWidth.of($0.keys) }.max() ?? 0))
        let left = max(1, (size.width - 50) / 2)
        frame.write("Keys of \(model.screenTitle)", row: 0, column: left, style: .bold)
        // A terminal made bigger since the last scroll shows the end, never blank rows.
        let first = min(model.offset, model.lastOffset(in: size))
        let rows = HelpViewModel.rows(in: size)
        let more = [first > 0 ? model.moreAbove : nil, first + rows < model.entries.count ? model.moreBelow : nil]
            .compactMap { $0 }.joined(separator: "  ")
        if !more.isEmpty, size.height > 1 {
            frame.write(more, row: 1, column: max(left, size.width - 1 - DisplayWidth.of(more)), style: .dim)
        }
        for (row, entry) in model.entries.dropFirst(first).prefix(rows).enumerated() {
            let style: Style = entry.enabled ? .plain : .dim
            frame.write(DisplayWidth.pad(entry.keys, to: keyWidth), row: row + 2, column: left, style: style.with(bold: entry.enabled))
            let label = entry.enabled ? entry.label : entry.label + " (not now)"
            // Cut with "…" where the terminal is narrower than the label, never silently.
            let column = left + keyWidth + 2
            frame.write(DisplayWidth.truncate(label, to: size.width - column), row: row + 2, column: column, style: style)
        }
        frame.wheel(Rect(column: 0, row: 0, width: size.width, height: size.height),
                    up: HelpViewModel.Intent.scroll(-1), down: HelpViewModel.Intent.scroll(1))
        return frame
    }

    func bindings(_ model: HelpViewModel) -> [KeyBinding<HelpViewModel.Intent>] {
        [.keys(.up, .character("k"), label: "scroll", .scroll(-1)),
         .keys(.down, .character("j"), label: "scroll", .scroll(1)),
         .keys(.pageUp, label: "scroll", hint: false, .page(-1)),
         .keys(.pageDown, label: "scroll", hint: false, .page(1)),
         .keys(.enter, .character("?"), label: "close", .close)]
    }
}
