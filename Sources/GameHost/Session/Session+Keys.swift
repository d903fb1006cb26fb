#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Keys and intents reaching the session: the top screen's bindings first, then its text
/// field, then the host's own keys; each handled input is told to the session's observers.
extension Session {
    /// Handles one key (see the order above) and carries out the effects.
    public func handle(_ key: Key) {
        guard !isFinished else { return }
        // Time passed before the key came: what fell due meanwhile happens first.
        catchUpWithClock()
        handleKey(key)
    }

    /// A key, at the session's `now`.
    func handleKey(_ key: Key) {
        guard let top = stack.last?.screen, !isFinished else { return }
        notices.removeAll()
        refusal = nil
        let byGame = isJournaled(top) && reaches(key, top)
        let (intent, effects) = respond(to: key, on: top)
        record(.key(key), intent: intent, effects: effects, byGame: byGame)
    }

    /// One key from a seat of a room (nil: the one shared terminal, as `handle(_:)`): the
    /// seat's bindings resolve it and the game handles its intent as that seat's input.
    package func handle(_ key: Key, from seat: Seat?) {
        guard !isFinished else { return }
        catchUpWithClock()
        guard let top = stack.last?.screen, !isFinished else { return }
        notices.removeAll()
        refusal = nil
        let byGame = isJournaled(top) && reaches(key, top)
        let (intent, effects) = respond(to: key, on: top, from: seat)
        record(.key(key), intent: intent, effects: effects, byGame: byGame)
    }

    /// Whether a key reaches `top` at all: under the "too small" notice only q and Esc do
    /// (back). The others are no input of the game's, and its journal's replay, which knows no
    /// terminal size, must not deliver them.
    private func reaches(_ key: Key, _ top: Screen) -> Bool {
        isSeen(top) || key == .escape || key == .character("q")
    }

    /// What a key does on the top screen; a click on a footer hint does the same.
    func respond(to key: Key, on top: Screen, from seat: Seat? = nil) -> (intent: AnyEncodable?, effects: [HostEffect]) {
        if key == .control("c") {
            finish()
            return (AnyEncodable("quit"), [])
        }
        // Under the "too small" notice the player cannot see what a key would do. (A resume's
        // replay is not here: its keys were pressed where they could, and it replays whole.)
        if let size = terminalSize, !fits(top, in: size) {
            guard key == .escape || key == .character("q") else { return (nil, []) }
            popTop()
            return (AnyEncodable("back"), [])
        }
        let bindings: [ScreenBinding]
        switch runner.bound(key, on: top, from: seat) {
        case .intent(let resolved):
            return (AnyEncodable(resolved.value), perform(resolved))
        case .refused(let why):
            // A refused key says why, never nothing.
            refusal = why
            return (nil, [])
        case .nothing:
            return (nil, [])
        case .unbound(let all):
            bindings = all
        }
        switch key {
        case .escape, .character("q"):
            popTop()
            return (AnyEncodable("back"), [])
        case .character("?"):
            showHelp(for: top, bindings: bindings)
            return (AnyEncodable("help"), [])
        default:
            return (nil, [])
        }
    }

    /// Sends an intent straight to the top screen, as its key or click would, effects and
    /// all; false when the top screen's intents are of another type. For the test kit.
    @discardableResult
    package func send(_ value: Any) -> Bool {
        guard !isFinished else { return false }
        catchUpWithClock()
        guard !isFinished, let top = stack.last?.screen, let intent = top.intent(value) else { return false }
        notices.removeAll()
        let byGame = isJournaled(top)
        let effects = perform(intent)
        record(.intent, intent: AnyEncodable(intent.value), effects: effects, byGame: byGame)
        return true
    }

    /// Handles an intent and carries out its effects.
    func perform(_ intent: HostIntent) -> [HostEffect] {
        runner.perform(intent)
    }

    /// Tells the observers (journal, hosting, trace) of an input handled.
    /// - Parameter byGame: whether the input went to the journaled game's own screen.
    func record(_ input: Input, intent: AnyEncodable?, effects: [HostEffect], byGame: Bool) {
        for observer in observers {
            observer.didHandle(input, byGame: byGame, intent: intent, effects: effects, in: self)
        }
    }
}
