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

/// How the session journals the game being played (`GAME/journal.jsonl`), keeps the
/// journals of finished rounds (`GAME/journals/`), and offers to resume an unfinished one.
extension Session {
    static let journalName = "journal.jsonl"
    static let historyFolder = JournalHistory.folderName
    /// Inputs between two fingerprints of the game's screens.
    static let checkEvery = 20

    func journalPath(_ id: String) -> String { setup.dataDirectory + "/" + id + "/" + Self.journalName }

    /// A new journal for a game's first screen, about to be made: a new game, or the same
    /// game started again with new preferences.
    func beginJournal(_ launch: Launch) {
        guard !isReplaying else { return }
        endJournal()
        guard setup.journals, launch.entry.resumable, lockJournal(launch.entry.id) else { return }
        let header = JournalHeader(journal: JournalHeader.currentFormat, game: launch.entry.id,
                                   version: launch.entry.info.version,
                                   preferences: launch.values.mapValues(\.json),
                                   random: launch.context.random, started: now.timeIntervalSince1970,
                                   checkEvery: Self.checkEvery)
        do {
            attach(try JournalWriter(creating: journalPath(launch.entry.id), header: header), to: launch)
        } catch {
            notify("This game cannot be saved for resuming: \(error)")
        }
    }

    /// Makes `writer` the game's journal and has the game's files recorded as first read.
    func attach(_ writer: JournalWriter, to launch: Launch) {
        writer.limit = setup.hosting?.journalLimit
        writer.folderLimit = setup.dataLimit
        journal = writer
        journalLaunch = launch
        let store = launch.context.storage
        store.willAccess = { [weak self, weak writer, unowned store] name in
            guard let writer, self?.journal === writer, writer.recordedFiles.insert(name).inserted else { return }
            writer.append(.file(name, FileBytes.contents(store.path(name))))
        }
    }

    /// Syncs and closes the journal. One left with no round in play is removed (finished
    /// rounds are in the history): only a round in play is kept for a resume.
    func endJournal() {
        // A round reported by an input that was never written still reaches the board.
        addPendingToBoard(journal: nil)
        guard let journal else { return }
        if !journal.roundInPlay { unlink(journal.path) }
        journal.end()
        if let id = journalLaunch?.entry.id { unlockJournal(id) }
        journalLaunch?.context.storage.willAccess = nil
        self.journal = nil
        journalLaunch = nil
        lastRoundInputs = 0
    }

    /// Syncs and closes the open journal, if any, and leaves the host's registry of who is
    /// online: on every way out of the program.
    public func closeJournal() {
        endJournal()
        hosting?.presence.leave()
    }

    /// Writes an input handled by the game (not by a host screen over it) to the journal.
    func journal(_ input: Input, byGame: Bool) {
        guard let journal, byGame else { return }
        switch input {
        case .paste(let text) where text.isEmpty:
            // A paste nothing took is no input of the game's.
            return
        case .key, .intent, .mouse, .paste:
            // Keys that open or close host screens (help, the preferences sheet, back to the
            // launcher) are not the game's: a replay neither needs nor repeats them.
            guard let top = stack.last?.screen, isJournaled(top) else { return }
        case .tick, .timer, .hold:
            break
        }
        guard let input = JournalInput(input, screen: screenSize) else {
            journal.append(.unreplayable)
            return
        }
        journal.record(input, at: now)
        if journal.inputs % journal.header.checkEvery == 0 {
            journal.append(.check(inputs: journal.inputs, fingerprint: gameFingerprint()))
        }
        if journal.reachedLimit, !journal.limitTold {
            journal.limitTold = true
            notify(journal.limitWords)
        }
    }

    /// Writes an `in-play` line when the game's round came into play or went out of it.
    func noteRoundInPlay() {
        guard let journal else { return }
        let playing = gameRoundInPlay()
        guard playing != journal.roundInPlay else { return }
        journal.roundInPlay = playing
        journal.append(.inPlay(inputs: journal.inputs, playing))
        // The registry's time in play is the round's, as the resume screen's (K2).
        if playing, let launch = journalLaunch { hosting?.presence.playing = (ObjectIdentifier(launch), wallNow) }
    }

    /// Whether the journaled game has a round in play: one of its screens says so or, when
    /// none says either way, it took an input since its last reported round.
    func gameRoundInPlay() -> Bool {
        guard let journal else { return false }
        var said = false
        for layer in stack where !layer.isHost && layer.launch === journalLaunch {
            guard let playing = layer.screen.roundInPlay() else { continue }
            if playing { return true }
            said = true
        }
        return !said && journal.inputs > lastRoundInputs
    }

    /// The journaled game's screens, bottom to top, and whether a round is in play on them:
    /// what a resume must bring back, for the conformance suite.
    package var journaledGame: (screens: [Screen], roundInPlay: Bool) {
        (stack.filter { !$0.isHost && $0.launch === journalLaunch }
            .map(\.screen), gameRoundInPlay())
    }

    /// Whether a screen is one of the journaled game's own.
    func isJournaled(_ screen: Screen) -> Bool {
        stack.contains { $0.screen === screen && !$0.isHost && $0.launch === journalLaunch }
    }

    /// The journaled game's last round in the scores, for the conformance suite.
    package var journaledGameLastRound: RoundResult? {
        journalLaunch.flatMap { setup.scores.rounds(game: $0.entry.id).last }
    }

    /// The fingerprint of the states of the journaled game's screens, bottom to top.
    func gameFingerprint(of launch: Launch? = nil) -> String {
        let launch = launch ?? journalLaunch
        return Fingerprint.of(stack.filter { !$0.isHost && $0.launch === launch }
            .map { $0.screen.state() })
    }

    /// A round was reported: once the input that ended it is written, it is marked, synced,
    /// and copied to the history.
    func journalRoundEnded(at date: Date) {
        guard journal != nil, !isReplaying else { return }
        roundEnded = date
    }

    func writeRoundEnd() {
        guard let date = roundEnded else { return }
        roundEnded = nil
        guard let journal else { return addPendingToBoard(journal: nil) }
        journal.append(.round(inputs: journal.inputs))
        journal.append(.check(inputs: journal.inputs, fingerprint: gameFingerprint()))
        lastRoundInputs = journal.inputs
        noteRoundInPlay()
        journal.sync()
        addPendingToBoard(journal: journal.path)
        guard setup.journalHistory > 0, let id = journalLaunch?.entry.id else { return }
        JournalHistory(folder: setup.dataDirectory + "/" + id + "/" + Self.historyFolder)
            .keep(journal.path, for: date, limit: setup.journalHistory, within: setup.dataLimit)
    }

    /// The round waiting for its journal goes to the host's board, with the journal if given.
    func addPendingToBoard(journal: String?) {
        guard let (result, game) = boardRound else { return }
        boardRound = nil
        addToBoard(result, game: game, journal: journal)
    }

    /// One launcher at a time journals a game: a second one plays it unjournaled.
    func lockJournal(_ id: String) -> Bool {
        if journalLocks[id] != nil { return true }
        let folder = setup.dataDirectory + "/" + id
        Path.makeFolders(folder)
        let descriptor = open(folder + "/journal.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return false
        }
        journalLocks[id] = descriptor
        return true
    }

    func unlockJournal(_ id: String) {
        guard let descriptor = journalLocks.removeValue(forKey: id) else { return }
        // Unlocked before it is closed: a process being started meanwhile holds a copy of
        // the descriptor until it runs its program, and with it the lock.
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    // MARK: - Resume

    /// When the game's last session ended with a round in play, shows the offer to resume it; a journal
    /// that cannot be used is moved aside with a notice. False when a new game should start.
    func offerResume(_ entry: GameEntry) -> Bool {
        guard setup.journals, entry.resumable, lockJournal(entry.id) else { return false }
        let path = journalPath(entry.id)
        guard let data = FileBytes.contents(path) else { return false }
        guard !isReplaying else { return false }
        let journal: Journal
        do {
            journal = try Journal.parse(data)
            try journal.check(against: entry)
            _ = try journal.preferences(for: entry)
        } catch {
            storage(for: entry.id).moveAside(Self.journalName, because: "\(error)")
            return false
        }
        guard journal.roundInPlay else {
            unlink(path)
            return false
        }
        let model = ResumeViewModel(game: entry.info, journal: journal, timeZone: setup.timeZone)
        push(Layer(screen: Screen(id: "host.resume", model: model, view: ResumeView()), owner: .host))
        return true
    }

    /// The player chose: replay the journal into the game as it was left, or start anew.
    func resumeChosen(_ entry: GameEntry, journal: Journal, resume: Bool) {
        if stack.last?.screen.id == "host.resume" { popTop() }
        let path = journalPath(entry.id)
        guard resume else {
            unlink(path)
            startNew(entry)
            return
        }
        do {
            let launch = try replay(journal, of: entry, checkFiles: true)
            attach(try JournalWriter(continuing: path, journal: journal), to: launch)
            // In play since its first move, the time between the sessions left out (K2).
            hosting?.presence.playing = (ObjectIdentifier(launch), wallNow.addingTimeInterval(-journal.roundTime))
            lastRoundInputs = journal.inputCount - journal.inputsSinceRound
            // The player has just come back: a game in motion waits for them.
            holdTop()
        } catch let error as JournalError {
            if case .changedSince = error {
                unlink(path)
                notify("\(entry.info.title) could not be resumed: \(error). A new game starts.")
            } else {
                storage(for: entry.id).moveAside(Self.journalName, because: "\(error)")
            }
            startNew(entry)
        } catch {
            notify("This game cannot be saved for resuming: \(error)")
        }
    }
}
