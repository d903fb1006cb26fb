import GameHost
@testable import GameHostConformance
import GameHostTesting
import Testing

/// The seats check tests itself: a healthy game of two seats passes every check; a copy that
/// shows one seat's private pick in the other's frame, one that shows it to a room's
/// spectator, and one whose state depends on the process it runs in, are caught by the seats
/// check, with the steps that show it.
@Suite struct SeatCheckTests {
    static let options = ConformanceOptions(keys: 40, timeLimit: 2)

    @Test func aHealthyGameOfTwoSeatsPassesEveryCheck() {
        var options = Self.options
        options.strict = true
        let report = ConformanceSuite.check(HealthySeatProbe.self, options)
        #expect(report.passed, "\(report.text)")
        #expect(ConformanceSuite.checkNames.last == "seats")
    }

    /// Turns in a room, and a private aim each seat moves on turn or not: healthy.
    @Test func aHealthyGameOfTurnsInARoomPassesTheSeatsCheck() {
        var options = Self.options
        options.checks = ["seats"]
        let report = ConformanceSuite.check(TurnSeatProbe.self, options)
        #expect(report.passed, "\(report.text)")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let module: any GameModule.Type
        /// Words the message must hold: what was wrong and the fix.
        let says: [String]
        var room = true
        var testDescription: String { "\(module) is caught by the seats check" }
    }

    static let cases: [Case] = [
        Case(module: WaitingSeatActsProbe.self, says: ["from player 2 (Seat(1)) passed the turn on while it was "
                                                          + "player 1 (Seat(0))'s turn",
                                                      "handle(_:from:) must ignore a seat that is not on turn"]),
        Case(module: IgnoresTheSeatProbe.self, says: ["in a room no seat's key changed the game",
                                                     "handle(_:from:) must act for the seat it is given"]),
        Case(module: AddressesTheSpectatorProbe.self, says: ["drawn for a spectator (nil) in a room", "“Your turn”",
                                                            "a spectator is nobody"]),
        Case(module: ShowsEveryAimProbe.self, says: ["changed when only player", "private positions moved",
                                                    "shows on its own frame only"]),
        Case(module: AnnouncesThePickProbe.self, says: ["in a notice, which its view model hides from player"]),
        Case(module: LockedKeyActsSeatProbe.self, says: ["is shown unavailable to it (disabled in bindings(_:for:)) "
                                                        + "but changed", "a seat that may not act now must change nothing"]),
        Case(module: SharedFrameLeakSeatProbe.self, says: ["drawn for the shared terminal", "hides from player",
                                                          "the shared terminal shows what the seat on turn sees"],
             room: false),
    ]

    /// Each mistake an author makes with seats, caught with a message that names the fix,
    /// players counted from 1.
    @Test(arguments: cases)
    func aSeatMistakeIsCaught(_ test: Case) {
        var options = Self.options
        options.checks = ["seats"]
        let report = ConformanceSuite.check(test.module, options)
        let failure = report.failures.first { $0.check == "seats" }
        for words in test.says {
            #expect(failure?.message.contains(words) == true, "\(words): \(report.text)")
        }
        #expect(failure?.walk?.room == test.room, "\(report.text)")
    }

    /// A seat's own keys are walked as one terminal's are: a key its bindings show available
    /// that changes nothing is a warning, a failure with `--strict`, and names the seat.
    @Test func aSeatsKeyThatPromisesNothingIsAWarningAndFailsWhenStrict() {
        var options = Self.options
        options.checks = ["seats"]
        options.keys = 300
        let lenient = ConformanceSuite.check(PromisesNothingToASeatProbe.self, options)
        #expect(lenient.passed, "\(lenient.text)")
        #expect(lenient.modules.first?.warnings.allSatisfy { $0.message.hasPrefix("z from") } == true, "\(lenient.text)")
        let warning = lenient.modules.first?.warnings.first { $0.check == "seats" }
        #expect(warning?.message.contains("z from player ") == true, "\(lenient.text)")
        #expect(warning?.message.contains("is shown as available to it on probe-seats.main (“zap” in bindings(_:for:)) "
                                          + "but changed nothing") == true, "\(lenient.text)")
        #expect(warning?.walk?.room == true, "\(lenient.text)")
        options.strict = true
        let strict = ConformanceSuite.check(PromisesNothingToASeatProbe.self, options)
        #expect(!strict.passed && strict.failures.contains { $0.check == "seats" && $0.message.contains("z from player") },
                "\(strict.text)")
    }

    @Test func aSeatShownAnotherSeatsPrivatePickIsCaught() {
        var options = Self.options
        options.checks = ["seats"]
        let report = ConformanceSuite.check(LeakySeatProbe.self, options)
        let failure = report.failures.first { $0.check == "seats" }
        #expect(failure?.message.contains("which its view model hides from player") == true, "\(report.text)")
        // Shrunk to the fewest steps: a pick from one seat is all it takes.
        #expect((failure?.steps?.count ?? 99) <= 2, "\(report.text)")
        #expect(failure?.walk?.room == true, "the room walk comes first: \(report.text)")
    }

    /// In a room nil is a spectator: a game that keeps every seat's frame right but shows a
    /// seat's pick to the spectator is caught, in a room walk, with the rule it breaks.
    @Test func aSpectatorShownASeatsPrivatePickIsCaught() {
        var options = Self.options
        options.checks = ["seats"]
        let report = ConformanceSuite.check(SpectatorLeakySeatProbe.self, options)
        let failure = report.failures.first { $0.check == "seats" }
        #expect(failure?.message.contains("drawn for a spectator (nil)") == true, "\(report.text)")
        #expect(failure?.message.contains("a spectator's terminal must show nothing any seat's hidden(from:) names") == true,
                "\(report.text)")
        #expect((failure?.steps?.count ?? 99) <= 2, "one pick is all it takes: \(report.text)")
        #expect(failure?.walk?.room == true, "\(report.text)")
    }

    @Test func twoSessionsThatPartWaysOnTheSameInputsAreCaught() {
        var options = Self.options
        options.checks = ["seats"]
        options.isolated = false
        let report = ConformanceSuite.check(ProcessCounterSeatProbe.self, options)
        let failure = report.failures.first { $0.check == "seats" }
        #expect(failure?.message.contains("a second session fed the same tagged inputs") == true, "\(report.text)")
    }

    struct Replayed: Sendable, CustomTestStringConvertible {
        let module: any GameModule.Type
        /// Words the failure's message holds, so the test replays the verdict it means.
        let says: String
        var isolated = true
        var testDescription: String { "\(module)'s “\(says)” is replayed by its command" }
    }

    /// A room's failure prints `check ID --room NAME --seed N --size WxH --keys '…'`: read as a
    /// shell reads it and run as `check` runs it, it finds the same problem after the same step,
    /// whether one step showed it or the walk as a whole did (issue 38).
    @Test(arguments: [
        Replayed(module: WaitingSeatActsProbe.self, says: "passed the turn on"),
        Replayed(module: IgnoresTheSeatProbe.self, says: "nobody can play it"),
        Replayed(module: ProcessCounterSeatProbe.self, says: "a second session fed the same tagged inputs",
                 isolated: false),
        Replayed(module: LookedTicksProbe.self, says: "as a replay of the room's journal"),
    ])
    func aRoomsFailureIsReplayedByItsCommand(_ test: Replayed) throws {
        var options = Self.options
        options.checks = ["seats"]
        options.isolated = test.isolated
        let report = ConformanceSuite.check(test.module, options)
        let failure = try #require(report.failures.first { $0.check == "seats" && $0.walk?.room == true
                                       && $0.message.contains(test.says) }, "\(report.text)")
        let command = try #require(failure.reproduce)
        let arguments = try Arguments.parse(Array(ReproductionTests.shellWords(command).dropFirst()))
        let entry = GameEntry(test.module)
        guard case .check(let id?) = arguments.command, let room = arguments.room, let seed = arguments.seed,
              let size = arguments.size else {
            Issue.record("not a room's replay: \(command)")
            return
        }
        #expect(id == entry.id && size == failure.walk?.size, "\(command)")
        #expect(arguments.roomSteps == failure.steps?.map { Step(text: $0)?.word ?? "" }, "\(command)")
        let found = try RoomReplay.run(entry, room: room, seed: seed, size: size, words: arguments.roomSteps)
        #expect(found.contains { $0.problem == failure.message && $0.step == failure.steps?.count },
                "\(command) found \(found)")
        #expect(CheckCommand(catalog: [entry]).run(id: id, keys: nil, timeLimit: nil, seed: seed, room: room,
                                                   steps: arguments.roomSteps, size: size) == 1)
    }

    /// A starting point the module has no room walk from is refused, naming those it has.
    @Test func aRoomReplayFromNowhereIsRefused() {
        #expect(throws: UsageError("--room: probe-seats has no room walk from 'nowhere'; its rooms start from: defaults")) {
            try RoomReplay.run(GameEntry(WaitingSeatActsProbe.self), room: "nowhere", seed: 1, size: Size(width: 80, height: 24),
                               words: [])
        }
    }

    @Test func aSeatStepReadsBackFromItsText() {
        #expect(Step(text: "player2:enter") == .seat(1, .enter))
        #expect(Step.seat(0, .character("x")).text == "player1:x")
        #expect(Step(text: "player2:click 3,4") == .seatClick(1, .click(column: 3, row: 4)))
        #expect(Step.seatClick(0, .click(column: 3, row: 4)).text == "player1:click 3,4")
        #expect(Step(text: "player0:enter") == nil)
        #expect(Step(word: "player2:click:3,4") == .seatClick(1, .click(column: 3, row: 4)))
        #expect(Step.seatClick(0, .click(column: 3, row: 4)).word == "player1:click:3,4")
        #expect(Step(word: "player1:wait:300") == nil && Step(word: "wait:300") == .wait(milliseconds: 300))
    }
}
