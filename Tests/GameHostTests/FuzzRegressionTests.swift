import GameHostTesting
import Testing

/// The fuzz targets' seed corpora and every input that once found a bug, through the same
/// checks libFuzzer runs (Scripts/fuzz.sh).
@Suite struct FuzzRegressionTests {
    @Test func keyDecoder() { #expect(Fuzzing.replay("keys", KeyDecoderFuzz.problems) == []) }
    @Test func frameText() { #expect(Fuzzing.replay("text", FrameTextFuzz.problems) == []) }
    @Test func scores() { #expect(Fuzzing.replay("scores", ScoresFuzz.problems) == []) }
}
