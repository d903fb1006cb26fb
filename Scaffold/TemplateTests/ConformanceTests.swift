import GameHostTesting
import Template
import Testing

// The checks every game must pass (frames fit, keys, determinism, a way out…): one line.
@Test func conforms() {
    #expect(ConformanceSuite.check(TemplateGame.self).passed, "\(ConformanceSuite.check(TemplateGame.self).verdict)")
}
