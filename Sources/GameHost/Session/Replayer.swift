#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A journal replayed one input at a time (for a resume, `gamehost replay`, watching and the
/// Scores screen): the game started as the journal's header says, as the root of a
/// `ScreenHost`'s runner, then every input delivered at its recorded time, without drawing.
/// Effects that reach outside the game's screens are skipped and its files are read as the
/// journal recorded them, so a replay changes nothing on disk and repeats nothing the player
/// saw already.
public final class Replayer {
    let host: ScreenHost
    /// The journal; it grows while a game being played is watched (`follow`).
    public private(set) var journal: Journal
    let entry: GameEntry
    let launch: Session.Launch
    private let files: ReplayFiles
    private var index = 0
    /// Inputs delivered so far.
    public private(set) var inputs = 0
    public private(set) var isDone = false

    /// - Parameter host: its runner's stack is empty; the game becomes its root.
    init(_ host: ScreenHost, _ journal: Journal, _ entry: GameEntry) throws(JournalError) {
        try journal.check(against: entry)
        let values = try journal.preferences(for: entry)
        self.host = host
        self.journal = journal
        self.entry = entry
        let store = host.storage(for: entry.id)
        files = ReplayFiles(journal.files)
        store.replay = files
        let clock = host.runner.clock
        // The replay runs on the journal's time: from its start, at the times it recorded.
        clock.enterReplay(startedAt: journal.header.started)
        // The clock, not the host: a resumed game goes on without the host it was replayed in.
        let context = GameContext(gameID: entry.id, seed: 0, storage: store, clock: { [unowned clock] in clock.now })
        context.random = journal.header.random
        launch = Session.Launch(entry: entry, context: context, values: values)
        host.pushRoot(launch)
    }

    /// The time of the next input, in seconds from the start; nil at the end.
    public var nextTime: Double? {
        journal.lines[index...].lazy.compactMap { if case .input(_, let time) = $0 { time } else { nil } }.first
    }

    /// Delivers lines up to and including the next input; false when none was left.
    @discardableResult
    public func step() throws(JournalError) -> Bool {
        while index < journal.lines.count {
            let line = journal.lines[index]
            index += 1
            switch line {
            case .input(let input, let time):
                host.runner.clock.reach(SessionClock.duration(time))
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
        let found = host.gameFingerprint(of: launch)
        guard found == expected else { throw .diverged(input: count, expected: expected, found: found) }
    }

    private func deliver(_ input: JournalInput) throws(JournalError) {
        host.notices.removeAll()
        switch input {
        case .key(let key):
            // Keys that would leave the program are never in a journal the host wrote.
            guard key != .control("c") else { throw .unreadable("input \(inputs + 1) is Ctrl-C, which no journal holds") }
            host.handleKey(key)
        case .mouse(let event, let size):
            // A click means what was drawn under it at the size the player had.
            host.terminalSize = size
            host.handleMouse(event)
        case .paste(let text):
            host.handlePaste(text)
        case .tick:
            host.runner.deliverTick()
        case .hold:
            if let top = host.runner.top, let hold = top.hold() {
                _ = host.runner.deliver(hold, to: top)
            }
        case .left:
            throw .unreadable("input \(inputs + 1) is a room's seat leaving, which only a room's journal holds")
        case .timer:
            host.runner.deliverTimer()
        }
        guard let root = host.runner.stack.first, root.isGameRoot, root.launch === launch else {
            throw .unreadable("input \(inputs + 1) (\(input.name)) leaves the game, which no journal the host wrote does")
        }
    }

    /// Ends the replay: the game is live from here on.
    func finish(checkFiles: Bool) throws(JournalError) {
        isDone = true
        let store = launch.context.storage
        store.replay = nil
        host.runner.clock.leaveReplay()
        if checkFiles, let changed = files.firstChanged(in: store) {
            throw .changedSince("its file \(TextSanitizer.brief(changed)) changed since the game was left")
        }
    }

    /// Takes away what the replay built and puts the clock back as it was.
    func abandon() {
        isDone = true
        launch.context.storage.replay = nil
        host.runner.stack.removeAll()
        host.runner.clock.cancelReplay()
        host.runner.rescheduleTicks()
    }
}
