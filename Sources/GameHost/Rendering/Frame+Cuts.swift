/// Text a write could not show: a frame made in a checking render (`Frame.recordingCuts`)
/// records what its writes lost at its edges (or at a write's `limit`), so the conformance
/// suite can tell a sentence cut without an ellipsis, and with it the key it names, from one
/// drawn whole or marked cut. The program's frames record nothing: cells and regions alone.
extension Frame {
    /// Text a write lost at an edge: `lost` did not fit beside `marker`, the cell at the
    /// edge where an ellipsis would say that the text goes on.
    package struct Cut: Sendable, Equatable {
        package var row: Int
        package var marker: Int
        package let lost: String
    }

    /// Whether frames made now record their cuts: in `recordingCuts` alone.
    @TaskLocal static var recordsCuts = false

    /// Runs `render` with every frame made in it recording the text its writes lose.
    package static func recordingCuts<T>(_ render: () throws -> T) rethrows -> T {
        try $recordsCuts.withValue(true, operation: render)
    }

    /// What the frame's writes lost; empty for a frame made outside `recordingCuts`.
    package var cuts: [Cut] { recordedCuts ?? [] }

    /// Records text lost past `end` (blanks alone are not text).
    mutating func noteCut(_ lost: some StringProtocol, row: Int, end: Int) {
        guard recordedCuts != nil, lost.contains(where: { $0 != " " }), end > 0 else { return }
        recordedCuts?.append(Cut(row: row, marker: end - 1, lost: String(lost)))
    }

    /// Records the text a write starting left of the frame loses there.
    mutating func noteCutBefore(_ text: String, row: Int, column: Int) {
        guard recordedCuts != nil else { return }
        var x = column
        var lost = ""
        for character in text where x < 0 {
            lost.append(character)
            x += DisplayWidth.of(character)
        }
        if lost.contains(where: { $0 != " " }) { recordedCuts?.append(Cut(row: row, marker: 0, lost: lost)) }
    }
}
