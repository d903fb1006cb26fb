#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The running launcher: a navigation stack of screens, the keys every screen shares, and
/// the frame around the top screen. Terminal runtimes and the test driver both drive one.
///
/// Key order: Ctrl-C quits; then the top screen's own bindings (a disabled one swallows its
/// key); then its text field, if one takes typing; then q/Esc (back) and ? (help).
public final class Session {
    public struct Setup {
        /// Games in menu order.
        public var games: [GameEntry]
        public var preferences: PreferenceStore
        public var scores: ScoreBook
        /// The data directory; each game gets its own folder in it.
        public var dataDirectory: String
        public var seed: UInt64
        public var clock: () -> Date
        /// Where dates are shown in. The default is looked up when a date is shown, not at
        /// every start (finding the current zone reads the zone files).
        public var timeZone: TimeZone

        public init(games: [GameEntry], preferences: PreferenceStore, scores: ScoreBook,
                    dataDirectory: String, seed: UInt64, clock: @escaping () -> Date,
                    timeZone: TimeZone = .autoupdatingCurrent) {
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

    public struct TraceRecord: Encodable {
        public let key: Key
        public let screen: String
        public let intent: AnyEncodable?
        public let state: AnyEncodable?
    }

    let setup: Setup
    private(set) var stack: [Layer] = []
    /// Messages for the player, shown above the footer until the next key.
    public private(set) var notices: [String] = []
    /// Every message shown so far, for tests.
    public private(set) var noticeLog: [String] = []
    public private(set) var isFinished = false
    /// Receives one record per handled key, for `--trace`.
    public var trace: ((TraceRecord) -> Void)?
    private var launches = 0
    /// One store per game for the whole session, so a game started again finds what it
    /// read last time still decoded.
    private var stores: [String: DataStore] = [:]
    /// A game whose first screen is being made, and the screens it pushed meanwhile.
    var opening: (launch: Launch, screens: [Screen])?

    public init(_ setup: Setup) {
        self.setup = setup
        let menu = MenuViewModel(games: setup.games.map(\.info),
                                 open: { [unowned self] in openForm($0) },
                                 showScores: { [unowned self] in showScores($0) })
        push(Layer(screen: Screen(id: "host.menu", model: menu, view: MenuView()), launch: nil))
    }

    /// Opens a game over the menu, with its preferences between them, so back still leads
    /// to the launcher.
    public func play(_ id: String) {
        guard let index = setup.games.firstIndex(where: { $0.id == id }) else { return }
        while stack.count > 1 { popTop() }
        if let menu = stack.first?.screen.model as? MenuViewModel { menu.handle(.select(index)) }
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
        guard let top = stack.last?.screen, !isFinished else { return }
        notices.removeAll()
        var intent: AnyEncodable?
        defer { record(key, intent: intent) }

        if key == .control("c") {
            intent = AnyEncodable("quit")
            finish()
            return
        }
        let bindings = top.bindings()
        if let binding = bindings.first(where: { $0.keys.contains(key) }) {
            if binding.isEnabled, let resolved = binding.resolve(key) {
                intent = AnyEncodable(resolved.value)
                resolved.perform()
            }
            return
        }
        if case .character = key, let text = bindings.first(where: { $0.acceptsText && $0.isEnabled }),
           let resolved = text.resolve(key) {
            intent = AnyEncodable(resolved.value)
            resolved.perform()
            return
        }
        switch key {
        case .escape, .character("q"):
            intent = AnyEncodable("back")
            popTop()
        case .character("?"):
            intent = AnyEncodable("help")
            showHelp(for: top, bindings: bindings)
        default:
            break
        }
    }

    private func record(_ key: Key, intent: AnyEncodable?) {
        guard let trace else { return }
        let top = stack.last?.screen
        trace(TraceRecord(key: key, screen: top?.id ?? "", intent: intent,
                          state: top.map { AnyEncodable($0.state()) }))
    }

    // MARK: - Navigation

    func push(_ layer: Layer) {
        stack.append(layer)
    }

    func popTop() {
        guard let layer = stack.popLast() else { return }
        layer.onPop?()
        if stack.isEmpty { finish() }
    }

    private func finish() {
        isFinished = true
    }

    private func openForm(_ id: String) {
        guard let entry = setup.games.first(where: { $0.id == id }) else { return }
        let form = PreferencesFormViewModel(
            game: entry.info, schema: entry.schema, mode: .launch,
            actions: formActions(entry, play: { [unowned self] in launch(entry) }, done: {}))
        push(Layer(screen: Screen(id: "host.preferences", model: form, view: PreferencesFormView()), launch: nil))
    }

    func formActions(_ entry: GameEntry, play: @escaping () -> Void,
                             done: @escaping () -> Void) -> PreferencesFormViewModel.Actions {
        let preferences = setup.preferences
        return .init(save: { try preferences.set(entry.id, key: $0, to: $1) },
                     reset: { try preferences.reset(entry.id) },
                     values: { preferences.effective(entry.id) },
                     source: { preferences.source(entry.id, key: $0) },
                     play: play,
                     scores: { [unowned self] in showScores(entry.id) },
                     done: done)
    }

    private func showScores(_ id: String) {
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
        let help = HelpViewModel(screenTitle: screen.title(), entries: entries,
                                 close: { [unowned self] in popTop() })
        push(Layer(screen: Screen(id: "host.help", model: help, view: HelpView()), launch: nil))
    }

    /// Starts a game from its first screen with its effective preferences.
    private func launch(_ entry: GameEntry) {
        // The first game gets the session's seed itself, so `--seed N` means the same game
        // whether it is started from the menu or with `play`.
        let seed = setup.seed &+ UInt64(launches) &* 0x9E37_79B9_7F4A_7C15
        launches += 1
        let context = GameContext(gameID: entry.id, seed: seed, storage: storage(for: entry.id), clock: setup.clock)
        context.navigator = self
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

    /// Makes a game's first screen and puts it on the stack. Screens the game pushes while
    /// its first screen is being made (to open on the level played last, say) go above it,
    /// so back still leads through the first screen.
    private func pushRoot(_ launch: Launch) {
        opening = (launch, [])
        let root = launch.entry.makeRoot(launch.values, launch.context)
        let above = opening?.screens ?? []
        opening = nil
        push(Layer(screen: root, launch: launch, isGameRoot: true))
        for screen in above { push(Layer(screen: screen, launch: launch)) }
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
