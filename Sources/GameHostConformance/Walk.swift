#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// Where a walk starts: which preferences, which seed, which terminal size. A walk is
/// always a fresh session of one game (`gamehost play ID`) followed by its steps.
public struct WalkStart: Codable, Hashable, Sendable {
    /// Which of the module's starting points (see `Variant.all`), and its name.
    public let variant: Int
    public let label: String
    public let seed: UInt64
    public let size: Size
    /// True for a walk of a room: the game started with `Seating.room`, each key from a
    /// seat (see the `seats` check). Absent: one terminal.
    public var room: Bool?
}

/// One step of a walk: a key, time passing on the session's clock, or the mouse.
enum Step: Hashable {
    case key(Key)
    case wait(milliseconds: Int)
    /// A click (or a turn of the wheel) at a cell of the terminal.
    case mouse(MouseEvent)
    /// A key from one seat of a room, by the seat's index ("player2:enter" for Seat(1)).
    case seat(Int, Key)
    /// A click from one seat of a room, at a cell of the game's frame as drawn for that seat
    /// ("player1:click 3,2").
    case seatClick(Int, MouseEvent)

    /// A key's stable name, "wait:MS", or the mouse event's ("click 12,5"); a seat's step
    /// names its player, counted from 1 as rooms count them.
    var text: String {
        switch self {
        case .key(let key): key.name
        case .wait(let milliseconds): "wait:\(milliseconds)"
        case .mouse(let event): event.description
        case .seat(let index, let key): "player\(index + 1):\(key.name)"
        case .seatClick(let index, let event): "player\(index + 1):\(event.description)"
        }
    }

    /// The step as `play --keys` takes it.
    var input: PlayInput {
        switch self {
        case .key(let key): .key(key)
        case .wait(let milliseconds): .wait(milliseconds: milliseconds)
        case .mouse(let event): .mouse(event)
        // `play` has one terminal: a seat's key is replayed as that terminal's.
        case .seat(_, let key): .key(key)
        case .seatClick(_, let event): .mouse(event)
        }
    }

    init?(text: String) {
        if text.hasPrefix("wait:"), let milliseconds = Int(text.dropFirst(5)) {
            self = .wait(milliseconds: milliseconds)
        } else if text.hasPrefix("player"), let colon = text.firstIndex(of: ":"),
                  let number = Int(text[text.index(text.startIndex, offsetBy: 6)..<colon]), number >= 1 {
            let rest = String(text[text.index(after: colon)...])
            if let key = Key(name: rest) {
                self = .seat(number - 1, key)
            } else if let event = MouseEvent(description: rest) {
                self = .seatClick(number - 1, event)
            } else {
                return nil
            }
        } else if let event = MouseEvent(description: text) {
            self = .mouse(event)
        } else if let key = Key(name: text) {
            self = .key(key)
        } else {
            return nil
        }
    }
}

/// A starting point of the walks: a module's defaults, a preset, or one sample value.
struct Variant {
    let name: String
    let values: PreferenceValues

    /// The defaults, every preset, and each field at each of its sample values.
    static func all(_ entry: GameEntry) -> [Variant] {
        var variants = [Variant(name: "defaults", values: [:])]
        variants += entry.schema.presets.map { Variant(name: "preset \($0.name)", values: $0.values) }
        for field in entry.schema.fields {
            for value in field.kind.samples where value != field.defaultValue {
                variants.append(Variant(name: "\(field.key)=\(value.json)", values: [field.key: value]))
            }
        }
        return variants
    }
}

/// One walk through a game: a fresh session, the steps taken so far, and the size the
/// terminal has. Every step is announced before it runs, so that if it never returns or
/// crashes the process, the suite still knows the steps that led there.
final class Walker {
    let entry: GameEntry
    let start: WalkStart
    let variant: Variant
    let harness: Harness
    private(set) var steps: [Step] = []
    /// States a check has already looked at, by snapshot.
    var memo = Set<Int>()
    /// The terminal size a check's problem showed at, when not the walk's own (see `sizes`).
    var shownAt: Size?
    /// New states met so far, per screen.
    var newStates: [String: Int] = [:]
    /// The rounds inputs reported so far, as their effects say, and the last one with the
    /// game as it stood after it (see `RoundChecks`).
    var roundsFromIntents: [String] = []
    var lastRound: (result: String, game: Int, step: Int)?
    private let channel: Channel

    init(_ entry: GameEntry, _ start: WalkStart, channel: Channel, dataDirectory: String? = nil,
         trace: Bool = false, journals: Bool = false) throws {
        self.entry = entry
        self.start = start
        self.channel = channel
        variant = Variant.all(entry)[start.variant]
        channel.send(.walk(start))
        // At the walk's size from the first step, as `play` replays it (COLUMNS and LINES).
        harness = try Harness(games: [entry], play: entry.id, preferences: variant.values, seed: start.seed,
                              size: start.size, dataDirectory: dataDirectory, trace: trace, journals: journals,
                              seating: start.room == true ? .room : .oneTerminal)
    }

    var session: Session { harness.session }
    var size: Size { start.size }
    /// The area the top screen draws in at the walk's size.
    var contentSize: Size { Size(width: size.width, height: size.height - Session.chromeHeight) }
    var screenIDs: [String] { session.screenIDs }
    /// True while one of the game's own screens is open (the walk ends when it leaves).
    var inGame: Bool { !session.isFinished && screenIDs.contains { $0.hasPrefix(entry.id + ".") } }

    func perform(_ step: Step) {
        channel.send(.step(step.text))
        steps.append(step)
        switch step {
        case .key(let key): harness.press(key)
        case .seat(let index, let key): harness.press(key, from: Seat(index))
        case .seatClick(let index, let event):
            // As a room applies a seat's click: resolved on the frame drawn for that seat.
            guard let top = session.topScreen, top.minimumSize.fits(in: contentSize),
                  let click = RoomGame.resolve(event, on: top, for: Seat(index), at: contentSize) else { break }
            switch click.action {
            case .key(let key): harness.press(key, from: Seat(index))
            case .intent(let value): harness.click(event, sending: value, from: Seat(index))
            }
        case .wait(let milliseconds): harness.wait(milliseconds: milliseconds)
        case .mouse(let event):
            harness.session.terminalSize = size
            harness.session.handle(event)
        }
    }

    /// Says what is about to run, for a report if it never returns.
    func announce(_ what: String) { channel.send(.doing(what)) }

    /// The top screen drawn by its view at the content size of a terminal, as the view
    /// returned it, before the host clips it; nil below the screen's minimum size (the
    /// host never asks then).
    func content(at size: Size) -> Drawn? {
        guard let top = session.topScreen else { return nil }
        let area = Size(width: size.width, height: size.height - Session.chromeHeight)
        guard top.minimumSize.fits(in: area) else { return nil }
        announce("drawing \(top.id) at \(size)")
        let drawn = Frame.recordingCuts { top.render(area) }
        return (top, drawn.made, area, drawn.cuts)
    }

    /// A screen's content as its view drew it, the area it was drawn in, and what its writes lost.
    typealias Drawn = (screen: Screen, frame: Frame, area: Size, cuts: [Frame.Cut])

    /// The host's whole frame at a size: header, content, notices, footer.
    func hostFrame(at size: Size) -> Frame {
        announce("drawing the host's frame at \(size)")
        return session.frame(size)
    }

    /// What must not change when nothing happens: the screens open, the top screen's
    /// state, and the messages posted.
    var snapshot: [Int] {
        [screenIDs.hashValue, session.topScreen.map { StateFingerprint.of($0.state()) } ?? 0, session.noticeLog.count]
    }
}

/// Choosing the walk's next key or wait; its clicks are chosen by `ClickWalk`.
public enum RandomWalk {
    static let common: [Key] = [.up, .down, .left, .right, .enter, .space, .tab, .backspace, .home, .end,
                                .pageUp, .pageDown, .delete, .backTab]
        + "abcdefghijklmnoprstuvwxyz0123456789 -+.,/".map(Key.character)
        + ["🐶", "é", "中", "👨‍👩‍👧", "🇫🇷", "❤️"].map(Key.character)
    static let leaving: [Key] = [.escape, .character("q"), .character("?")]
    /// Every key the walks press: what the key checks try in each state.
    static let alphabet: [Key] = common + leaving

    /// Mostly the screen's own keys, often any key, sometimes a wait on the session's clock
    /// (so ticks and timers fire between keys), rarely a way out.
    static func nextStep(_ bindings: [ScreenBinding], atMenu: Bool, using random: inout SeededGenerator) -> Step {
        if Int.random(in: 0..<100, using: &random) < 8 {
            return .wait(milliseconds: [50, 120, 300, 1_000, 2_500].randomElement(using: &random)!)
        }
        return .key(pick(bindings, atMenu: atMenu, using: &random))
    }

    /// A key: mostly the screen's own, often any, rarely a way out.
    public static func pick(_ bindings: [ScreenBinding], atMenu: Bool, using random: inout SeededGenerator) -> Key {
        let bound = bindings.flatMap(\.keys).filter { !atMenu || ($0 != .escape && $0 != .character("q")) }
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < 55, let key = bound.randomElement(using: &random) { return key }
        if roll < 97 || atMenu { return common.randomElement(using: &random)! }
        return leaving.randomElement(using: &random)!
    }

    /// Walks `keys` random keys from the defaults, with the frame checks; for benchmarks.
    public static func throughput(_ entry: GameEntry, keys: Int, seed: UInt64) -> (keys: Int, failures: [String]) {
        let context = CheckContext(entry: entry, catalog: [entry.id],
                                   options: ConformanceOptions(keys: keys, seed: seed), channel: Channel())
        let result = Checks.run("frames", context)
        return (result.keys, result.failures.map(\.message))
    }
}

extension Step {
    /// The step as one word of a command line: `play --keys` words, a seat's behind its player
    /// ("player2:enter", "player1:click:3,2").
    var word: String {
        switch self {
        case .seat(let index, _), .seatClick(let index, _): "player\(index + 1):" + input.word
        default: input.word
        }
    }

    /// Reads `word` back; nil for a word that is no step.
    init?(word: String) {
        if word.hasPrefix("player"), let colon = word.firstIndex(of: ":"),
           let number = Int(word[word.index(word.startIndex, offsetBy: 6)..<colon]), number >= 1 {
            switch PlayInput(word: String(word[word.index(after: colon)...])) {
            case .key(let key)?: self = .seat(number - 1, key)
            case .mouse(let event)?: self = .seatClick(number - 1, event)
            default: return nil
            }
            return
        }
        switch PlayInput(word: word) {
        case .key(let key)?: self = .key(key)
        case .wait(let milliseconds)?: self = .wait(milliseconds: milliseconds)
        case .mouse(let event)?: self = .mouse(event)
        case nil: return nil
        }
    }

    /// The seat a room's step comes from (its index), or nil.
    var seat: Int? {
        switch self {
        case .seat(let index, _), .seatClick(let index, _): index
        default: nil
        }
    }
}
