#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The running launcher: a navigation stack of screens, the keys every screen shares, the
/// host's clock, and the frame around the top screen. Terminal runtimes and the test driver
/// both drive one.
///
/// Key order: Ctrl-C quits; then the top screen's own bindings (a disabled one swallows its
/// key); then its text field, if one takes typing; then q/Esc (back) and ? (help). Every
/// intent's effects are carried out here, after the view model has handled it.
public final class Session {
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

    /// A screen on the stack and whose it is: the host's own, or one launch's game.
    struct Layer {
        enum Owner {
            case host
            case game(Launch)
        }

        let screen: Screen
        let owner: Owner
        var isGameRoot = false
        var onPop: (() -> Void)?
        /// What its screen does when it is on top again (the lobby reads who is online anew).
        var onUncover: (() -> Void)?
        /// Whether, on top, it keeps `play` from opening this game over it: a take-over offer
        /// for that game is the way to it.
        var holdsBack: ((_ game: String) -> Bool)?

        /// The game's launch, on a game's layer.
        var launch: Launch? {
            if case .game(let launch) = owner { return launch }
            return nil
        }

        var isHost: Bool { launch == nil }
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
        case paste(String)
        /// The host stopped the top screen's time unasked (`ViewModel.hold`).
        case hold
    }

    let setup: Setup
    /// The screens, the host's and the games', with their clock and effects.
    let runner: GameRunner
    /// The screens, bottom first.
    var stack: [Layer] {
        get { runner.stack }
        set { runner.stack = newValue }
    }
    /// Messages for the player, shown above the footer until the next key.
    public internal(set) var notices: [String] = [] { didSet { drawn = nil } }
    /// Why the last key did nothing, shown like a notice until the next key (not logged).
    public internal(set) var refusal: String? { didSet { drawn = nil } }
    /// The frame last drawn at `screenSize`, while nothing that draws it has changed since: a
    /// click is matched against what the player sees, without drawing it again. Dropped when
    /// the stack, the notices or the footer change, and when any intent is carried out.
    var drawn: Frame?
    /// The header and footer last drawn, copied while what they show is the same.
    let chromeRows = ChromeRows()
    /// Every message shown so far, for tests.
    public private(set) var noticeLog: [String] = []
    /// Whether the player has quit; runners stop then.
    public var isFinished: Bool { runner.isStopped }
    /// The size frames are shown at (`terminalSize`, 80×24 when unknown); clicks are
    /// matched against the frame of this size.
    public var screenSize: Size { terminalSize ?? Size(width: 80, height: 24) }
    /// Whether frames reach the player with their styles (a terminal); false in plain mode,
    /// where the footer leaves out the keys it would have dimmed.
    public var showsStyles = true { didSet { drawn = nil } }
    /// The time of the input being handled: a key's arrival, or the moment a tick was due.
    public var now: Date { clock.now }
    /// The session's time since it started, exactly (see `SessionClock.elapsed`).
    public var elapsed: Duration { clock.elapsed }
    /// The session's time, and the ticks and timers its screens wait for.
    let clock: SessionClock
    /// The size of the terminal the player looks at, as the runner last saw it; nil when
    /// unknown. While the top screen does not fit it, only the host's keys act (the player
    /// cannot see what a key would do).
    public var terminalSize: Size? {
        didSet {
            guard terminalSize != oldValue else { return }
            hosting?.noteInput(nil)
            resized(from: oldValue)
        }
    }
    /// How the games this session starts seat their players: one shared terminal unless a
    /// room (or the conformance suite's room walks) says otherwise.
    package var seating: Seating = .oneTerminal
    private var launches = 0
    /// One store per game for the whole session, so a game started again finds what it
    /// read last time still decoded.
    var stores: [String: DataStore] = [:]
    private let menu: MenuViewModel
    /// The journal of the game being played.
    private(set) lazy var gameJournal = GameJournal(session: self)
    /// What follows each input handled, in order: the journal, hosting, the trace.
    var observers: [any InputObserver] = []
    /// Rounds reported so far, for the conformance suite.
    package internal(set) var roundsReported = 0
    /// All that only a hosted session does; nil on one's own terminal.
    package private(set) var hosting: HostedServices?
    /// Why the session ended, when it ended by itself (the idle time-out) or was ended from
    /// outside (another connection took the game over): printed once the terminal is restored.
    public internal(set) var farewell: String?

    /// A session showing the launcher menu.
    public init(_ setup: Setup) {
        self.setup = setup
        clock = SessionClock(source: setup.clock)
        runner = GameRunner(clock: clock)
        menu = MenuViewModel(games: setup.games.map(\.info), hasLobby: setup.hosting != nil)
        observers = [gameJournal]
        runOwnScreens()
        push(Layer(screen: Screen(id: "host.menu", model: menu, view: MenuView()), owner: .host))
        if let hosted = setup.hosting {
            let hosting = HostedServices(hosted, session: self)
            self.hosting = hosting
            observers.append(hosting)
            hosting.start()
        }
    }

    /// Opens a game over the menu, with its preferences between them, so back still leads
    /// to the launcher; `alone` (`gamehost play ID`): back from its preferences quits, so the
    /// shell is two q away from the game, not three.
    public func play(_ id: String, alone: Bool = false) {
        guard let index = setup.games.firstIndex(where: { $0.id == id }) else { return }
        // Asked for (`ssh HOST GAME`) while in play in another connection of this player: the
        // offer to take it over or watch it stays, as on a plain connection; its journal is there.
        if stack.last?.holdsBack?(id) == true { return }
        while stack.count > 1 { popTop() }
        _ = menu.handle(.select(index))
        openForm(id)
        if alone { stack[stack.count - 1].onPop = { [weak self] in self?.finish() } }
        launch(setup.games[index])
    }

    /// Adds a message for the player (a corrupt file moved aside, a refused action).
    public func notify(_ message: String) {
        notices.append(TextSanitizer.clean(message))
        noticeLog.append(TextSanitizer.clean(message))
    }

    /// The catalog's game with this id.
    func entry(_ id: String) -> GameEntry? { setup.games.first { $0.id == id } }

    /// The screen keys go to.
    public var topScreen: Screen? { stack.last?.screen }
    /// The ids of the stack, bottom first.
    public var screenIDs: [String] { stack.map(\.screen.id) }

    // MARK: - Navigation

    func push(_ layer: Layer) {
        // A host screen over a game in motion (help, preferences) stops its time.
        runner.push(layer)
    }

    func popTop() {
        runner.popTop()
    }

    func finish() {
        runner.isStopped = true
        hosting?.runAfterFrame()
        endJournal()
        hosting?.finish()
    }

    func openForm(_ id: String) {
        guard let entry = setup.games.first(where: { $0.id == id }) else { return }
        let form = PreferencesFormViewModel(
            game: entry.info, schema: entry.schema, mode: .launch, store: formStore(entry),
            play: .host(.launch(game: entry.id)))
        hosting?.offerRoom(on: form, for: entry)
        push(Layer(screen: Screen(id: "host.preferences", model: form, view: PreferencesFormView()), owner: .host))
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
        let order = entry.info.scoreOrder
        let board = hosting.map { hosting in
            { BoardRows(entries: hosting.scoreboard.entries(game: id, order: order), player: hosting.player.name) }
        }
        let model = ScoresViewModel(game: entry.info, rounds: setup.scores.rounds(game: id), board: board,
                                    timeZone: setup.timeZone) { [unowned self] round, place in
            // A round whose journal is not in the history cannot be played back: its row says why.
            guard let date = round.date else { return missingJournal(game: id, round: nil, place: place) }
            return Path.exists(historyPath(game: id, round: date)) ? nil
                : missingJournal(game: id, round: date, place: place)
        }
        push(Layer(screen: Screen(id: "host.scores", model: model, view: ScoresView()), owner: .host))
    }

    func showHelp(for screen: Screen, bindings: [ScreenBinding]) {
        let help = HelpViewModel(screen: screen, bindings: bindings, goesBack: stack.count > 1, page: currentContentSize)
        push(Layer(screen: Screen(id: "host.help", model: help, view: HelpView()), owner: .host))
    }

    /// Opens a game: the offer to resume its unfinished round if it has one, else a new game.
    func launch(_ entry: GameEntry) {
        if offerResume(entry) { return }
        startNew(entry)
    }

    /// Starts a game from its first screen with its effective preferences.
    func startNew(_ entry: GameEntry) {
        // The first game gets the session's seed itself, so `--seed N` means the same game
        // whether it is started from the menu or with `play`.
        let seed = setup.seed &+ UInt64(launches) &* 0x9E37_79B9_7F4A_7C15
        launches += 1
        let context = GameContext(gameID: entry.id, seed: seed, storage: storage(for: entry.id),
                                  clock: { [unowned self] in now }, seating: seating)
        let values = setup.preferences.effective(entry.id)
        let launch = Launch(entry: entry, context: context, values: values)
        pushRoot(launch)
    }

    /// After the in-game preferences sheet closes: new values restart the game with them; with
    /// a round in play the player is asked first (audit #8: a board under way was thrown away).
    func preferencesClosed(_ launch: Launch) {
        let values = setup.preferences.effective(launch.entry.id)
        guard values != launch.values, stack.contains(where: { $0.isGameRoot && $0.launch === launch }) else { return }
        let inPlay = stack.contains { $0.launch === launch && $0.screen.roundInPlay() == true }
        guard inPlay else { return restart(launch, with: values) }
        let ask = ApplyPreferencesViewModel(game: launch.entry.info, startNew: .host(.restart(game: launch.entry.id)))
        push(Layer(screen: Screen(id: "host.apply-preferences", model: ask, view: ApplyPreferencesView()), owner: .host))
    }

    /// Starts a game again from its first screen with new preferences.
    func restart(_ launch: Launch, with values: PreferenceValues) {
        guard let root = stack.firstIndex(where: { $0.isGameRoot && $0.launch === launch }) else { return }
        launch.values = values
        stack.removeSubrange(root...)
        pushRoot(launch)
    }

    /// Makes a game's first screen and puts it on the stack; what its `start` asks for
    /// (another screen, say) goes above it, so back still leads through the first screen.
    func pushRoot(_ launch: Launch) {
        beginJournal(launch)
        runner.pushRoot(launch)
    }
}

/// Wraps any encodable value so records can hold intents and states of every screen.
public struct AnyEncodable: Encodable {
    private let value: any Encodable

    /// Wraps any encodable value.
    public init(_ value: any Encodable) {
        self.value = value
    }

    /// Encodes the wrapped value.
    public func encode(to encoder: Encoder) throws {
        try value.encode(to: encoder)
    }
}
