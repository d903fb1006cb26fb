@testable import GameHost
import Testing

/// A checking render records the text its writes lose at their frames' edges, for the
/// conformance suite; a frame itself holds only what is drawn.
@Suite struct FrameCutTests {
    /// Each cut as "row:marker:lost", with "…" after it where the cell at the edge says so.
    func places(_ cuts: [Frame.Cut]) -> [String] {
        cuts.map { "\($0.row):\($0.marker):\($0.lost)" + ($0.marked ? " …" : "") }
    }

    @Test func textCutAtTheRightEdgeOrALimitIsRecorded() {
        let (_, cuts) = Frame.recordingCuts {
            var frame = Frame(size: Size(width: 10, height: 4))
            frame.write("Press u to undo", row: 0, column: 1)
            frame.write("abcdef", row: 1, column: 0, limit: 4)
            frame.write("🐶🐶🐶🐶🐶", row: 2, column: 1)
            frame.write("Undo… more", row: 3, column: 0, limit: 5)
            return frame
        }
        #expect(places(cuts) == ["0:9:o undo", "1:3:ef", "2:9:🐶", "3:4: more …"])
        #expect(cuts.map(\.shown) == [" Press u t", "abcd", " 🐶🐶🐶🐶", "Undo…"])
    }

    @Test func textThatFitsOrLosesOnlyBlanksIsNot() {
        let (_, cuts) = Frame.recordingCuts {
            var frame = Frame(size: Size(width: 10, height: 2))
            frame.write("0123456789", row: 0, column: 0)
            frame.write("abc       ", row: 1, column: 3)
            frame.write("below", row: 2, column: 0)
            frame.write(DisplayWidth.truncate("Press u to undo", to: 10), row: 1, column: 0)
            return frame
        }
        #expect(cuts == [])
    }

    /// A frame a view draws into another has its own rows: its cut is told where it was written.
    @Test func textLeftOfTheFrameAndInAFrameDrawnIntoAnotherIsRecorded() {
        let (frame, cuts) = Frame.recordingCuts {
            var inner = Frame(size: Size(width: 4, height: 1))
            inner.write("abcdef", row: 0, column: 0)
            var frame = Frame(size: Size(width: 10, height: 3))
            frame.write("xyz hello", row: 0, column: -4)
            frame.draw(inner, row: 2, column: 3)
            return frame
        }
        #expect(places(cuts) == ["0:3:ef", "0:0:xyz "])
        #expect(cuts.map(\.shown) == ["abcd", "hello"])
        #expect(frame.lines == ["hello", "", "   abcd"])
    }

    /// Cuts are the conformance suite's alone (issue 35, change 7): a frame the program draws
    /// holds its size, cells and regions, and nothing only a check reads.
    @Test func aFrameHoldsOnlyWhatIsDrawn() {
        var frame = Frame(size: Size(width: 10, height: 3))
        frame.write("Press u to undo", row: 0, column: 1)
        let stored = Mirror(reflecting: frame).children.compactMap(\.label)
        #expect(stored == ["size", "slots", "clusters", "regions"])
    }
}
