import Foundation
import GameHost

// A small module that the conformance suite must pass, and copies of it each broken in one
// way (BrokenModules.swift): the suite tests itself on them. A counter raised with ↑; n
// posts a notice and turns x off; x raises the counter while it is on. A sentence under the
// title names the keys, wrapped to the width.

/// What a copy of the probe gets wrong: one defect each.
enum Defect: String, Sendable {
    case none
    /// Healthy, but tempting to flag: a notice, then a key turned off (an old false alarm).
    case noticeThenDisabled
    case tooManyLines, tooWide, crashAtMinimumSize, hiddenBinding, hangingKey, crashingKey
    case printsToStandardOutput, printsToStandardError, readsTheWallClock, unseededRandom
    /// Times the round with the real clock, as a difference: seconds since the first bump (M5).
    case timesWithTheWallClock
    case noWayOut, unversionedFile
    /// Says a round is in play from the first bump on, even right after reporting one.
    case inPlayAfterReport
    /// Says a round is in play, and shows how many probes this process started: a resume
    /// (another start) draws another screen.
    case resumesElsewhere
    /// Says a round is in play from the start, before any input, until it reports one at 3.
    case claimsBeforeAnyInput
    /// Says no round is ever in play, and reports one at 3.
    case reportsUnclaimed
    /// Counts its draws in its state, and shows the count.
    case changesWhileDrawing
    /// The view draws a random texture under the counter (M1).
    case drawsAtRandom
    /// Reports a round at 3, then the same round again on every later ↑.
    case reportsTwice
    /// Reports a round as its screen starts.
    case reportsOnStart
    /// e adds ten until a tick locks it; its button stays enabled and still adds ten.
    case clickWhileLocked
    /// Draws its sentence on one line, cut at the edge.
    case cutsItsSentence
    /// z shown as "zap", always available, and does nothing (M6).
    case promisesNothing
    /// A "[finish]" button, with no key, ends the round from 3 on (↑ does nothing then), and
    /// reports it on every click, again after it is over (M3).
    case reportsTwiceByClick
    /// The same "[finish]", answering only a right click (issue 38: walks click with every
    /// button a region answers).
    case reportsTwiceByRightClick
}

/// Probes started in this process (what `resumesElsewhere` shows, wrongly).
nonisolated(unsafe) var probeStarts = 0

struct ProbeState: Encodable {
    var count = 0
    var xIsOff = false
    /// Where the broken copies keep what they should not have: the wall clock, a random roll.
    var stamp = 0.0
    var roll = 0
    var seconds = 0
    var draws = 0
    var locked = false
}

final class ProbeViewModel: ViewModel {
    enum Intent: String, Codable, Sendable { case bump, notice, stay, extra, lock, finish }

    let defect: Defect
    let storage: DataStore
    private(set) var state = ProbeState()
    /// When the first bump came, by the real clock (the `timesWithTheWallClock` defect).
    private var began: Date?

    /// Which start of the process this is (shown by `resumesElsewhere`).
    let startNumber: Int

    init(_ defect: Defect, storage: DataStore) {
        self.defect = defect
        self.storage = storage
        probeStarts += 1
        startNumber = probeStarts
    }

    var roundInPlay: Bool? {
        switch defect {
        case .inPlayAfterReport, .resumesElsewhere: state.count > 0
        case .claimsBeforeAnyInput: state.count < 3
        case .reportsUnclaimed: false
        default: nil
        }
    }

    /// The words under the title, naming keys.
    var sentence: Prose<Intent> { "Press \(key: .bump) to raise the counter, \(key: .notice) to post a notice." }

    var ticks: Ticks<Intent>? { defect == .clickWhileLocked && !state.locked ? Ticks(every: .milliseconds(100), .lock) : nil }

    func start() -> [Effect<Intent>] {
        defect == .reportsOnStart ? [.reportRound(RoundResult(score: 0, summary: "started"))] : []
    }

    /// What `changesWhileDrawing` calls from its view.
    func drawn() { state.draws += 1 }

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .bump:
            if defect == .reportsTwiceByClick || defect == .reportsTwiceByRightClick, state.locked { return [] }
            if defect == .reportsTwice, state.count >= 3 {
                return [.reportRound(RoundResult(score: 3, summary: "bumped 3"))]
            }
            state.count += 1
            switch defect {
            case .readsTheWallClock: state.stamp = Date().timeIntervalSince1970
            case .timesWithTheWallClock:
                let began = began ?? Date()
                self.began = began
                state.seconds = Int(Date().timeIntervalSince(began))
            case .unseededRandom: state.roll = Int.random(in: 0..<1_000_000_000)
            case .printsToStandardOutput: print("debug: count is \(state.count)")
            case .printsToStandardError: FileHandle.standardError.write(Data("debug: bumped\n".utf8))
            case .hangingKey where state.count == 3: Thread.sleep(forTimeInterval: 3_600)
            case .crashingKey where state.count == 4: fatalError("the probe's counter broke")
            case .inPlayAfterReport where state.count % 3 == 0, .reportsTwice where state.count == 3,
                 .claimsBeforeAnyInput where state.count == 3, .reportsUnclaimed where state.count == 3:
                return [.reportRound(RoundResult(score: state.count, summary: "bumped \(state.count)"))]
            case .unversionedFile:
                try? FileManager.default.createDirectory(atPath: storage.path(""), withIntermediateDirectories: true)
                _ = FileManager.default.createFile(atPath: storage.path("notes.json"), contents: Data("[1, 2]".utf8))
            default: break
            }
        case .notice:
            state.xIsOff = true
            return [.notify("x is off now")]
        case .stay:
            break
        case .extra:
            state.count += 10
        case .lock:
            state.locked = true
        case .finish:
            guard state.count >= 3 else { return [] }
            state.locked = true
            return [.reportRound(RoundResult(score: state.count, summary: "finished at \(state.count)"))]
        }
        return []
    }
}

struct ProbeView: ScreenView {
    let defect: Defect

    var minimumSize: Size { Size(width: 30, height: 8) }

    func title(_ model: ProbeViewModel) -> String { "Probe" }

    func render(_ model: ProbeViewModel, in size: Size) -> Frame {
        if defect == .crashAtMinimumSize, size == minimumSize { fatalError("the probe has no room at \(size)") }
        switch defect {
        case .tooManyLines:
            var frame = Frame(size: Size(width: size.width, height: size.height + 1))
            frame.write("Count: \(model.state.count)", row: 0, column: 0)
            frame.write("one line too many", row: size.height, column: 0)
            return frame
        case .tooWide:
            var frame = Frame(size: Size(width: size.width + 4, height: size.height))
            frame.write("Count: \(model.state.count) " + String(repeating: "=", count: size.width), row: 0, column: 0)
            return frame
        default:
            var frame = Frame(size: size)
            frame.center("Count: \(model.state.count)", row: size.height / 2, style: .bold)
            if defect == .resumesElsewhere { frame.center("start \(model.startNumber)", row: 0) }
            if defect == .timesWithTheWallClock { frame.center("Time \(model.state.seconds) s", row: size.height / 2 + 1) }
            if defect == .cutsItsSentence {
                frame.write(say(model.sentence, model), row: 1, column: 1)
            } else {
                for (index, line) in DisplayWidth.wrap(say(model.sentence, model), width: size.width - 2, limit: 2).enumerated() {
                    frame.write(line, row: 1 + index, column: 1)
                }
            }
            if defect == .drawsAtRandom {
                frame.write((0..<8).map { _ in ["░", "▒"].randomElement()! }.joined(), row: size.height - 2, column: 1)
            }
            if defect == .changesWhileDrawing {
                model.drawn()
                frame.write("drawn \(model.state.draws) times", row: size.height - 1, column: 1)
            }
            if defect == .reportsTwiceByClick {
                frame.button("[finish]", row: size.height - 1, column: 1, ProbeViewModel.Intent.finish)
            }
            if defect == .reportsTwiceByRightClick {
                frame.region(Rect(column: 1, row: size.height - 1, width: 8, height: 1), labels: [.right: "finish"],
                             clicked: { _, _, button in button == .right ? ProbeViewModel.Intent.finish : nil })
                frame.write("[finish]", row: size.height - 1, column: 1)
            }
            if defect == .clickWhileLocked {
                frame.button("[e extra]", row: size.height - 1, column: 1, ProbeViewModel.Intent.extra)
            }
            return frame
        }
    }

    func bindings(_ model: ProbeViewModel) -> [KeyBinding<ProbeViewModel.Intent>] {
        var bindings: [KeyBinding<ProbeViewModel.Intent>] = []
        // The defect: a second binding on x, not in the footer, that works while x shows as off.
        if defect == .hiddenBinding { bindings.append(.keys(.character("x"), label: "more", hint: false, .bump)) }
        if defect == .noWayOut { bindings.append(.keys(.escape, .character("q"), label: "stay", .stay)) }
        if defect == .promisesNothing { bindings.append(.keys(.character("z"), label: "zap", .stay)) }
        if defect == .clickWhileLocked { bindings.append(.keys(.character("e"), label: "extra", enabled: !model.state.locked, .extra)) }
        bindings += [
            .keys(.up, label: "bump", .bump),
            .keys(.character("n"), label: "notice", .notice),
            .keys(.character("x"), label: "extra", enabled: !model.state.xIsOff && defect != .hiddenBinding, .bump),
        ]
        return bindings
    }
}

/// A probe module, healthy or with its one defect.
protocol ProbeModule: GameModule where Preferences == NoPreferences {
    static var defect: Defect { get }
}

extension ProbeModule {
    static var info: GameInfo {
        GameInfo(id: "probe-" + defect.rawValue.lowercased(), title: "Probe", summary: "A counter with one defect")
    }

    static func makeRoot(_ preferences: NoPreferences, _ context: GameContext) -> Screen {
        Screen(id: info.id + ".main", model: ProbeViewModel(defect, storage: context.storage), view: ProbeView(defect: defect))
    }
}
