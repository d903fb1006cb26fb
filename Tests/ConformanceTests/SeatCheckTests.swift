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
        let report = ConformanceSuite.check(HealthySeatProbe.self, Self.options)
        #expect(report.passed, "\(report.text)")
        #expect(ConformanceSuite.checkNames.last == "seats")
    }

    @Test func aSeatShownAnotherSeatsPrivatePickIsCaught() {
        var options = Self.options
        options.checks = ["seats"]
        let report = ConformanceSuite.check(LeakySeatProbe.self, options)
        let failure = report.failures.first { $0.check == "seats" }
        #expect(failure?.message.contains("which its view model hides from seat") == true, "\(report.text)")
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
        #expect(failure?.message.contains("a spectator's frame must show nothing any seat's hidden(from:) names") == true,
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

    @Test func aSeatStepReadsBackFromItsText() {
        #expect(Step(text: "seat1:enter") == .seat(1, .enter))
        #expect(Step.seat(0, .character("x")).text == "seat0:x")
        #expect(Step(text: "seat-1:enter") == nil)
    }
}
