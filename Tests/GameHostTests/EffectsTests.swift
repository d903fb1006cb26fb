import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// A module that uses every effect and the clock, to pin down what the host does with them.
private enum Pulse: GameModule {
    static let info = GameInfo(id: "metronome", title: "Metronome", summary: "Beats while running")

    static func makeRoot(_ preferences: NoPreferences, _ context: GameContext) -> Screen {
        Screen(id: "metronome.main", model: PulseModel(opensDetail: false), view: PulseView())
    }
}

private final class PulseModel: ViewModel {
    enum Intent: String, Codable, Sendable, Equatable { case beat, toggle, echoLater, echo, detail, close, finish }

    let opensDetail: Bool
    private(set) var beats = 0
    private(set) var running = true
    private(set) var echoes = 0

    init(opensDetail: Bool) { self.opensDetail = opensDetail }

    var state: [Int] { [beats, echoes] }
    var ticks: Ticks<Intent>? { running ? Ticks(every: .milliseconds(100), .beat) : nil }

    func start() -> [Effect<Intent>] {
        opensDetail ? [.push(Screen(id: "metronome.detail", model: PulseModel(opensDetail: false),
                                    view: PulseView()))] : []
    }

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .beat: beats += 1
        case .toggle: running.toggle()
        case .echoLater: return [.after(.milliseconds(250), .echo)]
        case .echo: echoes += 1
        case .detail:
            return [.push(Screen(id: "metronome.detail", model: PulseModel(opensDetail: false), view: PulseView()))]
        case .close: return [.pop]
        case .finish: return [.reportRound(RoundResult(score: beats, summary: "\(beats) beats")), .notify("Done.")]
        }
        return []
    }
}

private struct PulseView: ScreenView {
    func title(_ model: PulseModel) -> String { "Metronome" }
    func render(_ model: PulseModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        frame.write("beats \(model.beats) echoes \(model.echoes)", row: 0, column: 0)
        return frame
    }
    func bindings(_ model: PulseModel) -> [KeyBinding<PulseModel.Intent>] {
        [.keys(.space, label: "pause", .toggle), .keys(.character("e"), label: "echo", .echoLater),
         .keys(.character("d"), label: "detail", .detail), .keys(.character("x"), label: "close", .close),
         .keys(.character("f"), label: "finish", .finish)]
    }
}

@Suite struct EffectsTests {
    func driver(trace: Bool = false) throws -> TestDriver {
        let driver = try TestDriver(games: [GameEntry(Pulse.self)], play: "metronome", trace: trace)
        driver.keyDuration = .zero
        return driver
    }

    fileprivate func model(_ driver: TestDriver) throws -> PulseModel { try #require(driver.model(PulseModel.self)) }

    func wait(_ driver: TestDriver, _ seconds: Double) {
        driver.advance(by: .milliseconds(Int(seconds * 1000)))
    }

    @Test func aScreenThatAsksForTicksGetsOneEachIntervalOfVirtualTime() throws {
        let driver = try driver()
        let metronome = try model(driver)
        #expect(driver.session.nextDeadline != nil)
        wait(driver, 1.05)
        #expect(metronome.beats == 10)
    }

    @Test func ticksStopWhenTheScreenSaysSoAndWhenAnotherScreenIsOnTop() throws {
        let driver = try driver()
        let metronome = try model(driver)
        driver.press(.space)
        #expect(driver.session.nextDeadline == nil, "an idle screen sleeps")
        wait(driver, 1)
        #expect(metronome.beats == 0)
        driver.press(.space, .character("?"))
        wait(driver, 1)
        #expect(metronome.beats == 0, "the help screen on top pauses it")
        driver.press(.escape)
        wait(driver, 0.35)
        #expect(metronome.beats == 3)
    }

    @Test func aTimerFiresOnceAtItsTimeAndOnlyForAScreenStillOpen() throws {
        let driver = try driver()
        let metronome = try model(driver)
        driver.press(.space, .character("e"))
        wait(driver, 0.2)
        #expect(metronome.echoes == 0)
        wait(driver, 0.1)
        #expect(metronome.echoes == 1)
        wait(driver, 5)
        #expect(metronome.echoes == 1)

        driver.press(.character("d"))
        let detail = try model(driver)
        driver.press(.space, .character("e"), .character("x"))
        wait(driver, 1)
        #expect(detail.echoes == 0, "a closed screen's timer is dropped")
    }

    @Test func navigationEffectsAreCarriedOutByTheHost() throws {
        let driver = try driver()
        driver.press(.character("d"))
        #expect(driver.screenIDs.suffix(2) == ["metronome.main", "metronome.detail"])
        driver.press(.character("x"))
        #expect(driver.screenIDs.last == "metronome.main")
        driver.press(.character("x"))
        #expect(driver.screenIDs == ["host.menu", "host.preferences"])
    }

    @Test func aReportedRoundReachesTheScoresAndANoticeTheScreen() throws {
        let driver = try driver()
        wait(driver, 0.35)
        driver.press(.character("f"))
        #expect(driver.text.contains("Done."))
        let rounds = ScoreBook(store: DataStore(directory: driver.dataDirectory) { _ in }).rounds(game: "metronome")
        #expect(rounds.map(\.summary) == ["3 beats"])
    }

    @Test func handlingReturnsEffectsAsValuesWithoutPerformingThem() {
        let model = PulseModel(opensDetail: false)
        let effects = model.send(.finish)
        #expect(effects.map(\.description) == ["reportRound(0: 0 beats)", "notify(Done.)"])
        #expect(effects.first?.reportedRound?.score == 0)
    }

    @Test func startEffectsOpenAScreenAboveTheOneBeingMade() throws {
        let driver = try driver()
        driver.session.push(Session.Layer(screen: Screen(id: "metronome.opening", model: PulseModel(opensDetail: true),
                                                         view: PulseView()), owner: .host))
        #expect(driver.screenIDs.suffix(2) == ["metronome.opening", "metronome.detail"])
    }

    @Test func theTraceRecordsTicksTimersAndEffects() throws {
        let driver = try driver(trace: true)
        driver.press(.character("e"))
        wait(driver, 0.25)
        driver.press(.character("f"))
        let inputs = driver.traceLines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["input"] as? String
        }
        #expect(inputs == ["e", "tick", "tick", "timer", "f"])
        #expect(driver.traceLines.last?.contains(#""effects":["reportRound(2: 2 beats)","notify(Done.)"]"#) == true)
    }
}

@Suite struct ProseTests {
    enum Intent: Equatable { case undo, play, hidden }

    let bindings: [KeyBinding<Intent>] = [
        .keys(.character("u"), label: "undo", enabled: false, .undo),
        .keys(.character("z"), label: "undo", .undo),
        .keys(.enter, .space, label: "play", .play),
    ]

    @Test func keysAreNamedFromTheBindingsPreferringEnabledOnes() {
        let prose: Prose<Intent> = "\(key: .play) plays, \(key: .undo) undoes"
        #expect(prose.text(bindings) == "Enter plays, z undoes")
        #expect(prose.description == "[play] plays, [undo] undoes")
    }

    @Test func anUnboundIntentIsNamedByItself() {
        let prose: Prose<Intent> = "\(key: .hidden) hides"
        #expect(prose.text(bindings) == "hidden hides")
    }
}
