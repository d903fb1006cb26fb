/// Clicks, the wheel and pastes: inputs that are not keys, turned into the top screen's
/// intents (or, on a footer hint, into its key).
extension Session {
    /// Handles one decoded input event.
    public func handle(_ event: InputEvent) {
        switch event {
        case .key(let key): handle(key)
        case .mouse(let mouse): handle(mouse)
        case .paste(let text): paste(text)
        }
    }

    /// A click goes to the region under it (a disabled one swallows it): the left button to
    /// every region, the middle and right ones to a region that answers them (else they do
    /// nothing and are not traced); the wheel goes to the region under it that scrolls.
    /// Releases do nothing. The frame is the one at `screenSize`, as it stands when the event arrives
    /// (the one last drawn, when nothing changed since).
    public func handle(_ mouse: MouseEvent) {
        guard !isFinished else { return }
        catchUpWithClock()
        handleMouse(mouse)
    }

    /// A mouse event, at the session's `now`.
    func handleMouse(_ mouse: MouseEvent) {
        guard let top = stack.last?.screen, !isFinished else { return }
        // Whose the click is, asked before it is handled (as for a key): a click that closes
        // the game's screen (a footer's back hint) is still the game's, and its journal's.
        let byGame = isJournaled(top)
        var sent: (intent: AnyEncodable?, effects: [HostEffect]) = (nil, [])
        switch shownFrame().pointing(mouse) {
        case .ignored:
            return
        case .swallowed:
            break
        case .key(let key):
            notices.removeAll()
            sent = respond(to: key, on: top)
        case .intent(let value):
            notices.removeAll()
            if let value { sent = perform(value, on: top) }
        }
        record(.mouse(mouse), intent: sent.intent, effects: sent.effects, byGame: byGame)
    }

    /// A click or a wheel turn from a seat of a room, already resolved against that seat's
    /// frame (`RoomGame.resolve`) to the intent its region sends: it reaches the top screen as
    /// that seat's input.
    package func handle(_ mouse: MouseEvent, sending value: any Sendable, from seat: Seat?) {
        guard !isFinished else { return }
        catchUpWithClock()
        guard let top = stack.last?.screen, !isFinished, let intent = top.intent(value, from: seat) else { return }
        notices.removeAll()
        let byGame = isJournaled(top)
        let effects = perform(intent)
        record(.mouse(mouse), intent: AnyEncodable(intent.value), effects: effects, byGame: byGame)
    }

    /// An intent from a region, if it is one of the top screen's (another type does nothing).
    private func perform(_ value: any Sendable, on top: Screen) -> (intent: AnyEncodable?, effects: [HostEffect]) {
        guard let intent = top.intent(value) else { return (nil, []) }
        return (AnyEncodable(intent.value), perform(intent))
    }

    /// Pasted text goes to the top screen's text field, one character at a time, never as
    /// keys: a line break becomes a space, so "Bob⏎Alice" gives "Bob Alice" and runs nothing.
    /// Where no text field takes it the paste is dropped, and a notice says so.
    public func paste(_ text: String) {
        guard !isFinished else { return }
        catchUpWithClock()
        handlePaste(text)
    }

    /// Pasted text, at the session's `now`.
    func handlePaste(_ text: String) {
        guard let top = stack.last?.screen, !isFinished else { return }
        notices.removeAll()
        // Asked before, as for a click: a paste may close the field it went into.
        let byGame = isJournaled(top)
        let (accepted, intents, effects, untaken) = runner.paste(text, into: top)
        if untaken { notify(GameRunner.untakenPaste) }
        // The journal keeps what the game took: a replay of it reaches the same state.
        record(.paste(accepted), intent: intents.isEmpty ? nil : AnyEncodable(intents), effects: effects,
               byGame: byGame)
    }
}
