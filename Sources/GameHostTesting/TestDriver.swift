import Foundation
import GameHost

/// Drives a session without a terminal: feed keys, read the frame as lines of text, look
/// at the screens and their view models. Its clock starts at a fixed date and moves one
/// second per key, so times on screen are the same on every run.
public final class TestDriver {
    public let session: Session
    public var size: Size
    public let dataDirectory: String
    public let games: [GameEntry]
    private let clock: TestClock
    private let secondsPerKey: Double
    private let ownsDirectory: Bool
    private var decoder = KeyDecoder()
    /// Every trace record so far, as JSON lines.
    public private(set) var traceLines: [String] = []

    /// - Parameters:
    ///   - play: a game id to open at once, as `gamehost play` does.
    ///   - preferences: `--set` values for that game, for this run.
    ///   - configJSON: config.json text; by default every game with no settings.
    ///   - secondsPerKey: how far the clock moves before each key (0 for a game with ticks
    ///     whose test moves time itself).
    public init(games: [GameEntry], play: String? = nil, preferences: PreferenceValues = [:],
                seed: UInt64 = 1, size: Size = Size(width: 80, height: 24),
                dataDirectory: String? = nil, configJSON: String? = nil, trace: Bool = false,
                secondsPerKey: Double = 1) throws {
        self.secondsPerKey = secondsPerKey
        self.games = games
        self.size = size
        ownsDirectory = dataDirectory == nil
        self.dataDirectory = dataDirectory ?? Self.temporaryDirectory()
        let clock = TestClock()
        self.clock = clock
        let config = try Config.parse(Data((configJSON ?? "{}").utf8), source: "config.json", games: games)
        let notices = NoticeCollector()
        let store = DataStore(directory: self.dataDirectory, now: clock.now, report: notices.add)
        var overrides: [String: PreferenceValues] = [:]
        if let play { overrides[play] = preferences }
        let menu = config.menu.compactMap { id in games.first { $0.id == id } }
        let preferenceStore = PreferenceStore(games: menu, config: config, store: store, overrides: overrides,
                                              report: notices.add)
        session = Session(.init(games: menu, preferences: preferenceStore, scores: ScoreBook(store: store),
                                dataDirectory: self.dataDirectory, seed: seed, clock: clock.now,
                                timeZone: TimeZone(identifier: "UTC")!))
        // Weakly: the session owns the store that owns `notices`, so a strong reference
        // here would keep every driver's session alive forever (LeakSanitizer found it).
        notices.forward { [weak session] in session?.notify($0) }
        if trace {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            session.trace = { [unowned self] record in
                let data = (try? encoder.encode(record)) ?? Data("encoding failed".utf8)
                traceLines.append(String(decoding: data, as: UTF8.self))
            }
        }
        if let play { session.play(play) }
    }

    deinit {
        if ownsDirectory { try? FileManager.default.removeItem(atPath: dataDirectory) }
    }

    public static func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "gamehost-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    // MARK: - Keys

    public func press(_ keys: Key...) { press(keys) }

    public func press(_ keys: [Key]) {
        for key in keys {
            clock.advance(by: secondsPerKey)
            session.handle(key)
        }
    }

    /// Sends intents to the top screen as if its keys were pressed: the host carries out
    /// their effects (scores, screens, notices). Fails the precondition if the top screen
    /// takes another type of intent, so a test cannot silently talk to the wrong screen.
    public func send<Intent: Codable & Sendable>(_ intents: Intent...) {
        for intent in intents {
            clock.advance(by: secondsPerKey)
            precondition(session.send(intent), "the top screen (\(screenID ?? "none")) does not take \(Intent.self)")
        }
    }

    /// Types each character of the text as a key.
    public func type(_ text: String) { press(text.map(Key.character)) }

    /// Feeds raw terminal bytes through the key decoder, then flushes it (as a pause would):
    /// keys, SGR mouse reports and bracketed pastes alike.
    public func send(_ bytes: String) {
        handle(decoder.feed(Array(bytes.utf8)) + decoder.flush())
    }

    /// Delivers decoded input events, one clock step each.
    public func handle(_ events: [InputEvent]) {
        for event in events {
            clock.advance(by: secondsPerKey)
            session.screenSize = size
            session.handle(event)
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

    // MARK: - Reading

    public var frame: Frame { session.frame(size) }
    public var lines: [String] { frame.lines }
    public var text: String { frame.text }
    public var screenID: String? { session.topScreen?.id }
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

/// A clock that only moves when told: one second per key.
final class TestClock: @unchecked Sendable {
    private var current = Date(timeIntervalSince1970: 1_780_000_000)
    func now() -> Date { current }
    func advance(by seconds: Double = 1) { current += seconds }
}
