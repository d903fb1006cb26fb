#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything only a hosted session does, in one place, so that `Session` reads as one
/// terminal's launcher: the player's line in the host's registry of who is online and the
/// watchers' count, the lobby, rooms, take-over, the shared board, and the file work left for
/// after a frame. A session on one's own terminal has none (`Session.hosting` nil).
public final class HostedServices {
    /// What a hosted session is made from, beside `Session.Setup`.
    public struct Setup {
        /// The player this SSH connection is for.
        public var player: HostedPlayer
        /// How long a session waits for a key before it saves and ends (`hosting.idleTimeout`);
        /// nil: forever.
        public var idleTimeout: Duration?
        /// Seconds a room stays with every seat away before it ends (`hosting.roomTimeout`).
        public var roomTimeout: Double = 600
        /// The most bytes a game's journal grows to (`hosting.maxJournalKB`); nil: no limit.
        public var journalLimit: Int?
        /// The cap on the player's whole folder (`hosting.maxDataKB`); nil: none.
        public var dataLimit: FolderLimit?
        /// The host's limit on sessions (`hosting.maxSessions`), for the host log's advice
        /// when inotify runs out.
        public var maxSessions = HostingConfig().maxSessions
        /// Opens the player's account (their keys) over the top screen, from the lobby.
        var openAccount: ((Session) -> Void)?

        /// A hosted player's setup, with no limits.
        public init(player: HostedPlayer) {
            self.player = player
        }
    }

    let setup: Setup
    var player: HostedPlayer { setup.player }
    unowned let session: Session
    /// The session's file in the host's registry of who is online.
    let presence: SessionPresence
    /// The host's rooms.
    let rooms: Rooms
    /// The host's shared best rounds; made on first use, telling this session's player about
    /// a board file moved aside.
    lazy var scoreboard = HostBoard(directory: player.scoreboardDirectory, now: session.setup.clock,
                                     report: { [unowned self] in session.notify($0) })
    /// The session's one inotify instance, which its folder watchers share (the watchers'
    /// folder's, an open room's); nil where the kernel refused one (told once in the host's
    /// log): a room then reads its journal at its own pace. Tests set it to nil before a room
    /// opens to play without a watcher.
    package var folders: Inotify?
    /// A room's journal watcher the runner waits on beside the keyboard, and what to do when
    /// its folder changed; set while a room's screen is open.
    var wake: (watcher: FolderWatcher, screen: Screen, intent: Any, changedNothing: () -> Bool)?
    /// File work an input left for after its frame (`flushDeferred`).
    var afterFrame: [() -> Void] = []
    /// When the session times out for want of a key (see `Setup.idleTimeout`).
    var idleDue: Duration?

    init(_ setup: Setup, session: Session) {
        self.setup = setup
        self.session = session
        presence = SessionPresence(player: setup.player, size: session.screenSize, now: session.wallNow)
        rooms = Rooms(directory: setup.player.hostDirectory + "/rooms")
        idleDue = setup.idleTimeout
        openFolders()
        // A dropped connection or a crash leaves no line of a session that is gone.
        RawTerminal.onFatalSignal(removePresenceFromSignalHandler)
    }

    /// Opens the session's inotify instance (`make`: the kernel's, or a test's refusal) and
    /// watches the watchers' folder in it; the operator is told once when it is refused.
    package func openFolders(_ make: () throws(InotifyRefusal) -> Inotify = { () throws(InotifyRefusal) in try Inotify() }) {
        do {
            folders = try make()
        } catch {
            folders = nil
            tellOperator(InotifyLimit.refused(error: error.errno, limit: InotifyLimit.current(),
                                              maxSessions: setup.maxSessions))
        }
        presence.watchersWatcher = watch(presence.watchersFolder)
    }

    /// A watcher of `folder` in the session's inotify instance; nil without one, or when the
    /// kernel refuses the watch (at its limit, told in the host's log).
    func watch(_ folder: String) -> FolderWatcher? {
        guard let folders else { return nil }
        do {
            return try folders.watch(folder)
        } catch {
            if error.errno == ENOSPC { tellOperator(InotifyLimit.watchRefused(error: error.errno)) }
            return nil
        }
    }

    /// Says `message` in the host's log, once for the whole host.
    func tellOperator(_ message: String) {
        HostLog(hostDirectory: player.hostDirectory).once(message, now: session.wallNow)
    }

    /// The session's first screens: the lobby over the menu, and an offer to take over
    /// another connection's game; the board gets back the rounds it lost.
    func start() {
        reconcileBoard()
        showLobby()
        InProcessSessions.add(session, id: presence.id)
        offerTakeOver()
    }

    /// After an input (nil: a resize): the game now played, the terminal's size and, for the
    /// player's own inputs, the time, for the registry (written by `flushDeferred`).
    func noteInput(_ input: Session.Input?) {
        let time = session.wallNow
        var game: (id: String, title: String, started: Date)?
        if let launch = session.stack.last(where: { $0.launch != nil })?.launch {
            let key = ObjectIdentifier(launch)
            if presence.playing?.launch != key { presence.playing = (key, time) }
            game = (launch.entry.id, launch.entry.info.title, presence.playing?.since ?? time)
        } else {
            presence.playing = nil
        }
        var byPlayer = false
        switch input {
        case .key, .mouse, .paste, .intent: byPlayer = true
        case .tick, .timer, .hold, nil: break
        }
        presence.update(game: game, size: session.screenSize, input: byPlayer ? time : nil,
                        place: PresencePlace.of(session))
    }

    /// The registry's line, the watchers' count, a room's round: after the frame.
    func flush() {
        presence.flush(at: session.wallNow)
        runAfterFrame()
    }

    func runAfterFrame() {
        while !afterFrame.isEmpty { afterFrame.removeFirst()() }
    }

    /// The session ends: what waited for a frame is done, and its registry line goes.
    func finish() {
        runAfterFrame()
        presence.leave()
    }

    /// What the runner waits on beside the keyboard: the session's inotify instance (an open
    /// room's folder: another seat's input wakes this one at once; the watchers' folder:
    /// someone began or stopped watching), and SIGUSR1 (another connection of the player
    /// takes the game over: `takenOver`).
    var wakeSources: [WakeSource] {
        var sources: [WakeSource] = []
        if let signal = RawTerminal.userSignalDescriptor {
            sources.append(WakeSource(descriptor: signal) { [unowned self] in takeOverAsked(on: signal) })
        }
        if let descriptor = foldersDescriptor {
            sources.append(WakeSource(descriptor: descriptor) { [unowned self] in foldersChanged() })
        }
        return sources
    }

    /// Readable when a watched folder changed (see `wakeSources`).
    package var foldersDescriptor: Int32? {
        (wake?.watcher ?? presence.watchersWatcher)?.descriptor
    }

    /// A watched folder changed: the room's screen hears of its folder's changes, the header
    /// of a watcher's coming or going. True when there may be something new to draw.
    package func foldersChanged() -> Bool {
        var fresh = false
        // Until neither folder has news: reading one folder's events reads the instance's, so
        // what came for the other meanwhile is already out of the kernel, and would wake no one.
        while true {
            if let watcher = wake?.watcher, watcher.hasChanges() {
                fresh = wakeUp() || fresh
                // Taken by the room's screen; if it is gone, no one else wants them.
                watcher.changed = []
            } else if let watcher = presence.watchersWatcher, watcher.hasChanges() {
                fresh = watchersChanged() || fresh
                watcher.changed = []
            } else {
                return fresh
            }
        }
    }

    /// Someone started or stopped watching: counted again now; true when the header changes.
    @discardableResult
    package func watchersChanged() -> Bool {
        presence.watchersWatcher?.drain()
        return presence.countWatchers(at: session.wallNow, force: true) && presence.playing != nil
    }

    /// "2 watching", for the header of a player who is watched; nil when no one watches.
    var watchedText: String? {
        guard presence.watchers > 0, presence.playing != nil else { return nil }
        return "\(presence.watchers) watching"
    }

    /// Opens the lobby: who is online on this host, and what they play.
    func showLobby() {
        let registry = ConnectionRegistry(directory: player.sessionsDirectory)
        let cache = ConnectionRegistry.Cache()
        let rooms = rooms
        let timeout = setup.roomTimeout
        let model = LobbyViewModel(read: { registry.live(cache: cache) },
                                   rooms: { [unowned self] in rooms.live(now: session.wallNow, timeout: timeout) },
                                   me: ConnectionRegistry.id(of: presence.name),
                                   saved: { [unowned self] in session.savedRoundsNotice() },
                                   allowWatching: { [weak self] in self?.presence.allowWatching($0) },
                                   hasAccount: setup.openAccount != nil,
                                   clock: { [unowned self] in session.wallNow })
        session.push(Session.Layer(screen: Screen(id: "host.lobby", model: model, view: LobbyView()), owner: .host,
                                   onUncover: model.uncovered))
    }

    /// Watches another session's game live, from its player's journal; the registry counts
    /// this session among its watchers until the watch screen closes.
    func watch(_ watched: ConnectionRegistry.Entry) {
        // The name makes a path: one that is not a player's name leads nowhere.
        guard let id = watched.game, HostedPlayer.check(watched.player) == nil, let entry = session.entry(id) else { return }
        let registry = ConnectionRegistry(directory: player.sessionsDirectory)
        let journal = HostedPlayer(name: watched.player, hostDirectory: player.hostDirectory).dataDirectory
            + "/" + id + "/" + Session.journalName
        let model = WatchViewModel(entry: entry, player: watched.player, journal: journal,
                                   look: { registry.entry(watched.id) }, clock: { [unowned self] in session.elapsed.seconds })
        presence.watch(watched.id)
        session.push(Session.Layer(screen: Screen(id: "host.watch", model: model, view: WatchView()), owner: .host,
                                   onPop: { [weak self] in self?.presence.watch(nil) }))
    }
}

extension HostedServices: InputObserver {
    /// The idle time-out starts again and the registry's line is brought up to date; after
    /// the journal, so a round that came into play counts from this input.
    func didHandle(_ input: Session.Input, byGame: Bool, intent: AnyEncodable?, effects: [HostEffect],
                   in session: Session) {
        noteActivity(input)
        noteInput(input)
    }

    /// A round goes to the host's shared board under the player's name, with its journal: a
    /// room's at once, the session's own game's once the input that ended it is written
    /// (`GameJournal` hands it over then).
    func didReportRound(_ result: RoundResult, game: String, kept: String?, in session: Session) {
        guard kept != nil || !session.gameJournal.holds(game) else { return }
        addToBoard(result, game: game, journal: kept)
    }

    func addToBoard(_ result: RoundResult, game: String, journal: String?) {
        do {
            try scoreboard.record(result, player: player.name, game: game, journal: journal,
                                  order: session.scoreOrder(of: game))
        } catch {
            session.notify("The score could not be added to the host's scoreboard: \(error)")
        }
    }
}

extension Session {
    /// The file work inputs left for after their frame (see `HostedServices.flush`). Runners
    /// call it before waiting for the next input; the test driver after each.
    public func flushDeferred() {
        hosting?.flush()
    }

    /// What the runner waits on beside the keyboard: in a hosted session, its services'.
    package var wakeSources: [WakeSource] { hosting?.wakeSources ?? [] }
}
