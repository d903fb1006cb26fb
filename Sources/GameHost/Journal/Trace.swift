#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The first line of a `--trace` file: what a replay needs to start the same session again.
/// The lines after it are `Session.TraceRecord`s, one per input.
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
