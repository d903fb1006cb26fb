/// The host's frame around the top screen, drawn by `Chrome` from the session's stack,
/// notices and the top screen's bindings.
extension Session {
    /// Rows the host takes from the terminal: one header line and one footer line.
    public static let chromeHeight = Chrome.height

    /// The whole terminal: header, the top screen (or a "too small" notice), notices and footer.
    /// At the terminal's size it is kept as the frame last drawn, for clicks (`shownFrame`).
    public func frame(_ size: Size) -> Frame {
        let frame = makeFrame(size)
        if size == screenSize { drawn = frame }
        return frame
    }

    /// What the player sees now, to hit-test a click against: the frame last drawn while
    /// nothing changed since (`drawn` is dropped on every change), else a new one.
    func shownFrame() -> Frame {
        if let drawn, drawn.size == screenSize { return drawn }
        return frame(screenSize)
    }

    private func makeFrame(_ size: Size) -> Frame {
        guard let top = stack.last?.screen else { return Frame(size: size) }
        return Chrome.frame(size, top: top, titles: { stack.map { $0.screen.title() } }, watched: hosting?.watchedText,
                            messages: { notices + [refusal].compactMap { $0 } }, goesBack: stack.count > 1,
                            showsStyles: showsStyles, rows: chromeRows)
    }

    /// The area the top screen draws in, at the terminal's size now.
    var contentSize: Size { Size(width: screenSize.width, height: max(0, screenSize.height - Self.chromeHeight)) }

    /// `contentSize` read when called, for a screen that scrolls by it (help): the terminal
    /// may have been resized since the screen was made.
    var currentContentSize: () -> Size {
        { [weak self] in self?.contentSize ?? Size(width: 80, height: 24 - Self.chromeHeight) }
    }

    /// Whether a screen can be drawn in a terminal of this size, the host's lines included.
    func fits(_ screen: Screen, in size: Size) -> Bool {
        screen.minimumSize.fits(in: Size(width: size.width, height: size.height - Self.chromeHeight))
    }
}
