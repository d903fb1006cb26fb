import GameHost
@testable import GameHostConformance
import GameHostTesting
import Testing

/// The seats check plays a real-time game's room walks again as a room plays them, with the
/// room's tick lines between the seats' inputs (issue 39): a healthy game passes; a copy that
/// applies its ticks when it is looked at, out of the journal's order, and one that moves per
/// frame drawn, so that the process keeping the clock runs ahead, are caught, saying the fix.
@Suite struct RoomTickCheckTests {
    static let options = ConformanceOptions(keys: 60, timeLimit: 2)

    @Test func aHealthyRealTimeGameOfTwoSeatsPassesEveryCheck() {
        let report = ConformanceSuite.check(HealthyTickProbe.self, Self.options)
        #expect(report.passed, "\(report.text)")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let module: any GameModule.Type
        var testDescription: String { "\(module) is caught by the seats check's room of processes" }
    }

    @Test(arguments: [Case(module: LookedTicksProbe.self), Case(module: FrameTicksProbe.self)])
    func aCopyThatPartsWaysFromTheRoomsJournalIsCaught(_ test: Case) {
        var options = Self.options
        options.checks = ["seats"]
        let report = ConformanceSuite.check(test.module, options)
        let failure = report.failures.first { $0.check == "seats" }
        for words in ["in a room, ", "applied the same", "as a replay of the room's journal",
                      "written by the seat keeping the room's clock",
                      "Apply each tick in handle(_:from:) when its intent comes, in the journal's order",
                      "never count ticks yourself", "nothing depend on which process holds the room's clock"] {
            #expect(failure?.message.contains(words) == true, "\(words): \(report.text)")
        }
        #expect(failure?.walk?.room == true, "\(report.text)")
    }
}
