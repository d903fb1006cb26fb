import GameHost

/// Where the board goes in the content area, and how big its cells are drawn.
///
/// The board has a fixed number of cells (a preference); the view fits it to the terminal by
/// drawing each cell as a block of columns and rows: the largest that fits, two columns to a
/// row where it can, since terminal cells are about twice as tall as wide.
struct BoardLayout: Equatable {
    /// Cell sizes tried, largest first. Four columns by two rows is as large as a cell gets:
    /// larger ones (a 3×3 apple at 200×60) only spread the board past the eye's span.
    static let scales = [(4, 2), (2, 1), (1, 1)]

    let cellWidth: Int
    let cellHeight: Int
    /// The frame position of the border's top-left corner.
    let top: Int
    let left: Int
    let columns: Int
    let rows: Int

    init(board: BoardSize, in size: Size) {
        columns = board.width
        rows = board.height
        let scale = Self.scales.first { board.width * $0.0 + 2 <= size.width && board.height * $0.1 + 2 <= size.height }
            ?? (1, 1)
        cellWidth = scale.0
        cellHeight = scale.1
        top = Layout.centered(board.height * scale.1 + 2, in: size.height)
        left = Layout.centered(board.width * scale.0 + 2, in: size.width)
    }

    /// The board with its border, in frame cells.
    var outerWidth: Int { columns * cellWidth + 2 }
    var outerHeight: Int { rows * cellHeight + 2 }

    /// The frame position of a board cell's top-left corner.
    func origin(x: Int, y: Int) -> (row: Int, column: Int) {
        (top + 1 + y * cellHeight, left + 1 + x * cellWidth)
    }

    /// The board cell under a frame position, if any: for turning toward a click.
    func cell(row: Int, column: Int) -> Point? {
        let x = column - left - 1, y = row - top - 1
        guard x >= 0, y >= 0, x < columns * cellWidth, y < rows * cellHeight else { return nil }
        return Point(x: x / cellWidth, y: y / cellHeight)
    }

    /// The smallest content area the board fits in, one column to a cell.
    static func minimumSize(_ board: BoardSize) -> Size {
        Size(width: board.width + 2, height: board.height + 2)
    }
}
