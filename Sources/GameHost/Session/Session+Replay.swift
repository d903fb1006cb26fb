#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Replaying a journal: the game started as the journal's header says, then every input
/// delivered at its recorded time, without drawing. Effects that reach outside the game's
/// screens are skipped and its files are read as the journal recorded them, so a replay
/// changes nothing on disk and repeats nothing the player saw already.
extension Session {
    /// Replays `journal` into a new game on top of the stack and returns its launch. When
    /// the journal cannot be used, throws, having taken away all it built.
    ///
    /// - Parameters:
    ///   - checkFiles: refuse when a file the game read or wrote differs on disk now from
    ///     what the replay ended with (something changed it since).
    ///   - until: stop after this many inputs.
    ///   - step: called after each input with its number, for a replay shown as it goes.
    @discardableResult
    func replay(_ journal: Journal, of entry: GameEntry, checkFiles: Bool, until: Int? = nil)
        throws(JournalError) -> Launch {
        let replayer = try Replayer(self, journal, entry)
        do {
            while try replayer.step(until: until) {}
            try replayer.finish(checkFiles: checkFiles)
        } catch {
            replayer.abandon()
            throw error
        }
        return replayer.launch
    }
}

/// What a `Replayer` plays a journal into: the launcher itself (a round resumed, `gamehost
/// replay`), or a game's screens alone (`ScreenHost`: watching, a replay from Scores, a cast).
protocol ReplayHost: AnyObject {
    var runner: GameRunner { get }
    /// The time of the input being handled.
    var now: Date { get }
    var notices: [String] { get set }
    /// The size the player had: a click means what was drawn under it at that size.
    var terminalSize: Size? { get set }
    /// While set, nothing is journaled, reported, saved or shown beyond the game's screens.
    var isReplaying: Bool { get set }
    func storage(for id: String) -> DataStore
    func pushRoot(_ launch: Session.Launch)
    func gameFingerprint(of launch: Session.Launch?) -> String
    func handleKey(_ key: Key)
    func handleMouse(_ mouse: MouseEvent)
    func handlePaste(_ text: String)
}

extension Session: ReplayHost {}

/// A replay that runs one input at a time, for `gamehost replay` and the Scores screen.
public final class Replayer {
    let session: any ReplayHost
    /// The journal; it grows while a game being played is watched (`follow`).
    public private(set) var journal: Journal
    let entry: GameEntry
    let launch: Session.Launch
    private let files: ReplayFiles
    private let base: Int
    private var index = 0
    /// Inputs delivered so far.
    public private(set) var inputs = 0
    public private(set) var isDone = false

    init(_ session: any ReplayHost, _ journal: Journal, _ entry: GameEntry) throws(JournalError) {
        try journal.check(against: entry)
        let values = try journal.preferences(for: entry)
        self.session = session
        self.journal = journal
        self.entry = entry
        let store = session.storage(for: entry.id)
        files = ReplayFiles(journal.files)
        store.replay = files
        base = session.runner.stack.count
        session.isReplaying = true
        // The replay runs on the journal's time: from its start, at the times it recorded.
        session.runner.clock.enterReplay(startedAt: journal.header.started)
        let context = GameContext(gameID: entry.id, seed: 0, storage: store, clock: { [unowned session] in session.now })
        context.random = journal.header.random
        launch = Session.Launch(entry: entry, context: context, values: values)
        session.pushRoot(launch)
    }

    /// The time of the next input, in seconds from the start; nil at the end.
    public var nextTime: Double? {
        journal.lines[index...].lazy.compactMap { if case .input(_, let time) = $0 { time } else { nil } }.first
    }

    /// Delivers lines up to and including the next input; false when none was left.
    @discardableResult
    public func step(until limit: Int? = nil) throws(JournalError) -> Bool {
        if let limit, inputs >= limit { return false }
        while index < journal.lines.count {
            let line = journal.lines[index]
            index += 1
            switch line {
            case .input(let input, let time):
                session.runner.clock.reach(SessionClock.duration(time))
                try deliver(input)
                inputs += 1
                // A check right after this input is part of the step.
                while index < journal.lines.count, case .check = journal.lines[index] {
                    try check(journal.lines[index])
                    index += 1
                }
                return true
            case .check:
                try check(line)
            case .file, .round, .unreplayable, .inPlay:
                break
            }
        }
        return false
    }

    /// Lines written to the journal since it was read, for a game watched as it is played:
    /// the next steps deliver them, and the files they record are read as recorded.
    func follow(_ more: [JournalLine]) {
        guard !more.isEmpty else { return }
        journal = Journal(header: journal.header, lines: journal.lines + more)
        for case .file(let name, let data) in more where files.contents[name] == nil {
            files.contents[name] = data
        }
    }

    private func check(_ line: JournalLine) throws(JournalError) {
        guard case .check(let count, let expected) = line else { return }
        let found = session.gameFingerprint(of: launch)
        guard found == expected else { throw .diverged(input: count, expected: expected, found: found) }
    }

    private func deliver(_ input: JournalInput) throws(JournalError) {
        session.notices.removeAll()
        switch input {
        case .key(let key):
            // Keys that would leave the program are never in a journal the host wrote.
            guard key != .control("c") else { throw .unreadable("input \(inputs + 1) is Ctrl-C, which no journal holds") }
            session.handleKey(key)
        case .mouse(let event, let size):
            // A click means what was drawn under it at the size the player had.
            session.terminalSize = size
            session.handleMouse(event)
        case .paste(let text):
            session.handlePaste(text)
        case .tick:
            session.runner.deliverTick()
        case .hold:
            if let top = session.runner.top, let hold = top.hold() {
                _ = session.runner.deliver(hold, to: top)
            }
        case .left:
            throw .unreadable("input \(inputs + 1) is a room's seat leaving, which only a room's journal holds")
        case .timer:
            session.runner.deliverTimer()
        }
        let stack = session.runner.stack
        guard stack.count > base, stack[base].isGameRoot, stack[base].launch === launch else {
            throw .unreadable("input \(inputs + 1) (\(input.name)) leaves the game, which no journal the host wrote does")
        }
    }

    /// Ends the replay: the game is live from here on.
    func finish(checkFiles: Bool) throws(JournalError) {
        isDone = true
        let store = launch.context.storage
        store.replay = nil
        session.isReplaying = false
        session.runner.clock.leaveReplay()
        if checkFiles, let changed = files.firstChanged(in: store) {
            throw .changedSince("its file \(TextSanitizer.brief(changed)) changed since the game was left")
        }
    }

    /// Takes away what the replay built and puts the session back as it was.
    func abandon() {
        isDone = true
        launch.context.storage.replay = nil
        session.isReplaying = false
        if session.runner.stack.count > base { session.runner.stack.removeSubrange(base...) }
        session.runner.clock.cancelReplay()
        session.runner.rescheduleTicks()
    }
}
