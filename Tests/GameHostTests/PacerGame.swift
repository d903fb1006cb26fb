import GameHost

// A two-seat real-time game for the room clock's tests: once a seat presses ↑ the game ticks
// every 100 ms, and the log records each tick and each seat's ↑ in the order they came, so two
// copies that applied a tick on either side of an input differ. F makes it tick twice as fast.
final class PacerViewModel: ViewModel {
    enum Intent: String, Codable, Sendable { case mark, tick, stop, faster }

    private(set) var log: [String] = []
    private(set) var count = 0
    private(set) var running = false

    var state: [String] { log }
    static let interval = Duration.milliseconds(100)
    private(set) var interval = PacerViewModel.interval
    var ticks: Ticks<Intent>? { running ? Ticks(every: interval, .tick) : nil }

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
        case .faster:
            interval /= 2
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
        [.keys(.up, label: "mark", .mark), .keys(.character("s"), label: "stop", .stop),
         .keys(.character("f"), label: "faster", .faster)]
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
