import GameHost

extension Frame {
    /// The cell column where `text` starts on a row, counted in cells (a wide emoji is two),
    /// or nil when the row does not hold it.
    public func column(of text: String, row: Int) -> Int? {
        let line = Array(self.line(row))
        let wanted = Array(text)
        guard !wanted.isEmpty, wanted.count <= line.count else { return nil }
        for start in 0...(line.count - wanted.count) where Array(line[start..<(start + wanted.count)]) == wanted {
            return DisplayWidth.of(String(line[..<start]))
        }
        return nil
    }
}
