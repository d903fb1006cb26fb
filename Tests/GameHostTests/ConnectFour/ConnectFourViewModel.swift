import GameHost

// ViewModel/ConnectFourViewModel.swift — whose turn, who may act, and every word and symbol.
final class ConnectFourViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable { case left, right, drop, dropIn(Int), again }

    static let discs = ["●", "○"], empty = "·", aim = "▼"

    let seating: Seating
    private(set) var board = ConnectFourBoard()
    /// The column the player on turn aims at: one for both, as a hand over a real board.
    private(set) var column = 3

    init(_ context: GameContext) { seating = context.seating }

    var state: ConnectFourBoard { board }
    var turn: Seat? { board.isOver ? nil : Seat(board.next) }
    var roundInPlay: Bool? { !board.isEmpty && !board.isOver }

    /// Who acts with an input: a room tags it with its seat (nil there is a spectator, who
    /// never acts); on one terminal every input is the player on turn's.
    func actor(_ seat: Seat?) -> Seat? { seating == .room ? seat : turn }
    func mayMove(_ seat: Seat?) -> Bool { turn != nil && actor(seat) == turn }
    func mayDrop(in column: Int, _ seat: Seat?) -> Bool { mayMove(seat) && board.mayDrop(in: column) }
    func mayStartAgain(_ seat: Seat?) -> Bool { board.isOver && (seating == .oneTerminal || seat != nil) }

    func handle(_ intent: Intent) -> [Effect<Intent>] { handle(intent, from: nil) }

    func handle(_ intent: Intent, from seat: Seat?) -> [Effect<Intent>] {
        if intent == .again {
            // The players take turns to start.
            if mayStartAgain(seat) { board = ConnectFourBoard(first: 1 - board.first) }
            return []
        }
        guard mayMove(seat) else { return [] }
        switch intent {
        case .left: column = (column + ConnectFourBoard.columns - 1) % ConnectFourBoard.columns
        case .right: column = (column + 1) % ConnectFourBoard.columns
        case .drop: return drop(in: column)
        case .dropIn(let chosen): return drop(in: chosen)
        case .again: break
        }
        return []
    }

    private func drop(in chosen: Int) -> [Effect<Intent>] {
        guard board.mayDrop(in: chosen) else { return [] }
        column = chosen
        board.drop(in: chosen)
        guard board.isOver else { return [] }
        let scores = [0, 1].map { $0 == board.winner ? 1 : 0 }
        return [.reportRound(RoundResult(score: board.winner == nil ? 0 : 1, summary: status, seatScores: scores))]
    }

    func symbol(column: Int, row: Int) -> String {
        board.disc(column: column, row: row).map { Self.discs[$0] } ?? Self.empty
    }

    /// Nobody is "you" here: the host says whose turn it is to each seat, and a spectator is nobody.
    var status: String {
        if let winner = board.winner { return "Player \(winner + 1) \(Self.discs[winner]) wins" }
        if board.isFull { return "A draw: the board is full" }
        return "Player \(board.next + 1) \(Self.discs[board.next]) to play"
    }

    /// Why `intent` does nothing for `seat` now; the host says it when its key is pressed.
    func refusal(_ intent: Intent, _ seat: Seat?) -> Prose<Intent> {
        if intent == .again { return "The game is still on." }
        if board.isOver { return "The game is over: \(key: .again) starts another." }
        return mayMove(seat) ? "That column is full." : "It is Player \(board.next + 1)'s turn."
    }
}
