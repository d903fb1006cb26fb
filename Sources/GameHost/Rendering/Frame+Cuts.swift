/// Text a write could not show: the frame records what it lost at its edges (or at a
/// write's `limit`), so the conformance suite can tell a sentence cut without an ellipsis,
/// and with it the key it names, from one drawn whole or marked cut.
extension Frame {
    /// Text a write lost at an edge: `lost` did not fit beside `marker`, the cell at the
    /// edge where an ellipsis would say that the text goes on.
    package struct Cut: Sendable, Equatable {
        package var row: Int
        package var marker: Int
        package let lost: String
    }

    /// Records text lost past `end` (blanks alone are not text).
    mutating func noteCut(_ lost: some StringProtocol, row: Int, end: Int) {
        guard lost.contains(where: { $0 != " " }), end > 0 else { return }
        cuts.append(Cut(row: row, marker: end - 1, lost: String(lost)))
    }

    /// Records the text a write starting left of the frame loses there.
    mutating func noteCutBefore(_ text: String, row: Int, column: Int) {
        var x = column
        var lost = ""
        for character in text where x < 0 {
            lost.append(character)
            x += DisplayWidth.of(character)
        }
        if lost.contains(where: { $0 != " " }) { cuts.append(Cut(row: row, marker: 0, lost: lost)) }
    }
}
