// Model/ConnectFourBoard.swift — the rules: seven columns of six, discs dropped in turn,
// four in a row (across, up or diagonal) wins. Foundation at most.
struct ConnectFourBoard: Equatable, Encodable {
    static let columns = 7, rows = 6
    /// Each column's discs from the bottom up: 0 is the first player's, 1 the second's.
    private(set) var discs: [[Int]] = Array(repeating: [], count: columns)
    /// Who dropped the first disc, and whose disc drops next.
    let first: Int
    private(set) var next: Int
    private(set) var winner: Int?

    init(first: Int = 0) {
        self.first = first
        next = first
    }

    var isEmpty: Bool { discs.allSatisfy(\.isEmpty) }
    var isFull: Bool { discs.allSatisfy { $0.count == Self.rows } }
    var isOver: Bool { winner != nil || isFull }

    func mayDrop(in column: Int) -> Bool {
        !isOver && discs.indices.contains(column) && discs[column].count < Self.rows
    }

    /// The disc at `column`, `row` (row 0 is the bottom), if there is one.
    func disc(column: Int, row: Int) -> Int? {
        discs.indices.contains(column) && discs[column].indices.contains(row) ? discs[column][row] : nil
    }

    mutating func drop(in column: Int) {
        guard mayDrop(in: column) else { return }
        discs[column].append(next)
        if makesFour(column: column, row: discs[column].count - 1) { winner = next } else { next = 1 - next }
    }

    private func makesFour(column: Int, row: Int) -> Bool {
        let player = disc(column: column, row: row)
        return [(1, 0), (0, 1), (1, 1), (1, -1)].contains { step in
            let run = { (sign: Int) in
                (1...3).prefix { disc(column: column + sign * $0 * step.0, row: row + sign * $0 * step.1) == player }.count
            }
            return run(1) + run(-1) >= 3
        }
    }
}
