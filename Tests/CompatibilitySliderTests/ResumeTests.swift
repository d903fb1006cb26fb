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
}
