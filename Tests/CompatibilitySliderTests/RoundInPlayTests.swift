@testable import CompatibilitySlider
import Foundation
import GameHost
import GameHostTesting
import Testing

/// A slider round is in play from the first rating locked in until the results.
@Suite struct SliderRoundInPlayTests {
    @Test func theFirstScreenIsNoRoundUntilARatingIsLockedIn() throws {
        let driver = try Support.driver()
        let model = try #require(driver.model(SliderViewModel.self))
        #expect(model.roundInPlay == false)
        driver.press(.right, .character("j"), .digit(3))
        #expect(model.roundInPlay == false, "sliding is trying")
        driver.press(.enter)
        #expect(model.roundInPlay == true)
    }

    @Test func theResultsEndTheRound() throws {
        let driver = try Support.driver()
        let model = try #require(driver.model(SliderViewModel.self))
        while model.phase != .results { driver.press(.enter) }
        #expect(model.roundInPlay == false)
        driver.press(.enter)
        #expect(model.phase == .turn(.first, topic: 0) && model.roundInPlay == false)
    }

    /// Sliding without locking in is no round, even after a kill (audit N6).
    @Test(arguments: ResumeCheck.Stop.allCases)
    func aKeyOnTheFirstScreenLeavesNothingToResume(_ stop: ResumeCheck.Stop) throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try ResumeCheck.run([Support.entry], game: Support.entry.id, keys: [.character("j"), .right, .right],
                                          stop: stop, dataDirectory: directory)
        #expect(outcome.offered == "compatibility-slider.round")
        #expect(stop == .killedMidWrite
            || !FileManager.default.fileExists(atPath: directory + "/compatibility-slider/journal.jsonl"))
    }
}
