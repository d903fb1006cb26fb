import GameHost

/// Where the cards go in the space the game screen has for them: the largest card size
/// that shows the whole board, else one-line cards and a window of rows that follows the
/// cursor.
struct BoardLayout {
    let cardSize: CardView.Size
    /// The first board row shown, and how many are shown.
    let firstRow: Int
    let visibleRows: Int
    let rows: Int
    private let columns: Int
    private let top: Int
    private let left: Int

    init(columns: Int, rows: Int, cursorRow: Int, area: Size) {
        self.columns = columns
        self.rows = rows
        let fitting = CardView.Size.allCases.first { size in
            Self.extent(columns, size.width, size.gap.across) <= area.width
                && Self.extent(rows, size.height, size.gap.down) <= area.height
        }
        cardSize = fitting ?? .small
        let stride = cardSize.height + cardSize.gap.down
        visibleRows = min(rows, max(1, (area.height + cardSize.gap.down) / stride))
        firstRow = min(max(0, cursorRow - visibleRows / 2), rows - visibleRows)
        let height = Self.extent(visibleRows, cardSize.height, cardSize.gap.down)
        let width = Self.extent(columns, cardSize.width, cardSize.gap.across)
        top = max(0, (area.height - height) / 2)
        left = max(0, (area.width - width) / 2)
    }

    var hiddenAbove: Int { firstRow }
    var hiddenBelow: Int { rows - firstRow - visibleRows }

    /// The top-left cell of a card, relative to the area; nil when its row is scrolled away.
    func origin(row: Int, column: Int) -> (row: Int, column: Int)? {
        guard row >= firstRow, row < firstRow + visibleRows else { return nil }
        return (top + (row - firstRow) * (cardSize.height + cardSize.gap.down),
                left + column * (cardSize.width + cardSize.gap.across))
    }

    /// The right edge of the board, for scroll marks.
    var right: Int { left + Self.extent(columns, cardSize.width, cardSize.gap.across) }
    var bottom: Int { top + Self.extent(visibleRows, cardSize.height, cardSize.gap.down) - 1 }
    var topRow: Int { top }

    private static func extent(_ count: Int, _ size: Int, _ gap: Int) -> Int {
        count * size + max(0, count - 1) * gap
    }
}
