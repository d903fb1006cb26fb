import CoinToss
import GameHostTesting
import Testing

@Test func coinTossConforms() {
    let report = ConformanceSuite.check(CoinTossGame.self)
    #expect(report.passed, "\(report.verdict)")
}
