import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// `gamehost check --keys N`: how long the conformance random walk is, for soaks.
@Suite struct CheckKeysTests {
    @Test func keysGoWithCheck() throws {
        #expect(try Arguments.parse(["check", "--keys", "1000000"]).keys == 1_000_000)
        #expect(try Arguments.parse(["--keys=250", "check", "counter"]).keys == 250)
        #expect(try Arguments.parse(["check"]).keys == nil)
    }

    @Test(arguments: [
        (["check", "--keys", "many"], "--keys must be a whole number of keys from 1"),
        (["check", "--keys", "0"], "--keys must be a whole number of keys from 1"),
        (["check", "--keys"], "--keys needs a value"),
        (["play", "counter", "--keys", "10"], "--keys: unknown key '10'"),
        (["list", "--keys", "10"], "--keys goes with 'check' (a number) or 'play <id>' (key names)"),
        (["play", "counter", "--time-limit", "1"], "--time-limit goes with 'check'"),
        (["check", "--time-limit", "soon"], "--time-limit must be a number of seconds above 0"),
    ])
    func badKeysAreRefused(_ words: [String], _ message: String) {
        #expect { try Arguments.parse(words) } throws: { "\($0)".contains(message) }
    }

    /// `play --keys` replays a conformance failure: key names, as traces write them.
    @Test func playTakesKeyNames() throws {
        #expect(try Arguments.parse(["play", "counter", "--keys", "up up space ctrl-x é"]).playKeys
                == [.up, .up, .space, .control("x"), .character("é")])
        #expect(try Arguments.parse(["check", "--time-limit", "0.5"]).timeLimit == 0.5)
    }

    /// The guide's example module (docs/guide.md) passes the whole suite; the walk takes the keys asked
    /// for from each starting point, and the report says how many it took.
    @Test func theExampleModuleConformsAndTheWalkSaysHowFarItWent() {
        let report = ConformanceSuite.check(CounterGame.self, ConformanceOptions(keys: 200))
        #expect(report.passed, "\(report.text)")
        let walk = report.modules[0].checks.first { $0.name == "frames" }
        #expect(walk?.keys ?? 0 >= 200, "\(report.text)")
        #expect(report.text.contains("frames: ok (") && report.text.contains("\(walk?.keys ?? 0) keys"), "\(report.text)")
    }
}
