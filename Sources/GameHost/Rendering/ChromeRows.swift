/// The chrome's header and footer rows as last drawn, each with what it was drawn from, for
/// one place that draws frame after frame (a session): a row drawn from the same things again
/// is copied rather than made again. A room's seat draws ten frames a second whose header and
/// footer do not change, and working out the footer's hints (merged, measured, dropped to
/// fit) cost more than the game's drawing. A test holds every row to the one made anew.
final class ChromeRows {
    private let header = KeptDrawing<Header>()
    private var footer: Footer?

    private struct Header: Equatable {
        let titles: [String]
        let watched: String?
        let width: Int
    }

    /// What the footer is drawn from: the bindings as far as the footer reads them, which of
    /// the host's keys a text field takes, and the rest of the chrome it depends on.
    private struct Footer {
        let bindings: [ScreenBinding]
        let typesQ: Bool
        let typesHelp: Bool
        let goesBack: Bool
        let showsStyles: Bool
        let buttons: [(button: MouseButton, label: String)]
        let width: Int
        let row: Frame

        func matches(_ chrome: Chrome, typesQ: Bool, typesHelp: Bool,
                     buttons: [(button: MouseButton, label: String)], width: Int) -> Bool {
            width == self.width && goesBack == chrome.goesBack && showsStyles == chrome.showsStyles
                && typesQ == self.typesQ && typesHelp == self.typesHelp
                && buttons.count == self.buttons.count
                && zip(buttons, self.buttons).allSatisfy { $0.button == $1.button && $0.label == $1.label }
                // The screen returns the array it kept while its view's bindings are the same.
                && (bindings.sharesStorage(with: chrome.bindings) || bindings.count == chrome.bindings.count
                    && zip(bindings, chrome.bindings).allSatisfy { $0.showsSame(as: $1) })
        }
    }

    /// `chrome`'s header row at `width`.
    func header(of chrome: Chrome, width: Int) -> Frame {
        header.frame(for: Header(titles: chrome.titles, watched: chrome.watched, width: width)) {
            chrome.headerRow(width: $0.width)
        }
    }

    /// `chrome`'s footer row at `width`, with the mouse `buttons` of the content under it.
    func footer(of chrome: Chrome, buttons: [(button: MouseButton, label: String)], width: Int) -> Frame {
        // What the bindings' intents decide for the footer: whether a text field takes q and ?
        // (never, where no enabled binding takes text: most screens, every game of keys).
        let typing = chrome.bindings.contains { $0.acceptsText && $0.isEnabled }
        let typesQ = typing && Chrome.types(.character("q"), chrome.bindings)
        let typesHelp = typing && Chrome.types(.character("?"), chrome.bindings)
        if let footer, footer.matches(chrome, typesQ: typesQ, typesHelp: typesHelp, buttons: buttons, width: width) {
            return footer.row
        }
        let row = chrome.footerRow(buttons: buttons, width: width)
        footer = Footer(bindings: chrome.bindings, typesQ: typesQ, typesHelp: typesHelp,
                        goesBack: chrome.goesBack, showsStyles: chrome.showsStyles, buttons: buttons,
                        width: width, row: row)
        return row
    }
}
