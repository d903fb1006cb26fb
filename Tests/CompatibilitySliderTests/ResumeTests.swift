@testable import CompatibilitySlider
import Foundation
import GameHost
import GameHostTesting
import Testing

/// Resume: the same player's turn on the slider, the same ratings so far.
@Suite struct SliderResumeTests {
    @Test(arguments: ResumeCheck.Stop.allCases)
    func theSameTurnComesBack(_ stop: ResumeCheck.Stop) throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try ResumeCheck.run([Support.entry], game: Support.entry.id,
                                          keys: [.digit(4), .enter, .right, .right], stop: stop,
                                          dataDirectory: directory)
        #expect(outcome.offered == "host.resume")
        #expect(outcome.after == outcome.before)
    }

    /// The screen comes back whole, the host's lines included: the last key was refused (the
    /// hand-over comes before the ratings), and the resumed screen says why as the left one did.
    @Test func aRefusedLastKeySaysWhyAgain() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try ResumeCheck.run([Support.entry], game: Support.entry.id,
                                          keys: [.enter, .digit(2), .enter, .right, .enter, .digit(4), .enter, .right],
                                          stop: .endOfInput, dataDirectory: directory)
        #expect(outcome.before.contains("Ratings wait for Enter: the hand-over comes first."))
        #expect(outcome.after == outcome.before)
    }
}
