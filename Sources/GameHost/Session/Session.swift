import Foundation

/// The running launcher: a navigation stack of screens, the keys every screen shares, the
/// host's clock, and the frame around the top screen. Terminal runtimes and the test driver
/// both drive one.
///
/// Key order: Ctrl-C quits; then the top screen's own bindings (a disabled one swallows its
/// key); then its text field, if one takes typing; then q/Esc (back) and ? (help). Every
/// intent's effects are carried out here, after the view model has handled it.
public final class Session {
    public struct Setup {
        /// Games in menu order.
        public var games: [GameEntry]
        public var preferences: PreferenceStore
        public var scores: ScoreBook
        /// The data directory; each game gets its own folder in it.
        public var dataDirectory: String
        public var seed: UInt64
        /// The time of a key as it arrives (the real clock, or a test's).
        public var clock: () -> Date
        /// Where dates are shown in.
        public var timeZone: TimeZone

        public init(games: [GameEntry], preferences: PreferenceStore, scores: ScoreBook,
                    dataDirectory: String, seed: UInt64, clock: @escaping () -> Date,
                    timeZone: TimeZone = .current) {
            self.games = games
            self.preferences = preferences
            self.scores = scores
            self.dataDirectory = dataDirectory
            self.seed = seed
            self.clock = clock
            self.timeZone = timeZone
        }
    }

    /// One game being played: its context and the preferences it was started with.
    final class Launch {
        let entry: GameEntry
        let context: GameContext
        var values: PreferenceValues

        init(entry: GameEntry, context: GameContext, values: PreferenceValues) {
            self.entry = entry
            self.context = context
            self.values = values
        }
    }

    struct Layer {
        let screen: Screen
        let launch: Launch?
        var isGameRoot = false
        var onPop: (() -> Void)?
    }

    /// What reached the session: a key, or time passing for a screen.
    public enum Input: Equatable, Sendable {
        case key(Key)
        /// A tick of the top screen's `ticks`.
        case tick
        /// A one-shot timer a screen asked for with `Effect.after`.
        case timer
        /// An intent sent by the test kit, not through a key.
        case intent
        /// A click or a turn of the wheel.
        case mouse(MouseEvent)
        /// Text the terminal marked as pasted.
        case paste
    }

    public struct TraceRecord: Encodable {
        public let input: String
        /// Seconds since the session started, on the host's clock.
        public let time: Double
        public let screen: String
        public let intent: AnyEncodable?
        public let effects: [String]
        public let state: AnyEncodable?
    }

    let setup: Setup
    private(set) var stack: [Layer] = []
    /// Messages for the player, shown above the footer until the next key.
    public internal(set) var notices: [String] = []
    /// Every message shown so far, for tests.
    public private(set) var noticeLog: [String] = []
    public private(set) var isFinished = false
    /// The size frames are shown at; clicks are matched against the frame of this size.
    /// The runners set it (and keep it up to date on resize), the test driver too.
    public var screenSize = Size(width: 80, height: 24)
    /// Receives one record per input, for `--trace`.
    public var trace: ((TraceRecord) -> Void)?
    /// The time of the input being handled: a key's arrival, or the moment a tick was due.
    public internal(set) var now: Date
    private let startTime: Date
    var timers = Timers()
    private var launches = 0
    /// One store per game for the whole session, so a game started again finds what it
    /// read last time still decoded.
    private var stores: [String: DataStore] = [:]
    private let menu: MenuViewModel

    public init(_ setup: Setup) {
        self.setup = setup
        now = setup.clock()
        startTime = now
        menu = MenuViewModel(games: setup.games.map(\.info))
        push(Layer(screen: Screen(id: "host.menu", model: menu, view: MenuView()), launch: nil))
    }

    /// Opens a game over the menu, with its preferences between them, so back still leads
    /// to the launcher.
    public func play(_ id: String) {
        guard let index = setup.games.firstIndex(where: { $0.id == id }) else { return }
        while stack.count > 1 { popTop() }
        _ = menu.handle(.select(index))
        openForm(id)
        launch(setup.games[index])
    }

    /// Adds a message for the player (a corrupt file moved aside, a refused action).
    public func notify(_ message: String) {
        notices.append(TextSanitizer.clean(message))
        noticeLog.append(TextSanitizer.clean(message))
    }

    public var topScreen: Screen? { stack.last?.screen }
    public var screenIDs: [String] { stack.map(\.screen.id) }

    // MARK: - Keys

    public func handle(_ key: Key) {
        // Time passed before the key came: what fell due meanwhile happens first.
        advanceTime(to: setup.clock())
        guard let top = stack.last?.screen, !isFinished else { return }
        notices.removeAll()
        let (intent, effects) = respond(to: key, on: top)
        record(.key(key), intent: intent, effects: effects)
    }

    /// What a key does on the top screen; a click on a footer hint does the same.
    func respond(to key: Key, on top: Screen) -> (intent: AnyEncodable?, effects: [HostEffect]) {
        if key == .control("c") {
            finish()
            return (AnyEncodable("quit"), [])
        }
        let bindings = top.bindings()
        if let binding = bindings.first(where: { $0.keys.contains(key) }) {
            if binding.isEnabled, let resolved = binding.resolve(key) {
                return (AnyEncodable(resolved.value), perform(resolved))
            }
            return (nil, [])
        }
        if case .character = key, let text = bindings.first(where: { $0.acceptsText && $0.isEnabled }),
           let resolved = text.resolve(key) {
            return (AnyEncodable(resolved.value), perform(resolved))
        }
        switch key {
        case .escape, .character("q"):
            popTop()
            return (AnyEncodable("back"), [])
        case .character("?"):
            showHelp(for: top, bindings: bindings)
            return (AnyEncodable("help"), [])
        default:
            return (nil, [])
        }
    }

    /// Sends an intent straight to the top screen, as its key or click would, effects and
    /// all; false when the top screen's intents are of another type. For the test kit.
    @discardableResult
    package func send(_ value: Any) -> Bool {
        advanceTime(to: setup.clock())
        guard !isFinished, let intent = stack.last?.screen.intent(value) else { return false }
        notices.removeAll()
        let effects = perform(intent)
        record(.intent, intent: AnyEncodable(intent.value), effects: effects)
        return true
    }

    /// Handles an intent and carries out its effects.
    func perform(_ intent: HostIntent) -> [HostEffect] {
        let launch = stack.last?.launch
        let source = stack.last?.screen
        let effects = intent.perform()
        carryOut(effects, from: source, launch: launch)
        rescheduleTicks()
        return effects
    }

    func record(_ input: Input, intent: AnyEncodable?, effects: [HostEffect]) {
        guard let trace else { return }
        let top = stack.last?.screen
        let name: String
        switch input {
        case .key(let key): name = key.name
        case .tick: name = "tick"
        case .timer: name = "timer"
        case .intent: name = "intent"
        case .mouse(let event): name = event.description
        case .paste: name = "paste"
        }
        trace(TraceRecord(input: name, time: now.timeIntervalSince(startTime), screen: top?.id ?? "",
                          intent: intent,
                          effects: effects.map(\.description),
                          state: top.map { AnyEncodable($0.state()) }))
    }

    // MARK: - Navigation

    func push(_ layer: Layer) {
        stack.append(layer)
        carryOut(layer.screen.start(), from: layer.screen, launch: layer.launch)
        rescheduleTicks()
    }

    func popTop() {
        guard let layer = stack.popLast() else { return }
        layer.onPop?()
        if stack.isEmpty { finish() }
        rescheduleTicks()
    }

    private func finish() {
        isFinished = true
    }

    func openForm(_ id: String) {
        guard let entry = setup.games.first(where: { $0.id == id }) else { return }
        let form = PreferencesFormViewModel(
            game: entry.info, schema: entry.schema, mode: .launch, store: formStore(entry),
            play: .session("launch(\(entry.id))") { $0.launch(entry) })
        push(Layer(screen: Screen(id: "host.preferences", model: form, view: PreferencesFormView()), launch: nil))
    }

    func formStore(_ entry: GameEntry) -> PreferencesFormViewModel.Store {
        let preferences = setup.preferences
        return .init(save: { try preferences.set(entry.id, key: $0, to: $1) },
                     reset: { try preferences.reset(entry.id) },
                     values: { preferences.effective(entry.id) },
                     source: { preferences.source(entry.id, key: $0) })
    }

    func showScores(_ id: String) {
        guard let entry = setup.games.first(where: { $0.id == id }) else { return }
        let model = ScoresViewModel(game: entry.info, rounds: setup.scores.rounds(game: id),
                                    timeZone: setup.timeZone)
        push(Layer(screen: Screen(id: "host.scores", model: model, view: ScoresView()), launch: nil))
    }

    private func showHelp(for screen: Screen, bindings: [ScreenBinding]) {
        var entries = bindings.map {
            HelpViewModel.Entry(keys: $0.acceptsText ? "letters" : $0.keys.map(\.symbol).joined(separator: " "),
                                label: $0.label, enabled: $0.isEnabled)
        }
        entries.append(.init(keys: "q Esc", label: stack.count > 1 ? "back" : "quit", enabled: true))
        entries.append(.init(keys: "?", label: "this help", enabled: true))
        entries.append(.init(keys: "^C", label: "quit GameHost", enabled: true))
        let help = HelpViewModel(screenTitle: screen.title(), entries: entries)
        push(Layer(screen: Screen(id: "host.help", model: help, view: HelpView()), launch: nil))
    }

    /// Starts a game from its first screen with its effective preferences.
    func launch(_ entry: GameEntry) {
        // The first game gets the session's seed itself, so `--seed N` means the same game
        // whether it is started from the menu or with `play`.
        let seed = setup.seed &+ UInt64(launches) &* 0x9E37_79B9_7F4A_7C15
        launches += 1
        let context = GameContext(gameID: entry.id, seed: seed, storage: storage(for: entry.id),
                                  clock: { [unowned self] in now })
        let values = setup.preferences.effective(entry.id)
        let launch = Launch(entry: entry, context: context, values: values)
        pushRoot(launch)
    }

    private func storage(for id: String) -> DataStore {
        if let store = stores[id] { return store }
        let store = DataStore(directory: setup.dataDirectory + "/" + id, now: setup.clock,
                              report: { [weak self] in self?.notify($0) })
        stores[id] = store
        return store
    }

    /// After the in-game preferences sheet closes: new values restart the game with them.
    func preferencesClosed(_ launch: Launch) {
        let values = setup.preferences.effective(launch.entry.id)
        guard values != launch.values,
              let root = stack.firstIndex(where: { $0.isGameRoot && $0.launch === launch }) else { return }
        launch.values = values
        stack.removeSubrange(root...)
        pushRoot(launch)
    }

    /// Makes a game's first screen and puts it on the stack; what its `start` asks for
    /// (another screen, say) goes above it, so back still leads through the first screen.
    private func pushRoot(_ launch: Launch) {
        let root = launch.entry.makeRoot(launch.values, launch.context)
        push(Layer(screen: root, launch: launch, isGameRoot: true))
    }
}

/// Wraps any encodable value so records can hold intents and states of every screen.
public struct AnyEncodable: Encodable {
    private let value: any Encodable

    public init(_ value: any Encodable) {
        self.value = value
    }

    public func encode(to encoder: Encoder) throws {
        try value.encode(to: encoder)
    }
}
