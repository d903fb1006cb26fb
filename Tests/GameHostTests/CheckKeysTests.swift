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
        (["play", "counter", "--keys", "10"], "--keys goes with 'check'"),
    ])
    func badKeysAreRefused(_ words: [String], _ message: String) {
        #expect { try Arguments.parse(words) } throws: { "\($0)".contains(message) }
    }

    /// The walk takes the keys asked for in all, spread over the module's starting points,
    /// and the report says how many it took.
    @Test func theWalkTakesTheKeysAskedForAndSaysSo() {
        let entry = GameEntry(CounterGame.self)
        let report = ConformanceSuite.run([entry], catalog: [entry], keysPerModule: 1_000)
        #expect(report.passed, "\(report.text)")
        let walk = report.modules[0].checks.first { $0.name.hasPrefix("random walk") }
        #expect(walk?.keys ?? 0 >= 1_000, "\(report.text)")
        #expect(report.text.contains("random walk of \(walk?.keys ?? 0) keys"), "\(report.text)")
    }
}
