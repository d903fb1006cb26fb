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

/// A hosted session's own file in the registry: written when the session starts and again when
/// the game or the terminal's size changes; the player's inputs only move its time, at most
/// once every `inputInterval` (idle times are shown to the second, so a second is as fine as
/// they need); removed on every way out. What an input changes is written by `flush`, after
/// the input's frame is out: the player's key should not wait on the file system.
final class SessionPresence {
    /// The least time between two moves of `lastInput` alone.
    static let inputInterval = 1.0

    let registry: ConnectionRegistry
    let name: String
    private(set) var entry: ConnectionRegistry.Entry
    /// What the file on disk says, so an update that changes nothing writes nothing.
    private var written: ConnectionRegistry.Entry?
    private var isGone = false
    /// The game being played (its launch, to tell a new game of the same id) and since when.
    var playing: (launch: ObjectIdentifier, since: Date)?
    /// How many watch this session, as last counted, and when (seconds since 1970).
    private(set) var watchers = 0
    private var watchersCounted = -Double.infinity
    /// This session's mark in the watchers' folder of the session it watches.
    private var watchMark: String?
    #if canImport(Glibc)
    /// Wakes this session when a watcher's mark comes to or goes from its own watchers'
    /// folder (`watchersFolder`), so its player sees "1 watching" when it happens, not at
    /// their next key. Made by `HostedServices`, in the session's one `Inotify`.
    var watchersWatcher: FolderWatcher?
    #endif
    /// Whether `entry` holds news for the file, or only a later input, for the next `flush`.
    private var unsaved = false
    private var untouched = false

    /// This session's id in the registry.
    var id: String { ConnectionRegistry.id(of: name) }

    init(player: HostedPlayer, size: Size, now: Date) {
        registry = ConnectionRegistry(directory: player.sessionsDirectory)
        name = ConnectionRegistry.fileName()
        let time = now.timeIntervalSince1970
        entry = ConnectionRegistry.Entry(pid: getpid(), player: player.name, started: time, lastInput: time,
                                      width: size.width, height: size.height)
        entry.processStarted = ConnectionRegistry.processStart(getpid())
        presenceFileForSignals = strdup(registry.directory + "/" + name)
        save()
        _ = mkdir(watchersFolder, 0o700)
    }

    /// Where the sessions watching this one leave their marks.
    var watchersFolder: String { registry.watchersFolder(of: id) }

    deinit { leave() }

    /// The game being played (nil: none), the terminal's size and, for a player's input, its
    /// time; the next `flush` writes the file when something shown changed. No file is touched here.
    func update(game: (id: String, title: String, started: Date)?, size: Size, input: Date?, place: String? = nil) {
        guard !isGone else { return }
        entry.game = game?.id
        entry.place = game == nil ? place : nil
        // In a room the title and the time are the room's, set by `inRoom`.
        if entry.room == nil || game != nil {
            entry.title = game?.title
            entry.gameStarted = game?.started.timeIntervalSince1970
        }
        entry.width = size.width
        entry.height = size.height
        if let input { entry.lastInput = max(entry.lastInput, input.timeIntervalSince1970) }
        guard var old = written, old != entry else { return }
        // Only the input's time moved: not more often than once per interval.
        old.lastInput = entry.lastInput
        guard old == entry else { return unsaved = true }
        if entry.lastInput - (written?.lastInput ?? 0) >= Self.inputInterval { untouched = true }
    }

    /// Writes what `update` noted and, while a game is played, counts the watchers again:
    /// the file work an input left, done once its frame is drawn.
    func flush(at now: Date) {
        guard !isGone else { return }
        if unsaved {
            save()
        } else if untouched {
            untouched = false
            if (try? registry.touch(name, lastInput: entry.lastInput)) != nil { written?.lastInput = entry.lastInput }
        }
        if entry.game != nil { countWatchers(at: now) }
    }

    /// Starts or stops watching another session (by its registry id): named in this session's
    /// file (for the lobby) and marked in the watched session's watchers' folder (for its player).
    /// A room (`room-CODE`) is watched without a mark: it has no session of its own to count them.
    func watch(_ watched: String?, mark: Bool = true) {
        guard !isGone, entry.watching != watched else { return }
        unmark()
        entry.watching = watched
        if let watched, mark {
            let mark = registry.addWatcher(id, to: watched)
            watchMark = mark
            watchMarkForSignals = strdup(mark)
        }
        save()
    }

    /// Counts this session's watchers again, at most once a second unless `force` (a mark came
    /// or went); true when the count changed.
    @discardableResult
    func countWatchers(at now: Date, force: Bool = false) -> Bool {
        let time = now.timeIntervalSince1970
        guard !isGone, force || time - watchersCounted >= 1 else { return false }
        watchersCounted = time
        let count = registry.countWatchers(of: id)
        defer { watchers = count }
        return count != watchers
    }

    private func unmark() {
        watchMarkForSignals = nil
        if let watchMark { unlink(watchMark) }
        watchMark = nil
    }

    /// Sits in a room (by its code and seat; a spectator has no seat) since `since`, or leaves it.
    func inRoom(_ code: String?, seat: Int?, title: String? = nil, since: Date? = nil) {
        guard !isGone, entry.room != code || entry.seat != seat else { return }
        entry.room = code
        entry.seat = seat
        entry.title = title
        entry.gameStarted = since?.timeIntervalSince1970
        save()
    }

    /// Lets others watch this session's games, or stops them (watchers see it within a second).
    func allowWatching(_ allowed: Bool) {
        guard !isGone, entry.watchable != allowed else { return }
        entry.watchable = allowed
        save()
    }

    /// Removes the file; the session is no longer online.
    func leave() {
        guard !isGone else { return }
        isGone = true
        presenceFileForSignals = nil
        unmark()
        registry.remove(name)
        registry.removeWatchers(of: id)
    }

    private func save() {
        // A host whose sessions folder cannot be written still plays: the lobby just misses one.
        try? registry.write(entry, as: name)
        written = entry
        unsaved = false
        untouched = false
    }
}

/// The presence file's path, for the terminal's signal handlers: on SIGHUP, SIGTERM or a
/// crash they `unlink` it (async-signal-safe), so a dropped connection leaves no ghost.
/// Never freed: a handler may be reading it.
nonisolated(unsafe) var presenceFileForSignals: UnsafeMutablePointer<CChar>?

/// The mark of the session watched, likewise.
nonisolated(unsafe) var watchMarkForSignals: UnsafeMutablePointer<CChar>?

/// Removes the presence file and the mark of the session watched; safe to call from a
/// signal handler.
func removePresenceFromSignalHandler() {
    removePresence(file: presenceFileForSignals, mark: watchMarkForSignals)
}

/// Unlinks a presence file and a watch mark (async-signal-safe).
func removePresence(file: UnsafePointer<CChar>?, mark: UnsafePointer<CChar>?) {
    if let file { unlink(file) }
    if let mark { unlink(mark) }
}
