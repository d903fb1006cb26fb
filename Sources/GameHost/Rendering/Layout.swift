/// Where the parts of a view go, said as heights and widths instead of offset arithmetic:
/// a block centred in the rows or columns there are, rows handed out top to bottom, and a
/// width split into columns.
public enum Layout {
    /// The first row (or column) of a block `length` long centred in `available`; 0 when it
    /// does not fit (its end is then cut, never its start).
    public static func centered(_ length: Int, in available: Int) -> Int { max(0, (available - length) / 2) }

    /// The cells of `count` columns `each` cells wide side by side, `gap` cells between them,
    /// the whole centred in `width` (a row of buttons or boxes).
    public static func columns(_ count: Int, each: Int, gap: Int = 0, in width: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let start = centered(count * each + (count - 1) * gap, in: width)
        return (0..<count).map { index in
            let column = start + index * (each + gap)
            return column..<(column + each)
        }
    }

    /// Rows handed out top to bottom: each part takes as many rows as it needs and says where
    /// it starts.
    public struct Rows: Equatable, Sendable {
        /// The row the next part starts on.
        public private(set) var row: Int

        /// Rows from `row` down.
        public init(from row: Int) { self.row = row }

        /// Rows for a block `height` rows tall, centred in `available` rows.
        public init(centering height: Int, in available: Int) { row = Layout.centered(height, in: available) }

        /// The row a part `height` rows tall starts on; the next part starts below it.
        public mutating func take(_ height: Int) -> Int {
            defer { row += height }
            return row
        }

        /// Leaves `height` rows blank.
        public mutating func skip(_ height: Int) { row += height }
    }
}
