import GameHost

// A tiny complete module for the host's own tests: a counter raised with ↑ up to a limit.
// (It is the guide's running example, docs/guide.md; the guide starts from Scaffold/, which is built and tested too.)

// Model/Counter.swift — values and rules; Foundation at most.
struct Counter: Equatable, Encodable {
    var value = 0
    mutating func add(_ amount: Int, limit: Int) { value = min(limit, value + amount) }
}

// Model/CounterPreferences.swift — the settings, one value type.
public struct CounterPreferences: Sendable, Equatable {
    public enum Step: String, CaseIterable, Sendable, PreferenceChoice { case one, two }
    public var limit = 5
    public var step = Step.one
    public init() {}
}

// ViewModel/CounterViewModel.swift — state and intents; no terminal code.
final class CounterViewModel: ViewModel {
    enum Intent: String, Codable, Sendable { case add, reset }

    let preferences: CounterPreferences
    private(set) var counter = Counter()

    init(_ preferences: CounterPreferences) {
        self.preferences = preferences
    }

    var state: Counter { counter }
    var isFull: Bool { counter.value == preferences.limit }

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .add:
            counter.add(preferences.step == .one ? 1 : 2, limit: preferences.limit)
            if isFull { return [.reportRound(RoundResult(score: counter.value, summary: "reached \(counter.value)"))] }
        case .reset:
            counter = Counter()
        }
        return []
    }
}

// View/CounterView.swift — draws and binds keys; decides nothing.
struct CounterView: ScreenView {
    func title(_ model: CounterViewModel) -> String { "Counter" }

    func render(_ model: CounterViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        frame.center("Count: \(model.counter.value) of \(model.preferences.limit)", row: size.height / 2, style: .bold)
        return frame
    }

    func bindings(_ model: CounterViewModel) -> [KeyBinding<CounterViewModel.Intent>] {
        [.keys(.up, label: "add", enabled: !model.isFull, .add),
         .keys(.character("r"), label: "reset", .reset)]
    }
}

// CounterGame.swift — the module: who it is, its preferences, its first screen.
public enum CounterGame: GameModule {
    public static let info = GameInfo(id: "counter", title: "Counter", summary: "Count up to a limit")

    public static let preferences = PreferenceSchema(defaults: CounterPreferences(), fields: [
        .integer("limit", \.limit, in: 1...9, label: "Limit", help: "Where counting stops"),
        .choice("step", \.step, label: "Step", help: "How much ↑ adds"),
    ])

    public static func makeRoot(_ preferences: CounterPreferences, _ context: GameContext) -> Screen {
        Screen(id: "counter.main", model: CounterViewModel(preferences), view: CounterView())
    }
}
