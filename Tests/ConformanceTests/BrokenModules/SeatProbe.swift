import GameHost

// A game of two seats for the seats check to test itself on: each seat picks 1, 2 or 3 and
// locks it in; once both have, the picks are revealed. On one terminal the seats take turns
// (seat 0 first); in a room both pick at once, or, for the turn probes, take turns too. A
// seat's pick is private until the reveal, and so is its aim (← and → move it, on turn or
// not), a position declared in `privatePositions(of:)`.

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
    /// Takes turns in a room, but `handle(_:from:)` acts for the seat on turn whoever sends the
    /// input, and the bindings show every seat's keys available: the waiting seat moves for
    /// the other (the audit's C2b).
    case waitingSeatActs
    /// `handle(_:from:)` ignores the seat and handles the intent as the one terminal's (nil),
    /// which in a room is a spectator's: nobody can play (C2).
    case ignoresTheSeat
    /// Draws “Your turn” for a room's spectator (C4).
    case addressesTheSpectator
    /// Draws every seat's aim on every frame (C1).
    case showsEveryAim
    /// Posts a seat's pick as a notice, which every terminal shows.
    case announcesThePick
    /// On one terminal, the shared frame shows both picks while a seat is still picking.
    case sharedFrameShowsBothPicks
    /// Shows Enter locked to the seat not on turn, but an unlisted binding ahead of it takes
    /// Enter and moves that seat's aim: a key shown locked that acts.
    case locksAKeyItTakes
    /// Shows z (“zap”) available to each seat of a room, and z does nothing: a seat's key that
    /// promises what it does not do (M6, in a room).
    case promisesNothingToASeat
}

nonisolated(unsafe) var seatProbeInputs = 0

protocol SeatProbeModule: GameModule where Preferences == NoPreferences {
    static var defect: SeatDefect { get }
    /// The seats take turns in a room too.
    static var turns: Bool { get }
}

extension SeatProbeModule {
    static var info: GameInfo { GameInfo(id: "probe-seats", title: "Seat probe", summary: "Pick a number, reveal together") }
    static func seats(_ preferences: NoPreferences) -> Int { 2 }
    static var turns: Bool { false }
    static func makeRoot(_ preferences: NoPreferences, _ context: GameContext) -> Screen {
        Screen(id: info.id + ".main", model: SeatProbeModel(defect, seating: context.seating, turns: turns),
               view: SeatProbeView())
    }
}

enum HealthySeatProbe: SeatProbeModule { static let defect = SeatDefect.none }
enum LeakySeatProbe: SeatProbeModule { static let defect = SeatDefect.leaksTheOtherPick }
enum SpectatorLeakySeatProbe: SeatProbeModule { static let defect = SeatDefect.leaksToTheSpectator }
enum ProcessCounterSeatProbe: SeatProbeModule { static let defect = SeatDefect.sharesAProcessCounter }
enum TurnSeatProbe: SeatProbeModule { static let defect = SeatDefect.none; static let turns = true }
enum WaitingSeatActsProbe: SeatProbeModule { static let defect = SeatDefect.waitingSeatActs; static let turns = true }
enum IgnoresTheSeatProbe: SeatProbeModule { static let defect = SeatDefect.ignoresTheSeat; static let turns = true }
enum AddressesTheSpectatorProbe: SeatProbeModule { static let defect = SeatDefect.addressesTheSpectator }
enum ShowsEveryAimProbe: SeatProbeModule { static let defect = SeatDefect.showsEveryAim; static let turns = true }
enum AnnouncesThePickProbe: SeatProbeModule { static let defect = SeatDefect.announcesThePick }
enum SharedFrameLeakSeatProbe: SeatProbeModule { static let defect = SeatDefect.sharedFrameShowsBothPicks }
enum LockedKeyActsSeatProbe: SeatProbeModule { static let defect = SeatDefect.locksAKeyItTakes; static let turns = true }
enum PromisesNothingToASeatProbe: SeatProbeModule { static let defect = SeatDefect.promisesNothingToASeat }

final class SeatProbeModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable { case pick(Int), lock, again, aim(Int) }

    struct State: Encodable {
        var picks: [Int?] = [nil, nil]
        var locked = [false, false]
        var aims = [1, 1]
        var shared = 0
    }

    let defect: SeatDefect
    let seating: Seating
    let turns: Bool
    private(set) var state = State()

    init(_ defect: SeatDefect, seating: Seating, turns: Bool = false) {
        self.defect = defect
        self.seating = seating
        self.turns = turns
    }

    var revealed: Bool { !state.locked.contains(false) }
    var turn: Seat? {
        guard seating == .oneTerminal || turns, !revealed else { return nil }
        return state.locked.firstIndex(of: false).map(Seat.init)
    }

    /// The seat an input acts for: nil is the seat on turn; in a room an untagged input acts for nobody.
    func actor(_ seat: Seat?) -> Int? {
        let spectator = seat == nil && seating == .room
        let acting = defect == .waitingSeatActs ? turn ?? seat : seat ?? turn
        guard !spectator, let acting, acting.index < 2, turn == nil || acting == turn else { return nil }
        return acting.index
    }

    /// Whether `seat`'s pick keys work: what its bindings show.
    func canPick(_ seat: Seat?) -> Bool {
        guard !revealed, let index = actor(seat) else { return false }
        return !state.locked[index]
    }

    /// Whose aim ← and → move: the seat's own, on turn or not (on one terminal, the seat on turn's).
    func aimer(_ seat: Seat?) -> Int? {
        guard !(seat == nil && seating == .room), let acting = seat ?? turn, acting.index < 2 else { return nil }
        return acting.index
    }

    func privatePositions(of seat: Seat) -> [Int] { seat.index < 2 ? [state.aims[seat.index]] : [] }

    func handle(_ intent: Intent) -> [Effect<Intent>] { handle(intent, from: nil) }

    func handle(_ intent: Intent, from seat: Seat?) -> [Effect<Intent>] {
        if defect == .sharesAProcessCounter {
            seatProbeInputs += 1
            state.shared = seatProbeInputs
        }
        let seat = defect == .ignoresTheSeat ? nil : seat
        switch intent {
        case .aim(let step):
            guard let index = aimer(seat) else { return [] }
            state.aims[index] = min(3, max(1, state.aims[index] + step))
        case .pick(let number):
            guard !revealed, let index = actor(seat), !state.locked[index] else { return [] }
            state.picks[index] = number
            if defect == .announcesThePick { return [.notify(Self.picked(index, number))] }
        case .lock:
            guard !revealed, let index = actor(seat), !state.locked[index], state.picks[index] != nil else { return [] }
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
        let spectator = seat == nil && seating == .room
        let own = seat.map { $0.index == index } ?? (!spectator && turn == Seat(index))
        let shared = seat == nil && seating == .oneTerminal && defect == .sharedFrameShowsBothPicks
        if revealed || own || shared || defect == .leaksTheOtherPick || (spectator && defect == .leaksToTheSpectator) {
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
        // Each seat sees its own aim; a spectator none (the broken copy: everyone sees every aim).
        let aims = model.defect == .showsEveryAim ? [0, 1] : model.aimer(seat).map { [$0] } ?? []
        for index in aims { frame.write("aim \(model.state.aims[index])", row: 4 + index, column: 1) }
        if model.defect == .addressesTheSpectator, seat == nil, model.seating == .room, !model.revealed {
            frame.write("Your turn", row: 6, column: 1)
        }
        return frame
    }
    func bindings(_ model: SeatProbeModel) -> [KeyBinding<SeatProbeModel.Intent>] { bindings(model, for: nil) }
    func bindings(_ model: SeatProbeModel, for seat: Seat?) -> [KeyBinding<SeatProbeModel.Intent>] {
        let mine = model.canPick(seat)
        let aims = model.aimer(seat) != nil
        let hidden: [KeyBinding<SeatProbeModel.Intent>] = model.defect == .locksAKeyItTakes && aims && !mine
            ? [.keys(.enter, label: "lock in", hint: false, .aim(1))]
            : model.defect == .promisesNothingToASeat && seat != nil ? [.keys(.character("z"), label: "zap", .aim(0))] : []
        // Each key enabled only where it does something (the seats check warns otherwise).
        let own = model.actor(seat).flatMap { model.state.picks[$0] }, aim = model.aimer(seat).map { model.state.aims[$0] }
        return hidden + (1...3).map { .keys(.digit($0), label: "pick", enabled: mine && own != $0, .pick($0)) }
            + [.keys(.left, label: "aim", enabled: aims && aim != 1, .aim(-1)),
               .keys(.right, label: "aim", enabled: aims && aim != 3, .aim(1))]
            + [.keys(.enter, label: "lock in", enabled: mine && own != nil, .lock),
               .keys(.character("n"), label: "again", enabled: model.revealed, .again)]
    }
}
