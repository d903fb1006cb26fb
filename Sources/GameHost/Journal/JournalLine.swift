#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One input as a journal records it. Each kind has a tag in the file, so a new kind of
/// input (a click, a paste) is one more case here and in `Wire`, and old journals still read.
public enum JournalInput: Equatable, Sendable {
    case key(Key)
    /// A tick of the top screen's `ticks`.
    case tick
    /// A one-shot timer a screen asked for with `Effect.after`.
    case timer

    /// The journal's form of a session input; nil for one no player makes (a test's intent).
    init?(_ input: Session.Input) {
        switch input {
        case .key(let key): self = .key(key)
        case .tick: self = .tick
        case .timer: self = .timer
        case .intent: return nil
        }
    }

    /// How `replay` and error messages name it.
    public var name: String {
        switch self {
        case .key(let key): key.name
        case .tick: "tick"
        case .timer: "timer"
        }
    }
}

/// The first line of a journal: what a game needs to start again exactly as it did.
public struct JournalHeader: Codable, Equatable, Sendable {
    public static let currentFormat = 1

    public var journal: Int
    public var game: String
    /// The module's `GameInfo.version` when the journal was written.
    public var version: String
    /// The preferences the game was started with, by key, as JSON.
    public var preferences: [String: JSONValue]
    /// The game's random numbers as they were when it started (the seed, spread out).
    public var random: SeededGenerator
    /// When the game started, in seconds since 1970; input times count from it.
    public var started: Double
    /// A fingerprint of the game's screens is written after every this many inputs.
    public var checkEvery: Int

    public static func == (a: JournalHeader, b: JournalHeader) -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(a)) == (try? encoder.encode(b))
    }
}

/// A line of a journal after the header.
public enum JournalLine: Equatable, Sendable {
    /// An input, at its time in seconds since the game started (the host's clock).
    case input(JournalInput, time: Double)
    /// A file of the game's folder as the game first read it (nil: there was none), so a
    /// replay reads what the game read then, whatever the folder holds now.
    case file(String, Data?)
    /// The fingerprint of the game's screens after `inputs` inputs.
    case check(inputs: Int, fingerprint: String)
    /// A round was reported after `inputs` inputs.
    case round(inputs: Int)
    /// An input the host cannot replay (a test kit's intent) was handled here.
    case unreplayable
}

extension JournalLine: Codable {
    /// The flat shape of every line: a kind tag and the fields that kind uses.
    private struct Wire: Codable {
        var kind: String
        var t: Double?
        var key: Key?
        var name: String?
        var data: Data?
        var inputs: Int?
        var state: String?
    }

    public init(from decoder: Decoder) throws {
        let wire = try Wire(from: decoder)
        func need<Value>(_ value: Value?, _ field: String) throws -> Value {
            guard let value else {
                throw DecodingError.dataCorrupted(.init(codingPath: [],
                                                        debugDescription: "a \"\(wire.kind)\" line needs \"\(field)\""))
            }
            return value
        }
        switch wire.kind {
        case "key": self = .input(.key(try need(wire.key, "key")), time: try need(wire.t, "t"))
        case "tick": self = .input(.tick, time: try need(wire.t, "t"))
        case "timer": self = .input(.timer, time: try need(wire.t, "t"))
        case "file": self = .file(try need(wire.name, "name"), wire.data)
        case "check": self = .check(inputs: try need(wire.inputs, "inputs"), fingerprint: try need(wire.state, "state"))
        case "round": self = .round(inputs: try need(wire.inputs, "inputs"))
        case "unreplayable": self = .unreplayable
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unknown kind \"\(wire.kind)\""))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var wire: Wire
        switch self {
        case .input(let input, let time):
            wire = Wire(kind: input.name, t: time)
            if case .key(let key) = input {
                wire.kind = "key"
                wire.key = key
            }
        case .file(let name, let data): wire = Wire(kind: "file", name: name, data: data)
        case .check(let inputs, let fingerprint): wire = Wire(kind: "check", inputs: inputs, state: fingerprint)
        case .round(let inputs): wire = Wire(kind: "round", inputs: inputs)
        case .unreplayable: wire = Wire(kind: "unreplayable")
        }
        try wire.encode(to: encoder)
    }
}
