import GameHost

// A real-time game of two seats for the room's clock (issue 39): a number that every tick
// turns (times 3, plus 1, modulo 1000) and a seat's push adds to (7 for player 1, 14 for
// player 2), so a push and a tick give another number in the other order. In a room both
// push at once, each from their own terminal.

/// What a copy of the tick probe gets wrong. Each copy gives the same states on one terminal
/// and in one session, read after every input as the suite's other walks read them.
enum TickDefect: Sendable {
    case none
    /// Counts its ticks and applies them only when its state is read or drawn: a process that
    /// reads a tick and a later push together applies the push first.
    case appliesTicksWhenLooked
    /// Moves once each time its state is read or drawn after any number of ticks, as an
    /// animation moves per frame: the process keeping the room's clock, which draws after every
    /// tick it writes, runs ahead of the others.
    case movesPerFrameDrawn
}

protocol TickProbeModule: GameModule where Preferences == NoPreferences {
    static var defect: TickDefect { get }
}

extension TickProbeModule {
    static var info: GameInfo { GameInfo(id: "probe-ticks", title: "Tick probe", summary: "Push the number in time") }
    static func seats(_ preferences: NoPreferences) -> Int { 2 }
    static func makeRoot(_ preferences: NoPreferences, _ context: GameContext) -> Screen {
        Screen(id: info.id + ".main", model: TickProbeModel(defect, seating: context.seating), view: TickProbeView())
    }
}

enum HealthyTickProbe: TickProbeModule { static let defect = TickDefect.none }
enum LookedTicksProbe: TickProbeModule { static let defect = TickDefect.appliesTicksWhenLooked }
enum FrameTicksProbe: TickProbeModule { static let defect = TickDefect.movesPerFrameDrawn }

final class TickProbeModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable { case push, tick }

    struct State: Encodable {
        var number: Int
        var pushes: [Int]
    }

    let defect: TickDefect
    let seating: Seating
    private var number = 1
    private var pushes = [0, 0]
    /// Ticks come but not yet applied (the broken copies only).
    private var owed = 0

    init(_ defect: TickDefect, seating: Seating) {
        self.defect = defect
        self.seating = seating
    }

    /// Read by the host and the suite after inputs, and by the view: where the broken copies
    /// catch up.
    var state: State {
        catchUp()
        return State(number: number, pushes: pushes)
    }

    var shown: String {
        catchUp()
        return "number \(number) · pushes \(pushes[0]) and \(pushes[1])"
    }

    var ticks: Ticks<Intent>? { Ticks(every: .milliseconds(100), .tick) }

    func handle(_ intent: Intent) -> [Effect<Intent>] { handle(intent, from: nil) }

    func handle(_ intent: Intent, from seat: Seat?) -> [Effect<Intent>] {
        switch intent {
        case .tick:
            if defect == .none { turn() } else { owed += 1 }
        case .push:
            // On one terminal a push is player 1's; in a room a spectator (nil) pushes nothing.
            guard let index = seat?.index ?? (seating == .oneTerminal ? 0 : nil), index < 2 else { return [] }
            pushes[index] += 1
            number = (number + 7 * (index + 1)) % 1_000
        }
        return []
    }

    private func turn() { number = (number * 3 + 1) % 1_000 }

    private func catchUp() {
        switch defect {
        case .none: break
        case .appliesTicksWhenLooked: for _ in 0..<owed { turn() }
        case .movesPerFrameDrawn: if owed > 0 { turn() }
        }
        owed = 0
    }
}

struct TickProbeView: ScreenView {
    func title(_ model: TickProbeModel) -> String { "Tick probe" }
    func render(_ model: TickProbeModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        frame.write(model.shown, row: 1, column: 1)
        return frame
    }
    func bindings(_ model: TickProbeModel) -> [KeyBinding<TickProbeModel.Intent>] {
        [.keys(.character("p"), label: "push", .push)]
    }
}
