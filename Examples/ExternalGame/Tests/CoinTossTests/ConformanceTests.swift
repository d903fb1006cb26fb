import CoinToss
import GameHostTesting
import Testing

@Test func coinTossConforms() {
    #expect(ConformanceSuite.check(CoinTossGame.self).failures == [])
}
