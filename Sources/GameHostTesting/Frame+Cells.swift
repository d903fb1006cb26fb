import GameHost

extension Frame {
    /// The cell column where `text` starts on a row, counted in cells (a wide emoji is two),
    /// or nil when the row does not hold it.
    public func column(of text: String, row: Int) -> Int? {
        let line = self.line(row)
        guard let range = line.range(of: text) else { return nil }
        return DisplayWidth.of(String(line[..<range.lowerBound]))
    }
}
