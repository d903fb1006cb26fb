/// One input of `play --keys`: a key by name, time passing (`wait:300`), or the mouse
/// (`click:12,5`, `right-click:12,5`, `middle-click:12,5`, `wheel-up:3,8`, `wheel-down:3,8`). The conformance suite prints its
/// failing walks in these words, so one shell argument replays everything a walk did.
public enum PlayInput: Equatable, Sendable {
    case key(Key)
    /// Milliseconds passing on the session's clock: the ticks and timers due meanwhile fire.
    case wait(milliseconds: Int)
    /// A click or a turn of the wheel at a cell of the terminal.
    case mouse(MouseEvent)

    /// Reads one word of `--keys`; nil for a word that is none of these.
    public init?(word: String) {
        if word.hasPrefix("wait:"), let milliseconds = Int(word.dropFirst(5)), milliseconds >= 0 {
            self = .wait(milliseconds: milliseconds)
        } else if word.count > 1, let colon = word.firstIndex(of: ":"),
                  let event = MouseEvent(description: String(word[..<colon]) + " " + String(word[word.index(after: colon)...])) {
            self = .mouse(event)
        } else if let key = Key(name: word) {
            self = .key(key)
        } else {
            return nil
        }
    }

    /// The word `init(word:)` reads back: "up", "wait:300", "click:12,5".
    public var word: String {
        switch self {
        case .key(let key): key.name
        case .wait(let milliseconds): "wait:\(milliseconds)"
        case .mouse(let event): String(event.description.map { $0 == " " ? ":" : $0 })
        }
    }
}

extension Session {
    /// Plays inputs one after another on a clock of their own, as the conformance walks do:
    /// a key comes a second after the one before, or at once while a screen keeps time (so a
    /// key brings no burst of ticks), and only a wait moves time otherwise. The same inputs
    /// give the same session whatever the real delays, and the session's clock is handed back.
    package func play(_ inputs: [PlayInput]) {
        let saved = clock.source
        var offset = elapsed
        let start = clock.startTime
        clock.source = { start.adding(offset) }
        defer { clock.source = saved }
        for input in inputs where !isFinished {
            switch input {
            case .key(let key):
                if screensDue == nil { offset += .seconds(1) }
                handle(key)
            case .wait(let milliseconds):
                offset += .milliseconds(milliseconds)
                advanceTime(toElapsed: offset)
            case .mouse(let event):
                handle(event)
            }
        }
    }
}
