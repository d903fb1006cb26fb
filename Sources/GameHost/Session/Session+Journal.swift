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

/// The session's side of its game's journal (`GameJournal`): closing it on the way out,
/// and the offer to resume a round left in play.
extension Session {
    static let journalName = GameJournal.fileName
    static let historyFolder = JournalHistory.folderName

    func beginJournal(_ launch: Launch) { gameJournal.begin(launch) }

    func endJournal() { gameJournal.end() }

    /// Whether a screen is one of the journaled game's own.
    func isJournaled(_ screen: Screen) -> Bool { gameJournal.isJournaled(screen) }

    /// The fingerprint of the states of a launch's screens (the journaled game's unless given).
    func gameFingerprint(of launch: Launch? = nil) -> String { gameJournal.fingerprint(of: launch) }

    /// Syncs and closes the open journal, if any, and leaves the host's registry of who is
    /// online: on every way out of the program.
    public func closeJournal() {
        endJournal()
        hosting?.presence.leave()
    }

    /// The journaled game's screens, bottom to top, and whether a round is in play on them:
    /// what a resume must bring back, for the conformance suite.
    package var journaledGame: (screens: [Screen], roundInPlay: Bool) {
        (gameJournal.screens, gameJournal.roundInPlay())
    }

    /// The journaled game's last round in the scores, for the conformance suite.
    package var journaledGameLastRound: RoundResult? {
        gameJournal.launch.flatMap { setup.scores.rounds(game: $0.entry.id).last }
    }

    // MARK: - Resume

    /// When the game's last session ended with a round in play, shows the offer to resume it; a journal
    /// that cannot be used is moved aside with a notice. False when a new game should start.
    func offerResume(_ entry: GameEntry) -> Bool {
        guard let journal = gameJournal.resumable(entry) else { return false }
        let model = ResumeViewModel(game: entry.info, journal: journal, timeZone: setup.timeZone)
        push(Layer(screen: Screen(id: "host.resume", model: model, view: ResumeView()), owner: .host))
        return true
    }

    /// The player chose: replay the journal into the game as it was left, or start anew.
    func resumeChosen(_ entry: GameEntry, journal: Journal, resume: Bool) {
        if stack.last?.screen.id == "host.resume" { popTop() }
        let path = gameJournal.path(entry.id)
        guard resume else {
            unlink(path)
            startNew(entry)
            return
        }
        do {
            let launch = try replay(journal, of: entry)
            try gameJournal.resume(launch, from: journal)
            // In play since its first move, the time between the sessions left out (K2).
            hosting?.presence.playing = (ObjectIdentifier(launch), wallNow.addingTimeInterval(-journal.roundTime))
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

    /// Replays `journal` into a game of its own, on the session's clock and the game's files,
    /// and puts its screens on the stack as the journal left them: the replay's clicks mean
    /// what was drawn at the journal's sizes, and the session's own size and screens are left
    /// be. When the journal cannot be used, throws, having taken away all it built; when a file
    /// the game read or wrote differs on disk now from what the replay ended with (something
    /// changed it since), throws `.changedSince`.
    private func replay(_ journal: Journal, of entry: GameEntry) throws(JournalError) -> Launch {
        let copy = ScreenHost(clock: clock, stores: [entry.id: storage(for: entry.id)])
        let replayer = try Replayer(copy, journal, entry)
        do {
            while try replayer.step() {}
            try replayer.finish(checkFiles: true)
        } catch {
            replayer.abandon()
            throw error
        }
        // The clock already waits for the top screen's ticks and the game's timers.
        stack += copy.runner.stack
        // As the terminal showed it: with the reason the last key did nothing, if it did nothing.
        refusal = copy.refusal
        drawn = nil
        return replayer.launch
    }
}
