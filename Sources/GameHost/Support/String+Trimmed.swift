extension StringProtocol {
    /// Without whitespace (spaces, tabs, newlines) at either end.
    ///
    /// Pure Swift: Foundation's `trimmingCharacters(in:)` builds its character sets on first
    /// use, which showed up in the cost of every start.
    public var trimmed: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
