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

/// The journal of the game a session plays (`GAME/journal.jsonl`): begun with the game's
/// first screen, written after every input the game took, marked when a round ends (and that
/// journal kept in `GAME/journals/`), ended when the game closes. One launcher at a time
/// journals a game, by a lock beside the journal; a second one plays it unjournaled.
final class GameJournal: InputObserver {
    static let fileName = "journal.jsonl"
    /// Inputs between two fingerprints of the game's screens.
    static let checkEvery = 20

    unowned let session: Session
    /// The open journal, and the launch it belongs to.
    private(set) var writer: JournalWriter?
    private(set) var launch: Session.Launch?
    /// The journal's input count when its last round was reported.
    var lastRoundInputs = 0
    /// A round reported by the input being handled, to mark once that input is written.
    private var roundEnded: Date?
    /// That round, for the host's board, which keeps its journal once written.
    private var boardRound: (result: RoundResult, game: String)?
    /// Games whose journal this session holds the lock of, by id: their descriptors.
    private var locks: [String: Int32] = [:]

    init(session: Session) {
        self.session = session
    }

    /// A session let go without quitting (a test's, a replay's) gives its locks back; kept,
    /// they would hold every later launcher of the process to unjournaled games.
    deinit {
        for id in locks.keys { unlock(id) }
    }

    private var setup: Session.Setup { session.setup }

    func path(_ id: String) -> String { setup.dataDirectory + "/" + id + "/" + Self.fileName }

    /// Whether the open journal is this game's.
    func holds(_ game: String) -> Bool { writer != nil && launch?.entry.id == game }

    // MARK: - Begin and end

    /// A new journal for a game's first screen, about to be made: a new game, or the same
    /// game started again with new preferences.
    func begin(_ launch: Session.Launch) {
        end()
        guard setup.journals, launch.entry.resumable, lock(launch.entry.id) else { return }
        let header = JournalHeader(journal: JournalHeader.currentFormat, game: launch.entry.id,
                                   version: launch.entry.info.version,
                                   preferences: launch.values.mapValues(\.json),
                                   random: launch.context.random, started: session.now.timeIntervalSince1970,
                                   checkEvery: Self.checkEvery)
        do {
            attach(try JournalWriter(creating: path(launch.entry.id), header: header), to: launch)
        } catch {
            session.notify("This game cannot be saved for resuming: \(error)")
        }
    }

    /// Makes `writer` the game's journal and has the game's files recorded as first read.
    func attach(_ writer: JournalWriter, to launch: Session.Launch) {
        writer.limit = setup.hosting?.journalLimit
        writer.folderLimit = setup.dataLimit
        self.writer = writer
        self.launch = launch
        let store = launch.context.storage
        store.willAccess = { [weak self, weak writer, unowned store] name in
            guard let writer, self?.writer === writer, writer.recordedFiles.insert(name).inserted else { return }
            writer.append(.file(name, FileBytes.contents(store.path(name))))
        }
    }

    /// Syncs and closes the journal. One left with no round in play is removed (finished
    /// rounds are in the history): only a round in play is kept for a resume.
    func end() {
        // A round reported by an input that was never written still reaches the board.
        addPendingToBoard(journal: nil)
        guard let writer else { return }
        if !writer.roundInPlay { unlink(writer.path) }
        writer.end()
        if let id = launch?.entry.id { unlock(id) }
        launch?.context.storage.willAccess = nil
        self.writer = nil
        launch = nil
        lastRoundInputs = 0
    }

    // MARK: - After each input

    func didHandle(_ input: Session.Input, byGame: Bool, intent: AnyEncodable?, effects: [HostEffect],
                   in session: Session) {
        write(input, byGame: byGame)
        writeRoundEnd()
        noteRoundInPlay()
    }

    /// A round of this game was reported: once the input that ended it is written, it is
    /// marked, synced, and copied to the history; the host's board gets it with that journal.
    func didReportRound(_ result: RoundResult, game: String, kept: String?, in session: Session) {
        guard kept == nil else { return }
        if holds(game) { boardRound = (result, game) }
        guard writer != nil, let date = result.date else { return }
        roundEnded = date
    }

    /// Writes an input handled by the game (not by a host screen over it).
    private func write(_ input: Session.Input, byGame: Bool) {
        guard let writer, byGame else { return }
        switch input {
        case .paste(let text) where text.isEmpty:
            // A paste nothing took is no input of the game's.
            return
        case .key, .intent, .mouse, .paste:
            // Keys that open or close host screens (help, the preferences sheet, back to the
            // launcher) are not the game's: a replay neither needs nor repeats them.
            guard let top = session.topScreen, isJournaled(top) else { return }
        case .tick, .timer, .hold:
            break
        }
        guard let input = JournalInput(input, screen: session.screenSize) else {
            writer.append(.unreplayable)
            return
        }
        writer.record(input, at: session.now)
        if writer.inputs % writer.header.checkEvery == 0 {
            writer.append(.check(inputs: writer.inputs, fingerprint: fingerprint()))
        }
        if writer.reachedLimit, !writer.limitTold {
            writer.limitTold = true
            session.notify(writer.limitWords)
        }
    }

    private func writeRoundEnd() {
        guard let date = roundEnded else { return }
        roundEnded = nil
        guard let writer else { return addPendingToBoard(journal: nil) }
        writer.append(.round(inputs: writer.inputs))
        writer.append(.check(inputs: writer.inputs, fingerprint: fingerprint()))
        lastRoundInputs = writer.inputs
        noteRoundInPlay()
        writer.sync()
        addPendingToBoard(journal: writer.path)
        guard setup.journalHistory > 0, let id = launch?.entry.id else { return }
        JournalHistory(folder: setup.dataDirectory + "/" + id + "/" + JournalHistory.folderName)
            .keep(writer.path, for: date, limit: setup.journalHistory, within: setup.dataLimit)
    }

    /// The round waiting for its journal goes to the host's board, with the journal if given.
    private func addPendingToBoard(journal: String?) {
        guard let (result, game) = boardRound else { return }
        boardRound = nil
        session.hosting?.addToBoard(result, game: game, journal: journal)
    }

    /// Writes an `in-play` line when the game's round came into play or went out of it.
    private func noteRoundInPlay() {
        guard let writer else { return }
        let playing = roundInPlay()
        guard playing != writer.roundInPlay else { return }
        writer.roundInPlay = playing
        writer.append(.inPlay(inputs: writer.inputs, playing))
        // The registry's time in play is the round's, as the resume screen's (K2).
        if playing, let launch { session.hosting?.presence.playing = (ObjectIdentifier(launch), session.wallNow) }
    }

    // MARK: - The journaled game's screens

    /// The journaled game's screens, bottom to top.
    var screens: [Screen] { session.runner.screens(of: launch) }

    /// Whether the journaled game has a round in play: one of its screens says so or, when
    /// none says either way, it took an input since its last reported round.
    func roundInPlay() -> Bool {
        guard let writer else { return false }
        var said = false
        for screen in screens {
            guard let playing = screen.roundInPlay() else { continue }
            if playing { return true }
            said = true
        }
        return !said && writer.inputs > lastRoundInputs
    }

    /// Whether a screen is one of the journaled game's own.
    func isJournaled(_ screen: Screen) -> Bool {
        session.stack.contains { $0.screen === screen && !$0.isHost && $0.launch === launch }
    }

    /// The fingerprint of the states of a launch's screens (the journaled game's unless
    /// given), bottom to top.
    func fingerprint(of launch: Session.Launch? = nil) -> String {
        session.runner.fingerprint(of: launch ?? self.launch)
    }

    // MARK: - Locks

    /// Takes the lock of a game's journal; false when another launcher holds it.
    func lock(_ id: String) -> Bool {
        if locks[id] != nil { return true }
        let folder = setup.dataDirectory + "/" + id
        Path.makeFolders(folder)
        let descriptor = open(folder + "/journal.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return false
        }
        locks[id] = descriptor
        return true
    }

    private func unlock(_ id: String) {
        guard let descriptor = locks.removeValue(forKey: id) else { return }
        // Unlocked before it is closed: a process being started meanwhile holds a copy of
        // the descriptor until it runs its program, and with it the lock.
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    // MARK: - Resume

    /// The journal of a round of this game left in play, if there is one to offer; one that
    /// cannot be used is moved aside with a notice, one with no round in play removed.
    func resumable(_ entry: GameEntry) -> Journal? {
        guard setup.journals, entry.resumable, lock(entry.id) else { return nil }
        let path = path(entry.id)
        guard let data = FileBytes.contents(path) else { return nil }
        let journal: Journal
        do {
            journal = try Journal.parse(data)
            try journal.check(against: entry)
            _ = try journal.preferences(for: entry)
        } catch {
            session.storage(for: entry.id).moveAside(Self.fileName, because: "\(error)")
            return nil
        }
        guard journal.roundInPlay else {
            unlink(path)
            return nil
        }
        return journal
    }

    /// A resumed game writes on in its journal, its last round where the journal says.
    func resume(_ launch: Session.Launch, from journal: Journal) throws {
        attach(try JournalWriter(continuing: path(launch.entry.id), journal: journal), to: launch)
        lastRoundInputs = journal.inputCount - journal.inputsSinceRound
    }
}
