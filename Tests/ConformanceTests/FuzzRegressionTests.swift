import GameHostTesting
import Testing

/// The fuzz targets' seed corpora and every input that once found a bug, through the same
/// checks libFuzzer runs (Scripts/fuzz.sh).
@Suite struct FuzzRegressionTests {
    @Test func config() { #expect(Fuzzing.replay("config", ConfigFuzz.problems) == []) }
    @Test func preferences() { #expect(Fuzzing.replay("preferences", PreferencesFuzz.problems) == []) }
    @Test func journal() { #expect(Fuzzing.replay("journal", JournalFuzz.problems) == []) }
}
