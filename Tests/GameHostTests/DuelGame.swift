import GameHost

// A two-seat game for the rooms' tests: seats take turns pressing ↑ to score a point; the
// first to the limit wins and the round is reported. Each seat has a secret word (private
// to it) that its own frame shows and the other's never does, nor a room's spectator's.
struct Duel: Equatable, Encodable {
    var points = [0, 0]
    var turn = 0
    var winner: Int?
}

public struct DuelPreferences: Sendable, Equatable {
    public var limit = 3
    public init() {}
}

final class DuelViewModel: ViewModel {
    enum Intent: String, Codable, Sendable { case score, pass }

    let limit: Int
    let seating: Seating
    private(set) var duel = Duel()
    static let secrets = ["apple", "quartz"]
    static let watching = "You are watching; each seat's word is its own"

    init(limit: Int, seating: Seating = .oneTerminal) {
        self.limit = limit
        self.seating = seating
    }

    var state: Duel { duel }
    var turn: Seat? { duel.winner == nil ? Seat(duel.turn) : nil }
    var roundInPlay: Bool? { duel.winner == nil && duel.points != [0, 0] }

    func handle(_ intent: Intent) -> [Effect<Intent>] { handle(intent, from: nil) }

    func handle(_ intent: Intent, from seat: Seat?) -> [Effect<Intent>] {
        let seat = seat ?? Seat(duel.turn)
        guard duel.winner == nil, seat.index == duel.turn else { return [] }
        if intent == .score { duel.points[seat.index] += 1 }
        if duel.points[seat.index] == limit {
            duel.winner = seat.index
            return [.reportRound(RoundResult(score: duel.points[seat.index], summary: "seat \(seat.index + 1) won",
                                             seatScores: duel.points))]
        }
        duel.turn = 1 - duel.turn
        return []
    }

    func hidden(from seat: Seat) -> [String] { [Self.secrets[1 - seat.index]] }
}

struct DuelView: ScreenView {
    func title(_ model: DuelViewModel) -> String { "Duel" }

    func render(_ model: DuelViewModel, in size: Size) -> Frame { render(model, in: size, for: nil) }

    func render(_ model: DuelViewModel, in size: Size, for seat: Seat?) -> Frame {
        var frame = Frame(size: size)
        // One terminal's nil is the seat on turn; a room's is a spectator, who sees no word.
        if seat == nil, model.seating == .room {
            frame.center(DuelViewModel.watching, row: 1)
        } else {
            let me = (seat ?? model.turn ?? Seat(0)).index
            frame.center("You are seat \(me + 1); your word is \(DuelViewModel.secrets[me])", row: 1)
        }
        frame.center("Points: \(model.duel.points[0]) to \(model.duel.points[1]) (first to \(model.limit))", row: 3)
        let status = model.duel.winner.map { "Seat \($0 + 1) won" } ?? "Seat \(model.duel.turn + 1) to play"
        frame.center(status, row: 5, style: .bold)
        return frame
    }

    func bindings(_ model: DuelViewModel) -> [KeyBinding<DuelViewModel.Intent>] { bindings(model, for: nil) }

    func bindings(_ model: DuelViewModel, for seat: Seat?) -> [KeyBinding<DuelViewModel.Intent>] {
        let mine = model.turn != nil && (seat == nil || seat == model.turn)
        return [.keys(.up, label: "score", enabled: mine, .score), .keys(.character("p"), label: "pass", enabled: mine, .pass)]
    }
}

public enum DuelGame: GameModule {
    public static let info = GameInfo(id: "duel", title: "Duel", summary: "Two seats, first to the limit")
    public static let preferences = PreferenceSchema(defaults: DuelPreferences(), fields: [
        .integer("limit", \.limit, in: 1...9, label: "Limit", help: "Points to win"),
    ])
    public static func seats(_ preferences: DuelPreferences) -> Int { 2 }
    public static func makeRoot(_ preferences: DuelPreferences, _ context: GameContext) -> Screen {
        Screen(id: "duel.main", model: DuelViewModel(limit: preferences.limit, seating: context.seating),
               view: DuelView())
    }
}
