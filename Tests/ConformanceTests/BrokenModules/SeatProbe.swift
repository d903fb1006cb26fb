import GameHost

// A game of two seats for the seats check to test itself on: each seat picks 1, 2 or 3 and
// locks it in; once both have, the picks are revealed. On one terminal the seats take turns
// (seat 0 first); in a room both pick at once. A seat's pick is private until the reveal.

/// What a copy of the seat probe gets wrong.
enum SeatDefect: Sendable {
    case none
    /// Draws the other seat's pick in a seat's frame before the reveal.
    case leaksTheOtherPick
    /// Keeps every seat's frame right but draws both picks in a room's spectator's (nil) frame
    /// before the reveal: anyone watching with a second account could tell a player.
    case leaksToTheSpectator
    /// Keeps a count shared by every copy in the process in its state: two sessions fed the
    /// same inputs part ways.
    case sharesAProcessCounter
}

nonisolated(unsafe) var seatProbeInputs = 0

protocol SeatProbeModule: GameModule where Preferences == NoPreferences {
    static var defect: SeatDefect { get }
}

extension SeatProbeModule {
    static var info: GameInfo { GameInfo(id: "probe-seats", title: "Seat probe", summary: "Pick a number, reveal together") }
    static func seats(_ preferences: NoPreferences) -> Int { 2 }
    static func makeRoot(_ preferences: NoPreferences, _ context: GameContext) -> Screen {
        Screen(id: info.id + ".main", model: SeatProbeModel(defect, seating: context.seating), view: SeatProbeView())
    }
}

enum HealthySeatProbe: SeatProbeModule { static let defect = SeatDefect.none }
enum LeakySeatProbe: SeatProbeModule { static let defect = SeatDefect.leaksTheOtherPick }
enum SpectatorLeakySeatProbe: SeatProbeModule { static let defect = SeatDefect.leaksToTheSpectator }
enum ProcessCounterSeatProbe: SeatProbeModule { static let defect = SeatDefect.sharesAProcessCounter }

final class SeatProbeModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable { case pick(Int), lock, again }

    struct State: Encodable {
        var picks: [Int?] = [nil, nil]
        var locked = [false, false]
        var shared = 0
    }

    let defect: SeatDefect
    let seating: Seating
    private(set) var state = State()

    init(_ defect: SeatDefect, seating: Seating) {
        self.defect = defect
        self.seating = seating
    }

    var revealed: Bool { !state.locked.contains(false) }
    var turn: Seat? {
        guard seating == .oneTerminal, !revealed else { return nil }
        return state.locked.firstIndex(of: false).map(Seat.init)
    }

    /// The seat an input acts for: nil is the seat on turn; in a room an untagged input acts for nobody.
    func actor(_ seat: Seat?) -> Int? {
        guard let acting = seat ?? turn, acting.index < 2, turn == nil || acting == turn else { return nil }
        return acting.index
    }

    func canPick(_ seat: Seat?) -> Bool { !revealed && actor(seat).map { !state.locked[$0] } == true }

    func handle(_ intent: Intent) -> [Effect<Intent>] { handle(intent, from: nil) }

    func handle(_ intent: Intent, from seat: Seat?) -> [Effect<Intent>] {
        if defect == .sharesAProcessCounter {
            seatProbeInputs += 1
            state.shared = seatProbeInputs
        }
        switch intent {
        case .pick(let number):
            guard canPick(seat), let index = actor(seat) else { return [] }
            state.picks[index] = number
        case .lock:
            guard canPick(seat), let index = actor(seat), state.picks[index] != nil else { return [] }
            state.locked[index] = true
            if revealed {
                let same = state.picks[0] == state.picks[1]
                return [.reportRound(RoundResult(score: same ? 1 : 0, maximum: 1, summary: same ? "same" : "different"))]
            }
        case .again:
            guard revealed else { return [] }
            state.picks = [nil, nil]
            state.locked = [false, false]
        }
        return []
    }

    static func picked(_ seat: Int, _ number: Int) -> String { "seat \(seat) picked \(number)" }

    func hidden(from seat: Seat) -> [String] {
        guard !revealed else { return [] }
        return (0..<2).filter { $0 != seat.index }.compactMap { other in state.picks[other].map { Self.picked(other, $0) } }
    }

    /// What `seat` sees of seat `index`: its pick when it is theirs, or revealed.
    func line(_ index: Int, for seat: Seat?) -> String {
        guard let number = state.picks[index] else { return "seat \(index) has not picked" }
        let own = seat.map { $0.index == index } ?? (turn == Seat(index))
        let spectator = seat == nil && seating == .room
        if revealed || own || defect == .leaksTheOtherPick || (spectator && defect == .leaksToTheSpectator) {
            return Self.picked(index, number)
        }
        return state.locked[index] ? "seat \(index) has locked in" : "seat \(index) is picking"
    }
}

struct SeatProbeView: ScreenView {
    func title(_ model: SeatProbeModel) -> String { "Seat probe" }
    func render(_ model: SeatProbeModel, in size: Size) -> Frame { render(model, in: size, for: nil) }
    func render(_ model: SeatProbeModel, in size: Size, for seat: Seat?) -> Frame {
        var frame = Frame(size: size)
        for index in 0..<2 { frame.write(model.line(index, for: seat), row: index, column: 1) }
        if model.revealed { frame.write("Revealed.", row: 3, column: 1) }
        return frame
    }
    func bindings(_ model: SeatProbeModel) -> [KeyBinding<SeatProbeModel.Intent>] { bindings(model, for: nil) }
    func bindings(_ model: SeatProbeModel, for seat: Seat?) -> [KeyBinding<SeatProbeModel.Intent>] {
        let mine = model.canPick(seat)
        return (1...3).map { .keys(.digit($0), label: "pick", enabled: mine, .pick($0)) }
            + [.keys(.enter, label: "lock in", enabled: mine, .lock),
               .keys(.character("n"), label: "again", enabled: model.revealed, .again)]
    }
}
