import Foundation
import GameHost
import GameHostConformance

/// Drives a session without a terminal: feed keys, read the frame as lines of text, look
/// at the screens and their view models. Its clock starts at a fixed date and moves one
/// second per key, so times on screen are the same on every run.
public final class TestDriver {
    private let harness: Harness
    public var session: Session { harness.session }
    public var size: Size
    public var dataDirectory: String { harness.dataDirectory }
    public let games: [GameEntry]
    private var decoder = KeyDecoder()
    /// Every trace record so far, as JSON lines.
    public var traceLines: [String] { harness.traceLines }

    /// - Parameters:
    ///   - play: a game id to open at once, as `gamehost play` does.
    ///   - preferences: `--set` values for that game, for this run.
    ///   - configJSON: config.json text; by default every game with no settings.
    public init(games: [GameEntry], play: String? = nil, preferences: PreferenceValues = [:],
                seed: UInt64 = 1, size: Size = Size(width: 80, height: 24),
                dataDirectory: String? = nil, configJSON: String? = nil, trace: Bool = false) throws {
        self.games = games
        self.size = size
        harness = try Harness(games: games, play: play, preferences: preferences, seed: seed,
                              dataDirectory: dataDirectory, configJSON: configJSON, trace: trace)
    }

    public static func temporaryDirectory() -> String { Harness.temporaryDirectory() }

    // MARK: - Keys

    public func press(_ keys: Key...) { press(keys) }

    public func press(_ keys: [Key]) {
        for key in keys { harness.press(key) }
    }

    /// Sends intents to the top screen as if its keys were pressed: the host carries out
    /// their effects (scores, screens, notices). Fails the precondition if the top screen
    /// takes another type of intent, so a test cannot silently talk to the wrong screen.
    public func send<Intent: Codable & Sendable>(_ intents: Intent...) {
        for intent in intents {
            harness.clock.advance()
            precondition(session.send(intent), "the top screen (\(screenID ?? "none")) does not take \(Intent.self)")
        }
    }

    /// Types each character of the text as a key.
    public func type(_ text: String) { press(text.map(Key.character)) }

    /// Feeds raw terminal bytes through the key decoder, then flushes it (as a pause would).
    public func send(_ bytes: String) {
        press(decoder.feed(Array(bytes.utf8)) + decoder.flush())
    }

    /// Lets time pass on the session's clock: due ticks and timers are delivered.
    public func wait(milliseconds: Int) { harness.wait(milliseconds: milliseconds) }

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
