@testable import GameHost
import Testing

/// A frame made in a checking render records the text its writes lose at its edges, for the
/// conformance suite; the program's frames record nothing.
@Suite struct FrameCutTests {
    @Test func textCutAtTheRightEdgeOrALimitIsRecorded() {
        let frame = Frame.recordingCuts {
            var frame = Frame(size: Size(width: 10, height: 3))
            frame.write("Press u to undo", row: 0, column: 1)
            frame.write("abcdef", row: 1, column: 0, limit: 4)
            frame.write("🐶🐶🐶🐶🐶", row: 2, column: 1)
            return frame
        }
        #expect(frame.cuts == [Frame.Cut(row: 0, marker: 9, lost: "o undo"), Frame.Cut(row: 1, marker: 3, lost: "ef"),
                               Frame.Cut(row: 2, marker: 9, lost: "🐶")])
    }

    @Test func textThatFitsOrLosesOnlyBlanksIsNot() {
        let frame = Frame.recordingCuts {
            var frame = Frame(size: Size(width: 10, height: 2))
            frame.write("0123456789", row: 0, column: 0)
            frame.write("abc       ", row: 1, column: 3)
            frame.write("below", row: 2, column: 0)
            frame.write(DisplayWidth.truncate("Press u to undo", to: 10), row: 1, column: 0)
            return frame
        }
        #expect(frame.recordedCuts == [])
    }

    @Test func textLeftOfTheFrameAndInADrawnFrameIsRecorded() {
        let frame = Frame.recordingCuts {
            var inner = Frame(size: Size(width: 4, height: 1))
            inner.write("abcdef", row: 0, column: 0)
            var frame = Frame(size: Size(width: 10, height: 3))
            frame.write("xyz hello", row: 0, column: -4)
            frame.draw(inner, row: 2, column: 3)
            return frame
        }
        #expect(frame.cuts == [Frame.Cut(row: 0, marker: 0, lost: "xyz "), Frame.Cut(row: 2, marker: 6, lost: "ef")])
    }

    /// Cuts are the conformance suite's alone (issue 35, change 7): a frame the program draws
    /// carries cells and regions, and its writes do no work for what only a check reads.
    @Test func theProgramsFramesRecordNoCuts() {
        var inner = Frame(size: Size(width: 4, height: 1))
        inner.write("abcdef", row: 0, column: 0)
        var frame = Frame(size: Size(width: 10, height: 3))
        frame.write("Press u to undo", row: 0, column: 1)
        frame.write("xyz hello", row: 1, column: -4)
        frame.draw(inner, row: 2, column: 3)
        #expect(frame.cuts.isEmpty && inner.cuts.isEmpty, "\(frame.cuts) \(inner.cuts)")
    }
}
