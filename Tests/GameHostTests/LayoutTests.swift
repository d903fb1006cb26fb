import GameHost
import Testing

/// Views say how tall and wide their parts are; `Layout` says where they go.
@Suite struct LayoutTests {
    @Test func aBlockIsCentredAndNeverStartsBeforeTheEdge() {
        #expect(Layout.centered(10, in: 24) == 7)
        #expect(Layout.centered(3, in: 8) == 2, "an odd leftover goes after the block")
        #expect(Layout.centered(30, in: 24) == 0, "too long: its end is cut, not its start")
    }

    @Test func rowsAreHandedOutTopToBottom() {
        var rows = Layout.Rows(centering: 10, in: 24)
        #expect(rows.take(3) == 7)
        rows.skip(1)
        #expect(rows.take(2) == 11)
        #expect(rows.take(1) == 13 && rows.row == 14)
        var from = Layout.Rows(from: 2)
        #expect(from.take(0) == 2 && from.take(5) == 2 && from.row == 7)
    }

    @Test func columnsStandSideBySideWithTheirGapsAndTheWholeIsCentred() {
        #expect(Layout.columns(2, each: 5, in: 20) == [5..<10, 10..<15])
        #expect(Layout.columns(3, each: 4, gap: 2, in: 20) == [2..<6, 8..<12, 14..<18])
        #expect(Layout.columns(3, each: 3, gap: 1, in: 11) == [0..<3, 4..<7, 8..<11], "exactly the width")
        #expect(Layout.columns(2, each: 8, gap: 1, in: 10) == [0..<8, 9..<17], "too wide: cut at the far edge")
        #expect(Layout.columns(0, each: 3, in: 20).isEmpty)
    }
}
