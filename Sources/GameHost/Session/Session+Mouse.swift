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
        let frame = shownFrame()
        var sent: (intent: AnyEncodable?, effects: [HostEffect]) = (nil, [])
        switch mouse.action {
        case .press(let code):
            guard let button = MouseButton(rawValue: code) else { return }
            let region = frame.region(atColumn: mouse.column, row: mouse.row)
            if button != .left, region?.buttons == nil { return }
            // A disabled region swallows the click and changes nothing, notices included.
            guard let region, region.isEnabled,
                  let click = region.sends(button, column: mouse.column, row: mouse.row) else { break }
            notices.removeAll()
            switch click {
            case .key(let key):
                sent = respond(to: key, on: top)
            case .intent(let value):
                sent = perform(value, on: top)
            case .position(let make):
                if let value = make(mouse.column - region.rect.column, mouse.row - region.rect.row) {
                    sent = perform(value, on: top)
                }
            }
        case .wheelUp, .wheelDown:
            guard let wheel = frame.wheelRegion(atColumn: mouse.column, row: mouse.row)?.wheel else { break }
            notices.removeAll()
            sent = perform(mouse.action == .wheelUp ? wheel.up : wheel.down, on: top)
        case .release:
            return
        }
        record(.mouse(mouse), intent: sent.intent, effects: sent.effects, byGame: isJournaled(top))
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
        var intents: [AnyEncodable] = []
        var effects: [HostEffect] = []
        let characters = TextSanitizer.clean(text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " "))
        if !characters.isEmpty,
           !top.bindings().contains(where: { $0.acceptsText && $0.isEnabled }) {
            notify("Nothing here takes pasted text: paste into a text field.")
        }
        var intake = PasteIntake()
        var before = Fingerprint.of([top.state()])
        for character in characters {
            // The field may close or move on with a character (a full field, Enter-like rules):
            // what is left is dropped rather than sent to another screen.
            guard !intake.isDone, stack.last?.screen === top, !isFinished,
                  let field = top.bindings().first(where: { $0.acceptsText && $0.isEnabled }) else { break }
            // A character the field refuses outright is skipped; the ones after it still go in.
            guard let intent = field.resolve(.character(character)) else {
                intake.offered(character, changed: false)
                continue
            }
            intents.append(AnyEncodable(intent.value))
            let done = perform(intent)
            effects += done
            let after = Fingerprint.of([top.state()])
            intake.offered(character, changed: !done.isEmpty || stack.last?.screen !== top || after != before)
            before = after
        }
        // The journal keeps what the game took: a replay of it reaches the same state.
        record(.paste(intake.accepted), intent: intents.isEmpty ? nil : AnyEncodable(intents), effects: effects,
               byGame: isJournaled(top))
    }
}
