import GameHost

// A two-seat real-time game for the room clock's tests: once a seat presses ↑ the game ticks
// every 100 ms, and the log records each tick and each seat's ↑ in the order they came, so two
// copies that applied a tick on either side of an input differ.
final class PacerViewModel: ViewModel {
    enum Intent: String, Codable, Sendable { case mark, tick, stop }

    private(set) var log: [String] = []
    private(set) var count = 0
    private(set) var running = false

    var state: [String] { log }
    static let interval = Duration.milliseconds(100)
    var ticks: Ticks<Intent>? { running ? Ticks(every: Self.interval, .tick) : nil }

    func handle(_ intent: Intent) -> [Effect<Intent>] { handle(intent, from: nil) }

    func handle(_ intent: Intent, from seat: Seat?) -> [Effect<Intent>] {
        switch intent {
        case .mark:
            running = true
            log.append("seat \((seat?.index ?? 0) + 1)")
        case .tick:
            count += 1
            log.append("tick \(count)")
        case .stop:
            running = false
        }
        return []
    }
}

struct PacerView: ScreenView {
    func title(_ model: PacerViewModel) -> String { "Pacer" }

    func render(_ model: PacerViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        frame.write("ticks \(model.count): " + model.log.suffix(6).joined(separator: ", "), row: 1, column: 0)
        return frame
    }

    func bindings(_ model: PacerViewModel) -> [KeyBinding<PacerViewModel.Intent>] {
        [.keys(.up, label: "mark", .mark), .keys(.character("s"), label: "stop", .stop)]
    }
}

public enum PacerGame: GameModule {
    public static let info = GameInfo(id: "pacer", title: "Pacer", summary: "Two seats on one clock")
    public static let preferences = PreferenceSchema(defaults: DuelPreferences(), fields: [])
    public static func seats(_ preferences: DuelPreferences) -> Int { 2 }
    public static func makeRoot(_ preferences: DuelPreferences, _ context: GameContext) -> Screen {
        Screen(id: "pacer.main", model: PacerViewModel(), view: PacerView())
    }
}
