import GameHost
import Testing

/// The diff is a step of its own: the cells that differ between two frames, row by row and
/// left to right, each once, as any backend (the terminal's encoder, a cast) would draw them.
@Suite struct FrameDiffTests {
    static let size = Size(width: 6, height: 3)

    static func frame(_ lines: [String], style: Style = .plain) -> Frame {
        var frame = Frame(size: size)
        for (row, line) in lines.enumerated() { frame.write(line, row: row, column: 0, style: style) }
        return frame
    }

    static func places(_ changes: [CellChange]) -> [String] {
        changes.map { "\($0.row),\($0.column)=\($0.character)" }
    }

    @Test func aFrameDiffersFromItselfInNothing() {
        let frame = Self.frame(["abc", "中文", "x"])
        #expect(frame.diff(from: frame).isEmpty)
    }

    @Test func noFrameOrOneOfAnotherSizeCountsAsBlank() {
        let frame = Self.frame(["ab", "", " c"])
        let expected = ["0,0=a", "0,1=b", "2,1=c"]
        #expect(Self.places(frame.diff(from: nil)) == expected)
        #expect(Self.places(frame.diff(from: Frame(size: Size(width: 7, height: 3)))) == expected)
    }

    @Test func changesComeRowByRowLeftToRightAndBlankingIsAChange() {
        let old = Self.frame(["abcdef", "uvw", "xyz"])
        let new = Self.frame(["abXdef", "", "xyZ"])
        #expect(Self.places(new.diff(from: old)) == ["0,2=X", "1,0= ", "1,1= ", "1,2= ", "2,2=Z"])
    }

    @Test func aStyleAloneIsAChange() {
        let old = Self.frame(["ab"]), new = Self.frame(["ab"], style: .bold)
        let changes = new.diff(from: old)
        #expect(Self.places(changes) == ["0,0=a", "0,1=b"] && changes.allSatisfy { $0.style == .bold })
    }

    @Test func aWideCharacterIsOneChangeOfWidthTwo() {
        let changes = Self.frame(["a中b"]).diff(from: nil)
        #expect(Self.places(changes) == ["0,0=a", "0,1=中", "0,3=b"])
        #expect(changes.map(\.width) == [1, 2, 1] && changes[1].scalar == "中")
    }

    @Test func clustersAreComparedByWhatTheyShowNotWhereTheyAreStored() {
        // The same flag and the same letter with a mark, stored at other places in the frames'
        // tables of clusters (the old frame holds another cluster first).
        var old = Frame(size: Self.size)
        old.write("👍🏽", row: 2, column: 0)
        old.write("🇫🇷é\u{301}", row: 0, column: 0)
        var new = Frame(size: Self.size)
        new.write("🇫🇷é\u{301}", row: 0, column: 0)
        new.write("👍🏾", row: 2, column: 0)
        let changes = new.diff(from: old)
        #expect(Self.places(changes) == ["2,0=👍🏾"])
        #expect(changes.first?.scalar == nil, "a cluster of several scalars has no one scalar")
    }

    @Test func aCellIsReadAsAChangeAndARowsBlankTailIsFound() {
        let frame = Self.frame(["ab  ", "", "abcdef"])
        #expect(frame.change(row: 0, column: 1).character == "b")
        #expect(frame.blankTail(row: 0) == 2 && frame.blankTail(row: 1) == 0 && frame.blankTail(row: 2) == 6)
    }
}
