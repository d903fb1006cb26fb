#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The first line of a `--trace` file: what a replay needs to start the same session again.
/// The lines after it are `TraceRecord`s, one per input.
public struct TraceHeader: Codable, Sendable {
    public static let currentFormat = 1

    public var trace: Int
    /// The session's seed, as digits (JSON numbers lose precision past 2^53).
    public var seed: String
    /// The game `play` opened, if any.
    public var game: String?
    /// Every game's effective preferences when the session started, by game id.
    public var preferences: [String: [String: JSONValue]]
    /// When the session started, in seconds since 1970; record times count from it.
    public var started: Double

    public init(trace: Int = currentFormat, seed: String, game: String?,
                preferences: [String: [String: JSONValue]], started: Double) {
        self.trace = trace
        self.seed = seed
        self.game = game
        self.preferences = preferences
        self.started = started
    }
}

/// A trace read back: its header and, per input, the key (nil for an input replaying
/// regenerates: a tick, a timer), its time and the record as JSON, to compare.
public struct Trace: Sendable {
    public struct Record: Sendable {
        public let input: String
        public let time: Double
        public let json: JSONValue
    }

    public let header: TraceHeader
    public let records: [Record]

    /// Whether the text looks like a trace rather than a journal.
    public static func isTrace(_ data: Data) -> Bool {
        let first = data.prefix { $0 != 0x0A }
        return (try? JSONDecoder().decode(TraceHeader.self, from: Data(first))) != nil
    }

    public static func parse(_ data: Data) throws(JournalError) -> Trace {
        guard data.count <= Journal.maximumSize else { throw .unreadable("it is larger than \(Journal.maximumSize >> 20) MB") }
        var rows = data.split(separator: 0x0A, omittingEmptySubsequences: true)
        guard !rows.isEmpty else { throw .unreadable("the file is empty") }
        let header: TraceHeader
        do {
            header = try JSONDecoder().decode(TraceHeader.self, from: Data(rows.removeFirst()))
        } catch {
            throw .unreadable("line 1 is not a trace header (\(DataStore.describe(error))); traces from before replay existed cannot be replayed")
        }
        guard header.trace == TraceHeader.currentFormat, UInt64(header.seed) != nil, header.started.isFinite else {
            throw .unreadable("its header is not one this GameHost writes")
        }
        var records: [Record] = []
        var time = 0.0
        for (offset, row) in rows.enumerated() {
            guard let json = try? JSONValue.parse(Data(row)), case .object(let fields) = json,
                  case .string(let input)? = fields["input"], case .number(let t)? = fields["time"],
                  t.isFinite, t >= time, t < 1e10 else {
                throw .unreadable("line \(offset + 2) is not a trace record")
            }
            guard input == "tick" || input == "timer" || Key(name: input) != nil else {
                throw .unreadable("line \(offset + 2) holds \(input == "intent" ? "a test's intent" : "an unknown input"), which cannot be replayed")
            }
            time = t
            records.append(Record(input: input, time: t, json: json))
        }
        return Trace(header: header, records: records)
    }
}

/// One line of `--trace`: an input and what came of it.
public struct TraceRecord: Encodable {
    /// The key, tick or timer.
    public let input: String
    /// Seconds since the session started, on the host's clock.
    public let time: Double
    /// The id of the screen it went to.
    public let screen: String
    /// The intent it became, if any.
    public let intent: AnyEncodable?
    /// The effects carried out.
    public let effects: [String]
    /// The view model's state after it.
    public let state: AnyEncodable?
}

/// Writes one `TraceRecord` per input the session handled, for `--trace` (and the
/// conformance suite, which reads the effects each intent asked for).
final class TraceWriter: InputObserver {
    let write: (TraceRecord) -> Void

    init(_ write: @escaping (TraceRecord) -> Void) {
        self.write = write
    }

    func didHandle(_ input: Session.Input, byGame: Bool, intent: AnyEncodable?, effects: [HostEffect],
                   in session: Session) {
        let top = session.topScreen
        write(TraceRecord(input: Self.name(of: input), time: session.elapsed.seconds, screen: top?.id ?? "",
                          intent: intent, effects: effects.map(\.description),
                          state: top.map { AnyEncodable($0.state()) }))
    }

    /// The input as a trace names it: a key's name, a click's description, or its kind.
    static func name(of input: Session.Input) -> String {
        switch input {
        case .key(let key): key.name
        case .tick: "tick"
        case .timer: "timer"
        case .intent: "intent"
        case .mouse(let event): event.description
        case .paste: "paste"
        case .hold: "hold"
        }
    }
}

extension Session {
    /// One line of `--trace` (the name it had when it lived here).
    public typealias TraceRecord = GameHost.TraceRecord

    /// Receives one record per input, for `--trace`; nil: no trace.
    public var trace: ((TraceRecord) -> Void)? {
        get { observers.lazy.compactMap { $0 as? TraceWriter }.first?.write }
        set {
            observers.removeAll { $0 is TraceWriter }
            if let newValue { observers.append(TraceWriter(newValue)) }
        }
    }
}
