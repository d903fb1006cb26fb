#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// Drives a session without a terminal: feed keys, read the frame as lines of text, look
/// at the screens and their view models. Its clock is virtual: it starts at a fixed date,
/// moves `keyDuration` (one second) per key, so times on screen are the same on every run,
/// and moves on with `advance(by:)`, which delivers the ticks and timers that fall due.
public final class TestDriver {
    /// The session, its data folder and its virtual clock, made as the conformance suite
    /// makes them.
    private let harness: Harness
    /// The host's session it drives.
    public var session: Session { harness.session }
    /// The terminal's size: what frames are drawn at (80×24 unless set), and what the session
    /// knows the player sees.
    public var size: Size {
        didSet {
            session.terminalSize = size
            session.flushDeferred()
        }
    }
    /// Its data folder, a fresh temporary one unless given.
    public var dataDirectory: String { harness.dataDirectory }
    /// The games it offers.
    public let games: [GameEntry]
    private var clock: VirtualClock { harness.clock }
    private var decoder = KeyDecoder()
    /// How far the clock moves before each key or intent. Nil (the default) means one
    /// second while nothing waits on the clock, so times on screen are the same on every
    /// run, and no time while a screen keeps time (ticks or a timer are due): then time moves
    /// only with `advance(by:)`, so keys and ticks interleave exactly as a test writes them
    /// and no key brings a burst of ticks nobody asked for.
    public var keyDuration: Duration?
    /// Every trace record so far, as JSON lines.
    public var traceLines: [String] { harness.traceLines }

    /// - Parameters:
    ///   - play: a game id to open at once, as `gamehost play` does.
    ///   - preferences: `--set` values for that game, for this run.
    ///   - configJSON: config.json text; by default every game with no settings.
    ///   - journals: journal the games as the program does (for resume and replay tests).
    ///   - player: a hosted session of this player, as `gamehost host serve` runs one;
    ///     `dataDirectory` is then the host's folder.
    ///   - seating: `.room` starts games as a room does (each seat at its own terminal):
    ///     `press(_:from:)` sends a seat's keys, `screenText(for:)` shows a seat's screen.
    public init(games: [GameEntry], play: String? = nil, preferences: PreferenceValues = [:],
                seed: UInt64 = 1, size: Size = Size(width: 80, height: 24),
                dataDirectory: String? = nil, configJSON: String? = nil, trace: Bool = false,
                journals: Bool = false, player: String? = nil, seating: Seating = .oneTerminal) throws {
        self.games = games
        self.size = size
        harness = try Harness(games: games, play: play, preferences: preferences, seed: seed, size: size,
                              dataDirectory: dataDirectory, configJSON: configJSON, trace: trace, journals: journals,
                              player: player, seating: seating)
    }

    /// A new, empty temporary folder's path.
    public static func temporaryDirectory() -> String { Harness.temporaryDirectory() }

    // MARK: - Keys

    /// Presses keys one after another, as a player would.
    public func press(_ keys: Key...) { press(keys) }

    /// Presses keys one after another, as a player would.
    public func press(_ keys: [Key]) {
        for key in keys {
            clock.advance(by: timeOfKey)
            session.handle(key)
            session.flushDeferred()
        }
    }

    /// Presses keys at one seat of a room (nil: the one shared terminal, as `press`).
    public func press(_ keys: Key..., from seat: Seat?) {
        for key in keys {
            clock.advance(by: timeOfKey)
            session.handle(key, from: seat)
            session.flushDeferred()
        }
    }

    /// Sends intents to the top screen as if its keys were pressed: the host carries out
    /// their effects (scores, screens, notices). Fails the precondition if the top screen
    /// takes another type of intent, so a test cannot silently talk to the wrong screen.
    public func send<Intent: Codable & Sendable>(_ intents: Intent...) {
        for intent in intents {
            clock.advance(by: timeOfKey)
            precondition(session.send(intent), "the top screen (\(screenID ?? "none")) does not take \(Intent.self)")
            session.flushDeferred()
        }
    }

    /// Types each character of the text as a key.
    public func type(_ text: String) { press(text.map(Key.character)) }

    /// What the runner does when a room's journal watcher wakes the session: the room's
    /// screen reads what is new, then the file work that left for after the frame is done.
    /// Returns whether there may be something new to draw.
    @discardableResult
    public func wakeUp() -> Bool {
        defer { session.flushDeferred() }
        return session.hosting?.wakeUp() ?? false
    }

    /// Feeds raw terminal bytes through the key decoder, then flushes it (as a pause would):
    /// keys, SGR mouse reports and bracketed pastes alike.
    public func send(_ bytes: String) {
        handle(decoder.feed(Array(bytes.utf8)) + decoder.flush())
    }

    /// Delivers decoded input events, one clock step each.
    public func handle(_ events: [InputEvent]) {
        for event in events {
            clock.advance(by: timeOfKey)
            session.handle(event)
            session.flushDeferred()
        }
    }

    // MARK: - Mouse and paste

    /// A left click at a cell of the whole terminal (row 0 is the host's header line).
    public func click(column: Int, row: Int) {
        handle([.mouse(.click(column: column, row: row))])
    }

    /// Clicks the first cell showing `text` (searched row by row); false when it is not on screen.
    @discardableResult
    public func click(_ text: String, occurrence: Int = 0) -> Bool {
        guard let place = find(text, occurrence: occurrence) else { return false }
        click(column: place.column, row: place.row)
        return true
    }

    /// Clicks the middle of the region that sends `intent`; false when no region on screen does.
    @discardableResult
    public func click<Intent: Equatable & Sendable>(intent: Intent) -> Bool {
        let region = frame.regions.last {
            if case .intent(let value)? = $0.click { return value as? Intent == intent }
            return false
        }
        guard let rect = region?.rect else { return false }
        click(column: rect.column + rect.width / 2, row: rect.row + rect.height / 2)
        return true
    }

    /// Turns the wheel over a cell: negative notches up, positive down.
    public func scroll(_ notches: Int, column: Int, row: Int) {
        let action: MouseEvent.Action = notches < 0 ? .wheelUp : .wheelDown
        handle(Array(repeating: .mouse(MouseEvent(action, column: column, row: row)), count: abs(notches)))
    }

    /// Pastes text as a terminal in bracketed-paste mode would hand it over.
    public func paste(_ text: String) {
        handle([.paste(text)])
    }

    /// Where `text` is shown (its first cell), counting cells as the terminal does.
    public func find(_ text: String, occurrence: Int = 0) -> (column: Int, row: Int)? {
        let frame = self.frame
        var seen = 0
        for row in 0..<frame.size.height {
            let line = frame.line(row)
            var searchStart = line.startIndex
            while let range = line.range(of: text, range: searchStart..<line.endIndex) {
                if seen == occurrence { return (DisplayWidth.of(String(line[..<range.lowerBound])), row) }
                seen += 1
                searchStart = range.upperBound
            }
        }
        return nil
    }

    // MARK: - Time

    private var timeOfKey: Duration {
        keyDuration ?? (session.nextDeadline == nil ? .seconds(1) : .zero)
    }

    /// Lets virtual time pass: the ticks and timers due meanwhile are delivered, each at its
    /// moment, as the terminal would deliver them between keys.
    public func advance(by duration: Duration) {
        clock.advance(by: duration)
        session.advanceTime(to: clock.now())
        session.flushDeferred()
    }

    /// The session's time since it started.
    public var elapsed: Duration { session.elapsed }

    /// Lets `milliseconds` of virtual time pass (see `advance(by:)`).
    public func wait(milliseconds: Int) { advance(by: .milliseconds(milliseconds)) }

    // MARK: - Reading

    /// The whole terminal now, at `size`.
    public var frame: Frame { session.frame(size) }
    /// The frame's rows as text.
    public var lines: [String] { frame.lines }
    /// The frame as one text, rows joined by newlines.
    public var text: String { frame.text }
    /// The top screen's own drawing, without the host's header, messages and footer: what a
    /// refused key must leave as it was (the host's line says why beneath it).
    public var screenText: String {
        session.topScreen?.render(Size(width: size.width, height: size.height - Session.chromeHeight)).text ?? ""
    }
    /// The top screen's own drawing as one seat sees it (nil: the shared terminal).
    public func screenText(for seat: Seat?) -> String {
        session.topScreen?.render(Size(width: size.width, height: size.height - Session.chromeHeight), for: seat).text ?? ""
    }
    /// What the host says the last key was refused for, if it was.
    public var refusal: String? { session.refusal }
    /// The id of the top screen.
    public var screenID: String? { session.topScreen?.id }
    /// The ids of the stack, bottom first.
    public var screenIDs: [String] { session.screenIDs }

    /// The top screen's view model, if it is of the given type.
    public func model<Model>(_ type: Model.Type) -> Model? { session.topScreen?.model as? Model }

    /// The top screen's state, as the trace would record it.
    public var stateJSON: String {
        guard let screen = session.topScreen else { return "" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(AnyEncodable(screen.state()))) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
