import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// A game that draws from its seed, keeps time and uses every effect, to see `GameRunner` run
/// one launch on its own: no session, menu, preferences form or file.
private enum Dice: GameModule {
    static let info = GameInfo(id: "dice", title: "Dice", summary: "Rolls from its seed")

    static func makeRoot(_ preferences: NoPreferences, _ context: GameContext) -> Screen {
        Screen(id: "dice.main", model: DiceModel(context: context), view: DiceView())
    }
}

private final class DiceModel: ViewModel {
    enum Intent: String, Codable, Sendable, Equatable { case roll, beat, later, echo, detail, close, finish, start }

    let context: GameContext
    private(set) var rolls: [Int] = []
    private(set) var beats = 0
    private(set) var echoes: [Double] = []
    private var running = false

    init(context: GameContext) { self.context = context }

    var state: [Int] { rolls + [beats, echoes.count] }
    var ticks: Ticks<Intent>? { running ? Ticks(every: .milliseconds(100), .beat) : nil }

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .roll: rolls.append(Int.random(in: 1...6, using: &context.random))
        case .beat: beats += 1
        case .start: running = true
        case .later: return [.after(.milliseconds(250), .echo)]
        case .echo: echoes.append(context.now.timeIntervalSince1970)
        case .detail: return [.push(Screen(id: "dice.detail", model: DiceModel(context: context), view: DiceView()))]
        case .close: return [.pop]
        case .finish: return [.reportRound(RoundResult(score: rolls.reduce(0, +), summary: "rolled")), .notify("Done.")]
        }
        return []
    }
}

private struct DiceView: ScreenView {
    func title(_ model: DiceModel) -> String { "Dice" }
    func render(_ model: DiceModel, in size: Size) -> Frame { Frame(size: size) }
    func bindings(_ model: DiceModel) -> [KeyBinding<DiceModel.Intent>] {
        [.keys(.character("r"), label: "roll", .roll), .keys(.character("s"), label: "start", .start),
         .keys(.character("l"), label: "later", .later), .keys(.character("d"), label: "detail", .detail),
         .keys(.character("x"), label: "close", .close), .keys(.character("f"), label: "finish", .finish),
         .keys(.character("n"), label: "nothing", enabled: false, .roll)]
    }
}

@Suite struct GameRunnerTests {
    static let start = Date(timeIntervalSince1970: 1_780_000_000)

    /// A runner with Dice started from `seed`, on a clock that reads `start` until moved.
    private func started(seed: UInt64) -> GameRunner {
        let runner = GameRunner(clock: SessionClock(source: { Self.start }))
        let entry = GameEntry(Dice.self)
        let context = GameContext(gameID: entry.id, seed: seed, storage: DataStore(directory: "/nonexistent/dice", report: { _ in }),
                                  clock: { [unowned runner] in runner.clock.now })
        runner.pushRoot(Session.Launch(entry: entry, context: context, values: entry.schema.defaults))
        return runner
    }

    private func press(_ keys: String, on runner: GameRunner) {
        for character in keys {
            guard let top = runner.top, case .intent(let intent) = runner.bound(.character(character), on: top) else { continue }
            _ = runner.perform(intent)
        }
    }

    private func state(_ runner: GameRunner) -> [Int] { (runner.top?.model as? DiceModel)?.state ?? [] }

    @Test func theSameSeedAndKeysMakeTheSameGame() {
        let first = started(seed: 7), second = started(seed: 7), other = started(seed: 8)
        for runner in [first, second, other] { press("rrrrrrrr", on: runner) }
        #expect(state(first).count == 10)
        #expect(state(first) == state(second))
        #expect(state(first) != state(other), "another seed rolls otherwise")
    }

    @Test func keysGoThroughTheBindingsOnly() {
        let runner = started(seed: 1)
        let top = runner.top!
        guard case .refused(let why) = runner.bound(.character("n"), on: top) else { Issue.record("a disabled key is refused"); return }
        #expect(why.contains("nothing"))
        guard case .unbound = runner.bound(.character("q"), on: top) else { Issue.record("q is the host's, not the game's"); return }
    }

    @Test func ticksAndTimersFireOnItsClockEachAtItsMoment() {
        let runner = started(seed: 1)
        var delivered: [Session.Input] = []
        runner.delivered = { input, _, _, _ in delivered.append(input) }
        press("sl", on: runner)
        runner.advanceTime(toElapsed: .milliseconds(249))
        #expect(state(runner).suffix(2) == [2, 0], "two beats, and the echo not yet due")
        runner.advanceTime(toElapsed: .milliseconds(1_000))
        let model = runner.top!.model as! DiceModel
        #expect(model.beats == 10)
        #expect(model.echoes == [Self.start.addingTimeInterval(0.25).timeIntervalSince1970], "the echo at the moment it was due")
        #expect(delivered.filter { $0 == .timer }.count == 1 && delivered.filter { $0 == .tick }.count == 10)
        #expect(runner.clock.elapsed == .milliseconds(1_000))
    }

    @Test func ticksFromOutsideComeOnlyWhenDelivered() {
        let runner = started(seed: 1)
        runner.ticksFromOutside = true
        press("s", on: runner)
        runner.advanceTime(toElapsed: .seconds(1))
        #expect((runner.top!.model as! DiceModel).beats == 0)
        runner.deliverTick()
        #expect((runner.top!.model as! DiceModel).beats == 1)
    }

    @Test func effectsAreCarriedOutOnItsStackAndTheRestGoOutside() {
        let runner = started(seed: 1)
        var outside: [String] = []
        runner.outside = { effect, launch in outside.append(effect.description + " from " + (launch?.entry.id ?? "none")) }
        press("d", on: runner)
        #expect(runner.stack.map(\.screen.id) == ["dice.main", "dice.detail"])
        #expect(runner.stack.last?.launch === runner.stack.first?.launch, "a screen a game pushes is the same game's")
        press("lx", on: runner)
        #expect(runner.stack.map(\.screen.id) == ["dice.main"])
        runner.advanceTime(toElapsed: .seconds(1))
        #expect((runner.top!.model as! DiceModel).echoes.isEmpty, "a timer of a screen gone is dropped")
        press("f", on: runner)
        #expect(outside.count == 2 && outside.allSatisfy { $0.hasSuffix("from dice") }, "\(outside)")
        press("x", on: runner)
        #expect(runner.stack.isEmpty && runner.top == nil, "the game left by its own way out")
    }
}

@Suite struct SessionClockTests {
    @Test func aReplayRunsOnTheJournalsTimeAndTheGameCarriesOnFromIt() {
        let start = Date(timeIntervalSince1970: 2_000)
        let clock = SessionClock(source: { start })
        clock.reach(.seconds(10))
        clock.enterReplay(startedAt: 1_000)
        #expect(clock.elapsed == .zero && clock.now == Date(timeIntervalSince1970: 1_000))
        clock.reach(.seconds(4))
        let model = DiceModel(context: .forTesting(gameID: "dice"))
        clock.timers.schedule(HostIntent(DiceModel.Intent.echo, model: model), for: Screen(id: "dice.main", model: model, view: DiceView()),
                              at: .seconds(5))
        clock.leaveReplay()
        #expect(clock.elapsed == .seconds(10), "back to the session's time")
        #expect(clock.now == Date(timeIntervalSince1970: 1_004), "the game's time carries on from the journal's end")
        #expect(clock.wallNow == start.addingTimeInterval(10))
        #expect(clock.timers.nextTimer?.due == .seconds(11), "what waits moves along with it")
    }

    /// `Duration.earliest` is what the session asks for its next deadline several times a
    /// tick; it says what the list's `min()` said, for every pair.
    @Test func theEarliestOfTwoMomentsIsTheListsLeast() {
        let moments: [Duration?] = [nil, .zero, .milliseconds(5), .seconds(1), .seconds(-1)]
        for first in moments {
            for second in moments {
                #expect(Duration.earliest(first, second) == [first, second].compactMap { $0 }.min(),
                        "\(String(describing: first)), \(String(describing: second))")
            }
        }
    }

    @Test func aReplayGivenUpLeavesTheTimeAsItWas() {
        let clock = SessionClock(source: { Date(timeIntervalSince1970: 2_000) })
        clock.reach(.seconds(3))
        clock.enterReplay(startedAt: 1_000)
        clock.reach(.seconds(50))
        clock.cancelReplay()
        #expect(clock.elapsed == .seconds(3) && clock.now == Date(timeIntervalSince1970: 2_003))
    }
}
