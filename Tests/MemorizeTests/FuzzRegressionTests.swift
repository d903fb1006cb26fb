import GameHostTesting
import Testing

/// The themes target's seed corpus and every input that once found a bug, through the
/// same check libFuzzer runs (Scripts/fuzz.sh).
@Suite struct FuzzRegressionTests {
    @Test func themes() { #expect(Fuzzing.replay("themes", ThemesFuzz.problems) == []) }
}
