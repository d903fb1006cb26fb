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
    /// A click or a turn of the wheel, with the size of the screen it was made on (a click
    /// means what was drawn there at that size).
    case mouse(MouseEvent, Size)
    /// Pasted text.
    case paste(String)
    /// The host stopped the game's time unasked (`ViewModel.hold`): it could not be seen.
    case hold
    /// A room's seat left (its line's `seat`): hung up, closed the screen, or its process
    /// vanished. Only a room's journal holds it (`ViewModel.seatLeft`).
    case left

    /// The journal's form of a session input; nil for one no player makes (a test's intent).
    init?(_ input: Session.Input, screen: Size) {
        switch input {
        case .key(let key): self = .key(key)
        case .tick: self = .tick
        case .timer: self = .timer
        case .mouse(let event): self = .mouse(event, screen)
        case .paste(let text): self = .paste(text)
        case .hold: self = .hold
        case .intent: return nil
        }
    }

    /// How `replay` and error messages name it.
    public var name: String {
        switch self {
        case .key(let key): key.name
        case .tick: "tick"
        case .timer: "timer"
        case .mouse(let event, _): event.description
        case .paste: "paste"
        case .hold: "hold"
        case .left: "left"
        }
    }
}

/// The first line of a journal: what a game needs to start again exactly as it did.
public struct JournalHeader: Codable, Equatable, Sendable {
    /// Format 2 writes an `in-play` line whenever the round comes into play or goes out of
    /// it, so a journal of it without one had nothing in play. Format 1 did not always.
    /// Format 3 may hold right and middle clicks (`right-click`, `middle-click`), which a
    /// format 2 reader would stop at: it refuses the whole journal by its header instead.
    public static let currentFormat = 3
    /// The formats this build reads.
    public static let readableFormats = 1...currentFormat

    /// Whether the journal's `in-play` lines are the whole truth about the round in play.
    public var recordsEveryClaim: Bool { journal >= 2 }

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
    /// Who sat in a room's seats, in a round of it kept with the scores, for its replay to
    /// name them as the room did; nil in any other journal.
    public var seatNames: [String?]? = nil

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
    /// After `inputs` inputs a round came into play, or went out of it (the game's
    /// `roundInPlay`, written when it changes): what a resume is offered for.
    case inPlay(inputs: Int, Bool)
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
        /// A mouse event's button ("click", "wheel-up", "wheel-down"), cell and screen size.
        var mouse: String?
        var x: Int?
        var y: Int?
        var w: Int?
        var h: Int?
        var text: String?
        var playing: Bool?
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
        case "hold": self = .input(.hold, time: try need(wire.t, "t"))
        case "left": self = .input(.left, time: try need(wire.t, "t"))
        case "mouse":
            let action: MouseEvent.Action
            switch try need(wire.mouse, "mouse") {
            case "click": action = .press(0)
            case "middle-click": action = .press(1)
            case "right-click": action = .press(2)
            case "wheel-up": action = .wheelUp
            case "wheel-down": action = .wheelDown
            case let other:
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unknown mouse \"\(other)\""))
            }
            let event = MouseEvent(action, column: try need(wire.x, "x"), row: try need(wire.y, "y"))
            let size = Size(width: try need(wire.w, "w"), height: try need(wire.h, "h"))
            guard (1...10_000).contains(size.width), (1...10_000).contains(size.height) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a screen of \(size)"))
            }
            self = .input(.mouse(event, size), time: try need(wire.t, "t"))
        case "paste": self = .input(.paste(try need(wire.text, "text")), time: try need(wire.t, "t"))
        case "file": self = .file(try need(wire.name, "name"), wire.data)
        case "check": self = .check(inputs: try need(wire.inputs, "inputs"), fingerprint: try need(wire.state, "state"))
        case "round": self = .round(inputs: try need(wire.inputs, "inputs"))
        case "unreplayable": self = .unreplayable
        case "in-play": self = .inPlay(inputs: try need(wire.inputs, "inputs"), try need(wire.playing, "playing"))
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unknown kind \"\(wire.kind)\""))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var wire: Wire
        switch self {
        case .input(let input, let time):
            wire = Wire(kind: input.name, t: time)
            switch input {
            case .key(let key):
                wire.kind = "key"
                wire.key = key
            case .mouse(let event, let size):
                wire.kind = "mouse"
                wire.mouse = event.description.split(separator: " ").first.map(String.init)
                (wire.x, wire.y, wire.w, wire.h) = (event.column, event.row, size.width, size.height)
            case .paste(let text):
                wire.text = text
            case .tick, .timer, .hold, .left:
                break
            }
        case .file(let name, let data): wire = Wire(kind: "file", name: name, data: data)
        case .check(let inputs, let fingerprint): wire = Wire(kind: "check", inputs: inputs, state: fingerprint)
        case .round(let inputs): wire = Wire(kind: "round", inputs: inputs)
        case .unreplayable: wire = Wire(kind: "unreplayable")
        case .inPlay(let inputs, let playing): wire = Wire(kind: "in-play", inputs: inputs, playing: playing)
        }
        try wire.encode(to: encoder)
    }
}

extension JournalLine {
    /// The line as `JSONEncoder` (sorted keys, slashes unescaped) writes it, made without the
    /// encoder for the lines a game writes most: a key, a tick, a timer, a click. A hosted
    /// player's frame waits for its key's line, and the encoder costs most of that wait.
    /// Nil for any other line, and for a key whose name would need escaping. A test holds
    /// it to the encoder's bytes.
    var quickText: String? {
        guard case .input(let input, let time) = self, time.isFinite else { return nil }
        var t = time.description
        if t.hasSuffix(".0") { t.removeLast(2) }
        switch input {
        case .key(let key):
            let name = key.name
            guard name.utf8.allSatisfy({ (0x20..<0x7F).contains($0) && $0 != 0x22 && $0 != 0x5C }) else { return nil }
            return #"{"key":"\#(name)","kind":"key","t":\#(t)}"#
        case .tick, .timer, .hold, .left:
            return #"{"kind":"\#(input.name)","t":\#(t)}"#
        case .mouse(let event, let size):
            guard let button = event.description.split(separator: " ").first,
                  button.utf8.allSatisfy({ $0 == 0x2D || (0x61...0x7A).contains($0) }) else { return nil }
            return #"{"h":\#(size.height),"kind":"mouse","mouse":"\#(button)","t":\#(t),"w":\#(size.width),"x":\#(event.column),"y":\#(event.row)}"#
        case .paste:
            return nil
        }
    }
}
