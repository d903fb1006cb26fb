#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A hosted session keeps its line of the host's registry of who is online up to date, and
/// opens the lobby that lists the others. Off a host (`Setup.player` nil) none of it runs.
extension Session {
    /// The real time: after a resume the game's own clock runs behind it (`clockShift`).
    var wallNow: Date { now.addingTimeInterval(-clockShift) }

    /// After an input (nil: a resize): the game now played, the terminal's size and, for the
    /// player's own inputs, the time, for the registry (written by `flushDeferred`).
    func notePresence(input: Input?) {
        guard let presence else { return }
        let time = wallNow
        var game: (id: String, title: String, started: Date)?
        if let launch = stack.last(where: { $0.launch != nil })?.launch {
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
        presence.update(game: game, size: screenSize, input: byPlayer ? time : nil, place: PresencePlace.of(self))
    }

    /// The file work inputs left for after their frame: the registry's line, the watchers'
    /// count, a room's round. Runners call it before waiting for the next input; the test
    /// driver after each.
    public func flushDeferred() {
        presence?.flush(at: wallNow)
        while !afterFrame.isEmpty { afterFrame.removeFirst()() }
    }

    /// What the runner waits on beside the keyboard: in a hosted session, an open room's
    /// journal (another seat's input wakes this one at once) and the watchers' folder (someone
    /// began or stopped watching).
    package var wakeSources: [WakeSource] {
        var sources: [WakeSource] = []
        if let wake { sources.append(WakeSource(descriptor: wake.descriptor) { [unowned self] in wakeUp() }) }
        if let watchers = watchersDescriptor {
            sources.append(WakeSource(descriptor: watchers) { [unowned self] in watchersChanged() })
        }
        return sources
    }

    /// Readable when someone starts or stops watching this session (see `wakeSources`).
    package var watchersDescriptor: Int32? {
        #if canImport(Glibc)
        return presence?.watchersWatcher?.descriptor
        #else
        return nil
        #endif
    }

    /// Someone started or stopped watching: counted again now; true when the header changes.
    @discardableResult
    package func watchersChanged() -> Bool {
        guard let presence else { return false }
        #if canImport(Glibc)
        presence.watchersWatcher?.drain()
        #endif
        return presence.countWatchers(at: wallNow, force: true) && presence.playing != nil
    }

    /// "2 watching", for the header of a player who is watched; nil when no one watches.
    var watchedText: String? {
        guard let presence, presence.watchers > 0, presence.playing != nil else { return nil }
        return "\(presence.watchers) watching"
    }

    /// Opens the lobby: who is online on this host, and what they play.
    func showLobby() {
        guard let player = setup.player else { return }
        let registry = SessionRegistry(directory: player.sessionsDirectory)
        let cache = SessionRegistry.Cache()
        let rooms = Rooms(directory: player.hostDirectory + "/rooms")
        let timeout = setup.roomTimeout
        let model = LobbyViewModel(read: { registry.live(cache: cache) },
                                   rooms: { [unowned self] in rooms.live(now: wallNow, timeout: timeout) }, me: presence.map { SessionRegistry.id(of: $0.name) },
                                   saved: { [unowned self] in savedRoundsNotice() },
                                   allowWatching: { [weak self] in self?.presence?.allowWatching($0) },
                                   hasAccount: setup.openAccount != nil,
                                   clock: { [unowned self] in wallNow })
        push(Layer(screen: Screen(id: "host.lobby", model: model, view: LobbyView()), owner: .host,
                   onUncover: model.uncovered))
    }

    /// Watches another session's game live, from its player's journal; the registry counts
    /// this session among its watchers until the watch screen closes.
    func watch(_ watched: SessionRegistry.Entry) {
        // The name makes a path: one that is not a player's name leads nowhere.
        guard let player = setup.player, let id = watched.game, HostedPlayer.check(watched.player) == nil,
              let entry = setup.games.first(where: { $0.id == id }) else { return }
        let registry = SessionRegistry(directory: player.sessionsDirectory)
        let journal = HostedPlayer(name: watched.player, hostDirectory: player.hostDirectory).dataDirectory
            + "/" + id + "/" + Self.journalName
        let model = WatchViewModel(entry: entry, player: watched.player, journal: journal,
                                   look: { registry.entry(watched.id) }, clock: { [unowned self] in elapsed.seconds })
        presence?.watch(watched.id)
        push(Layer(screen: Screen(id: "host.watch", model: model, view: WatchView()), owner: .host,
                   onPop: { [weak self] in self?.presence?.watch(nil) }))
    }
}
