import GameHost

/// Where the board goes in a frame: cells 3 columns wide in a box where there is room,
/// 2 columns wide and without the box where there is not, always centred. The status line is
/// above the board and the news line under it.
struct MinefieldLayout {
    let columns: Int
    let rows: Int
    let cellWidth: Int
    let boxed: Bool
    /// The board's top-left cell in the frame.
    let left: Int
    let top: Int

    /// The smallest area a board of this size is drawn in: 2 columns a cell, a line above and below.
    static func minimumSize(_ preferences: MinesweeperPreferences) -> Size {
        Size(width: max(2 * preferences.width, MinesweeperConstants.narrowestLines),
             height: preferences.height + 2)
    }

    init(_ preferences: MinesweeperPreferences, in size: Size) {
        columns = preferences.width
        rows = preferences.height
        boxed = size.height >= rows + 4 && size.width >= 2 * columns + 2
        cellWidth = size.width >= 3 * columns + (boxed ? 2 : 0) ? 3 : 2
        let width = columns * cellWidth + (boxed ? 2 : 0), height = rows + (boxed ? 2 : 0) + 2
        left = max(0, (size.width - width) / 2) + (boxed ? 1 : 0)
        top = max(0, (size.height - height) / 2) + 1 + (boxed ? 1 : 0)
    }

    /// The board's cells in the frame.
    var board: Rect { Rect(column: left, row: top, width: columns * cellWidth, height: rows) }
    /// The line above the board (the box's top edge, where it has one).
    var statusRow: Int { top - 1 - (boxed ? 1 : 0) }
    var newsRow: Int { top + rows + (boxed ? 1 : 0) }

    /// The cell at a place inside `board`, or nil on no cell.
    func spot(column: Int, row: Int) -> Spot? {
        let spot = Spot(x: column / cellWidth, y: row)
        return (0..<columns).contains(spot.x) && (0..<rows).contains(spot.y) ? spot : nil
    }
}
