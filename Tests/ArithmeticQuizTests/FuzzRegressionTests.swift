import GameHostTesting
import Testing

/// The practice target's seed corpus and every input that once found a bug, through the
/// same check libFuzzer runs (Scripts/fuzz.sh).
@Suite struct FuzzRegressionTests {
    @Test func practice() { #expect(Fuzzing.replay("practice", PracticeFuzz.problems) == []) }
}
