/// Text a write could not show, for the conformance suite: in a checking render
/// (`Frame.recordingCuts`) a write that loses text at its frame's edge (or at its `limit`)
/// tells the render, with the row as it left it and whether the cell at the edge says so
/// ("…"), so the suite can tell a sentence cut silently, and with it the key it names, from
/// one drawn whole or marked cut. A frame keeps nothing of it: cells and regions alone.
extension Frame {
    /// Text a write lost at an edge: `lost` did not fit beside `marker`, the cell at the edge
    /// where an ellipsis would say that the text goes on. Places are in the frame written to
    /// (a frame a view draws into another has rows of its own).
    package struct Cut: Sendable, Equatable {
        package var row: Int
        package var marker: Int
        package let lost: String
        /// The row as the write left it, and whether its cell at `marker` is "…".
        package let shown: String
        package let marked: Bool
    }

    /// What a checking render's writes lost, in the order they lost it.
    final class Cuts: @unchecked Sendable {
        // A render runs on one thread, start to end: nothing else reads or writes this meanwhile.
        var cuts: [Cut] = []
    }

    /// The cuts of the checking render running now; nil in the program, whose writes record nothing.
    @TaskLocal static var recording: Cuts?

    /// Runs `render` with every write in it recording the text it loses; returns what it
    /// made and those cuts.
    package static func recordingCuts<T>(_ render: () throws -> T) rethrows -> (made: T, cuts: [Cut]) {
        let cuts = Cuts()
        let made = try $recording.withValue(cuts, operation: render)
        return (made, cuts.cuts)
    }

    /// Records text lost past `end` (blanks alone are not text), with the row as it stands.
    func noteCut(_ lost: some StringProtocol, row: Int, end: Int) {
        guard let recording = Self.recording, lost.contains(where: { $0 != " " }), end > 0 else { return }
        recording.cuts.append(cut(String(lost), row: row, marker: end - 1))
    }

    /// Records the text a write starting left of the frame loses there.
    func noteCutBefore(_ text: String, row: Int, column: Int) {
        guard let recording = Self.recording, size.width > 0 else { return }
        var x = column
        var lost = ""
        for character in text where x < 0 {
            lost.append(character)
            x += DisplayWidth.of(character)
        }
        if lost.contains(where: { $0 != " " }) { recording.cuts.append(cut(lost, row: row, marker: 0)) }
    }

    private func cut(_ lost: String, row: Int, marker: Int) -> Cut {
        let marker = min(marker, size.width - 1)
        return Cut(row: row, marker: marker, lost: lost, shown: line(row), marked: self[row, marker].character == "…")
    }
}
