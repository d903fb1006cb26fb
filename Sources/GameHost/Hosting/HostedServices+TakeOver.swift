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

/// A second connection of a hosted player finds their game in play elsewhere: it may take it
/// over, watch it, or go on without it.
///
/// Taking over asks the other session to end with SIGUSR1. Its handler only writes to a pipe
/// (`RawTerminal.userSignalDescriptor`), one of the session's wake sources, which then calls
/// `takenOver()` as an ordinary step of the session: the journal is synced and closed as on SIGHUP (the round in play is
/// kept for a resume) and its lock released, the registry file removed, the terminal
/// restored by the normal way out, and the message printed after it. Once the other
/// session's registry file is gone, its journal lock is free, and this session opens the game.
extension HostedServices {
    /// What the other session says when it ends.
    static let takenOverMessage = "This game was taken over by another connection."
    /// How long to wait for the other session to end before SIGTERM (which saves and ends
    /// too, without the message), and after it.
    static let takeOverWait = 3.0

    /// When another session of the same player is online, the screen that offers to take it
    /// over. One in a game or a room's seat is offered before one in the lobby.
    func offerTakeOver() {
        let me = presence.id
        let mine = ConnectionRegistry(directory: player.sessionsDirectory).live()
            .filter { $0.player == player.name && $0.id != me }
        guard let other = mine.first(where: { $0.game != nil || $0.seat != nil }) ?? mine.first else { return }
        let model = TakeOverViewModel(other: other, now: session.wallNow)
        session.push(Session.Layer(screen: Screen(id: "host.take-over", model: model, view: TakeOverView()), owner: .host,
                                   holdsBack: { [game = other.game] in $0 == game }))
    }

    /// Takes the other session's game over without holding up this screen: asked to end
    /// (`tries` 0), it is looked at again every poll; once it is gone the take-over screen
    /// closes and its game opens here (its round in play offered for resuming). One that
    /// does not end in `takeOverWait` gets SIGTERM, and after as long again this one gives up.
    func takeOver(_ other: ConnectionRegistry.Entry, tries: Int) {
        let registry = ConnectionRegistry(directory: player.sessionsDirectory)
        let polls = Int(Self.takeOverWait * 1000) / 50
        switch Self.end(other, registry: registry, step: tries, giveUpAfter: 2 * polls, termAt: polls) {
        case .waiting:
            return
        case .refused:
            if session.stack.last?.screen.id == "host.take-over" { session.popTop() }
            session.notify("The other connection did not end; its game stays there.")
        case .ended:
            if session.stack.last?.screen.id == "host.take-over" { session.popTop() }
            // A seat in a room comes here: the other process's end freed it.
            if other.seat != nil, let code = other.room.flatMap({ try? RoomCode(parsing: $0) }) {
                if let refusal = joinRoom(code) { session.notify(refusal) }
                return
            }
            guard let id = other.game, let entry = session.entry(id) else { return }
            session.openForm(id)
            session.launch(entry)
        }
    }

    /// SIGUSR1 arrived: the session ends as taken over (saved, as on quitting).
    func takeOverAsked(on descriptor: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(descriptor, &buffer, buffer.count) > 0 {}
        session.takenOver()
        return false
    }

    enum EndStep { case waiting, ended, refused }

    /// One step of asking another session to end: SIGUSR1 at step 0, SIGTERM at `termAt`
    /// (it saves and ends too, without the message), refused at `giveUpAfter`.
    static func end(_ other: ConnectionRegistry.Entry, registry: ConnectionRegistry, step: Int,
                    giveUpAfter: Int, termAt: Int) -> EndStep {
        if other.pid == getpid() {
            // A session of this very process (tests hold several): ended directly.
            InProcessSessions.session(other.id)?.takenOver()
            return registry.entry(other.id) == nil ? .ended : .refused
        }
        guard registry.entry(other.id) != nil else { return .ended }
        guard step < giveUpAfter else { return .refused }
        guard step == 0 || step == termAt else { return .waiting }
        // The pid is the file's; a file left by a SIGKILLed session whose pid now runs another
        // player's session must not end that one.
        guard !registry.live().contains(where: { $0.pid == other.pid && $0.player != other.player }) else { return .refused }
        guard kill(other.pid, step == 0 ? SIGUSR1 : SIGTERM) == 0 else {
            return registry.entry(other.id) == nil ? .ended : .refused
        }
        // A session stopped by Ctrl-Z would hold the signal until continued.
        kill(other.pid, SIGCONT)
        return .waiting
    }
}

extension Session {
    /// Another connection of the same player took this session's game over, or the operator
    /// banned the player (`gamehost host ban`): the game is saved and the session ends with a
    /// message saying which.
    public func takenOver() {
        guard !isFinished else { return }
        farewell = hosting.flatMap { PlayerKeys.banNotice(of: $0.player) } ?? HostedServices.takenOverMessage
        leave()
    }
}

/// The hosted sessions of this process, by registry id: one in a real host, several under
/// test (where tests run on several threads at once, hence the lock).
enum InProcessSessions {
    private struct Weak { weak var session: Session? }
    nonisolated(unsafe) private static var sessions: [String: Weak] = [:]
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    static func add(_ session: Session, id: String) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        sessions = sessions.filter { $0.value.session != nil }
        sessions[id] = Weak(session: session)
    }

    static func session(_ id: String) -> Session? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return sessions[id]?.session
    }
}
