import GameHostTesting
import Template
import Testing

// The checks every game must pass (frames fit, keys, determinism, a way out…): the suite runs
// once, and a failure prints its whole report, with a command that replays each problem.
@Test func conforms() {
    let report = ConformanceSuite.check(TemplateGame.self)
    #expect(report.passed, "\(report.text)")
}
