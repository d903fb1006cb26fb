import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// A screen that keeps time: it counts ticks at a pace it can change or stop, and can set
/// one-shot timers.
final class MetronomeViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable {
        case tick, pause, pace(Int), remind(Int), reminded(Int), openOther
    }

    struct State: Encodable { let beats: Int; let reminders: [Int] }

    private(set) var beats = 0
    private(set) var reminders: [Int] = []
    private(set) var beatTimes: [Date] = []
    private(set) var paused = false
    private var milliseconds: Int
    private let context: GameContext

    init(milliseconds: Int, context: GameContext) {
        self.milliseconds = milliseconds
        self.context = context
    }

    var state: State { State(beats: beats, reminders: reminders) }
    var ticks: Ticks<Intent>? { paused ? nil : Ticks(every: .milliseconds(milliseconds), .tick) }

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .tick:
            beats += 1
            beatTimes.append(context.now)
        case .pause: paused.toggle()
        case .pace(let value): milliseconds = value
        case .remind(let delay): return [.after(.milliseconds(delay), .reminded(delay))]
        case .reminded(let delay): reminders.append(delay)
        case .openOther:
            return [.push(Screen(id: "metronome.other", model: MetronomeViewModel(milliseconds: 1_000, context: context),
                                 view: MetronomeView()))]
        }
        return []
    }
}

struct MetronomeView: ScreenView {
    func title(_ model: MetronomeViewModel) -> String { "Metronome" }
    func render(_ model: MetronomeViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        frame.write("beats \(model.beats)", row: 0, column: 0)
        return frame
    }
    func bindings(_ model: MetronomeViewModel) -> [KeyBinding<MetronomeViewModel.Intent>] {
        [.keys(.character("p"), label: "pause", .pause), .keys(.character("o"), label: "other", .openOther)]
    }
}

enum MetronomeGame: GameModule {
    static let info = GameInfo(id: "metronome", title: "Metronome", summary: "Counts ticks")
    static func makeRoot(_ preferences: NoPreferences, _ context: GameContext) -> Screen {
        Screen(id: "metronome.main", model: MetronomeViewModel(milliseconds: 100, context: context),
               view: MetronomeView())
    }
}

/// Ticks and timers on the session's clock, driven by the test driver's virtual time.
@Suite struct SessionTimeTests {
    func driver(trace: Bool = false) throws -> (TestDriver, MetronomeViewModel) {
        let driver = try TestDriver(games: [GameEntry(MetronomeGame.self)], play: "metronome", trace: trace)
        return (driver, try #require(driver.model(MetronomeViewModel.self)))
    }

    @Test func ticksFallOnWholeMultiplesOfTheInterval() throws {
        let (driver, model) = try driver()
        driver.advance(by: .milliseconds(99))
        #expect(model.beats == 0)
        driver.advance(by: .milliseconds(1))
        #expect(model.beats == 1)
        for _ in 0..<999 { driver.advance(by: .milliseconds(100)) }
        #expect(model.beats == 1_000, "a thousand steps of 100 ms are exactly a thousand ticks")
        let start = model.beatTimes[0].addingTimeInterval(-0.1)
        #expect(abs(model.beatTimes[499].timeIntervalSince(start) - 50) < 1e-6, "each tick sees the time it was due")
        #expect(driver.session.nextDeadline.map { $0.timeIntervalSince(start) }.map { abs($0 - 100.1) < 1e-6 } == true)
    }

    @Test func oneLongAdvanceDeliversEveryTickInBetween() throws {
        let (driver, model) = try driver()
        driver.advance(by: .seconds(3))
        #expect(model.beats == 30)
    }

    @Test func aKeyComesAfterTheTicksDueBeforeIt() throws {
        let (driver, model) = try driver(trace: true)
        driver.keyDuration = .milliseconds(250)
        driver.press(.character("p"))
        #expect(model.beats == 2)
        #expect(model.paused)
        let inputs = driver.traceLines.map { $0.contains("\"input\":\"tick\"") ? "tick" : "key" }
        #expect(inputs == ["tick", "tick", "key"])
        #expect(driver.traceLines[1].contains("\"time\":0.2"))
    }

    @Test func pausedScreensGetNoTicksAndNothingWaits() throws {
        let (driver, model) = try driver()
        driver.press(.character("p"))
        #expect(driver.session.nextDeadline == nil, "an idle screen leaves the runner nothing to wake for")
        driver.advance(by: .seconds(10))
        #expect(model.beats == 0)
        driver.advance(by: .milliseconds(50))
        driver.press(.character("p"))
        driver.advance(by: .milliseconds(99))
        #expect(model.beats == 0, "the pace starts again from the moment ticks are asked for")
        driver.advance(by: .milliseconds(1))
        #expect(model.beats == 1)
    }

    @Test func aNewPaceCountsFromNowTheSamePaceCarriesOn() throws {
        let (driver, model) = try driver()
        driver.advance(by: .milliseconds(150))
        driver.send(MetronomeViewModel.Intent.pace(100))
        driver.advance(by: .milliseconds(50))
        #expect(model.beats == 2, "the same pace keeps its rhythm")
        driver.send(MetronomeViewModel.Intent.pace(40))
        driver.advance(by: .milliseconds(39))
        #expect(model.beats == 2)
        driver.advance(by: .milliseconds(1))
        #expect(model.beats == 3)
    }

    @Test func onlyTheTopScreenTicks() throws {
        let (driver, model) = try driver()
        driver.press(.character("?"))
        #expect(driver.screenID == "host.help")
        driver.advance(by: .seconds(1))
        #expect(model.beats == 0, "help over the game stops its clock")
        driver.press(.escape)
        driver.advance(by: .milliseconds(100))
        #expect(model.beats == 1)
    }

    @Test func timersFireOnceAtTheirTimeAndNotAfterTheirScreenCloses() throws {
        let (driver, model) = try driver()
        driver.press(.character("p"))
        driver.send(MetronomeViewModel.Intent.remind(300), MetronomeViewModel.Intent.remind(100))
        driver.advance(by: .milliseconds(99))
        #expect(model.reminders.isEmpty)
        #expect(driver.session.nextDeadline != nil, "a timer wakes the runner even with no ticks")
        driver.advance(by: .milliseconds(1))
        #expect(model.reminders == [100])
        driver.advance(by: .seconds(1))
        #expect(model.reminders == [100, 300])

        driver.send(MetronomeViewModel.Intent.remind(100))
        driver.press(.escape)
        driver.advance(by: .seconds(1))
        #expect(model.reminders == [100, 300])
        #expect(driver.session.nextDeadline == nil)
    }

    @Test func aTimerStillReachesItsScreenUnderAnother() throws {
        let (driver, model) = try driver()
        driver.send(MetronomeViewModel.Intent.remind(500))
        driver.press(.character("o"))
        #expect(driver.screenID == "metronome.other")
        driver.advance(by: .seconds(1))
        #expect(model.reminders == [500])
        #expect(model.beats == 0)
    }

    @Test func tooShortAnIntervalIsOneMillisecond() throws {
        let (driver, model) = try driver()
        driver.send(MetronomeViewModel.Intent.pace(0))
        driver.advance(by: .milliseconds(10))
        #expect(model.beats == 10)
    }

    @Test func keysTakeASecondOnlyWhileNothingWaitsOnTheClock() throws {
        let (driver, model) = try driver()
        driver.press(.character("x"), .character("x"))
        #expect(model.beats == 0 && driver.elapsed == .zero, "a ticking screen: keys take no time")
        driver.press(.character("p"))
        driver.press(.character("x"), .character("x"))
        #expect(driver.elapsed == .seconds(2), "nothing waits: a second per key")
        driver.keyDuration = .milliseconds(100)
        driver.press(.character("p"), .character("x"))
        #expect(model.beats == 1 && driver.elapsed == .milliseconds(2_200), "a set duration holds for every key")
    }
}
