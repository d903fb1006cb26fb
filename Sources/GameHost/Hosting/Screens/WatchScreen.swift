#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Another player's game, watched live from the lobby: their journal is followed as it grows
/// and replayed into a copy of the game on screens of the watcher's own, drawn at the
/// watcher's size. The watcher's keys never reach it (the screen binds none but the host's
/// back and help). What was played before the watcher came is caught up with at once; from
/// then on each input is played at the pace it was recorded (`WatchPace`), however the lines
/// arrive. When the round ends, or the player stops, it says so and goes back to the lobby.
final class WatchViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable {
        case poll
        /// The next input's time to be played has come.
        case play
    }

    struct State: Encodable {
        let player: String
        let inputs: Int
        let status: String
    }

    static let poll = Duration.milliseconds(100)
    /// Polls between two looks at the registry (is the player still playing this game?).
    static let registryEvery = 10
    /// Polls the end is shown before the lobby comes back.
    static let endShownFor = 50

    let player: String
    let game: GameInfo
    private let entry: GameEntry
    private let follower: JournalFollower
    /// The watched session's line in the registry now; nil once it has ended.
    private let look: () -> ConnectionRegistry.Entry?
    /// The watcher's own time, in seconds: what the pace is kept on.
    private let clock: () -> Double
    /// The watcher's copy of the game, and what replays the journal into it.
    private(set) var copy: ScreenHost?
    private var replayer: Replayer?
    private var pace = WatchPace()
    /// The time of the newest input read.
    private var newest = 0.0
    /// The time a `play` is asked for, while one is.
    private var wakeAt: Double?
    private var polls = 0
    private(set) var problem: String?
    /// Why watching ends, once the inputs read are played.
    private var endsAfterPlaying: String?
    /// Why watching ends, and the poll it ended at.
    private(set) var ending: (reason: String, at: Int)?

    init(entry: GameEntry, player: String, journal path: String, look: @escaping () -> ConnectionRegistry.Entry?,
         clock: @escaping () -> Double) {
        self.entry = entry
        game = entry.info
        self.player = TextSanitizer.clean(player)
        follower = JournalFollower(path: path)
        self.look = look
        self.clock = clock
        follow()
        // Nothing waits after a catch-up; the end of a round come in after is shown at once.
        if !play().isEmpty { wakeAt = nil }
    }

    var state: State { State(player: player, inputs: replayer?.inputs ?? 0, status: status) }
    var ticks: Ticks<Intent>? { Ticks(every: Self.poll, .poll) }

    // MARK: - Words for the view

    var status: String {
        if let ending {
            let seconds = max(0, (ending.at + Self.endShownFor - polls + 9) / 10)
            return "\(ending.reason) · back to the lobby in \(seconds) s"
        }
        if let problem { return "\(player)'s \(game.title) cannot be watched: \(problem)" }
        guard let replayer else { return "Waiting for \(player)'s first move in \(game.title)…" }
        return "Watching \(player) play \(game.title) · \(replayer.inputs) input" + (replayer.inputs == 1 ? "" : "s")
    }

    // MARK: - Intents

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        if intent == .play {
            wakeAt = nil
            return play()
        }
        polls += 1
        if let ending {
            return polls >= ending.at + Self.endShownFor ? [.pop] : []
        }
        follow()
        if endsAfterPlaying == nil, polls % Self.registryEvery == 0 {
            let now = look()
            if now?.game != game.id {
                endsAfterPlaying = "\(player) stopped playing"
            } else if now?.watchable == false {
                endsAfterPlaying = "\(player) turned watching off"
            }
        }
        return play()
    }

    /// Reads what the player's session wrote since the last poll.
    private func follow() {
        guard problem == nil else { return }
        switch follower.poll() {
        case .none:
            return
        case .gone:
            if replayer != nil, endsAfterPlaying == nil { endsAfterPlaying = "\(player) left \(game.title)" }
        case .unreadable(let why):
            problem = why
        case .started(var journal):
            // A journal that stopped (at its limit) is shown as far as it goes.
            let stopped = journal.lines.firstIndex(of: .unreplayable)
            if let stopped { journal = Journal(header: journal.header, lines: Array(journal.lines[..<stopped])) }
            do {
                try start(journal)
            } catch {
                problem = error.description
            }
            // Come in after the round ended: its end is what there is to see.
            endsAfterPlaying = !journal.roundInPlay && journal.lines.contains(where: Self.isRound)
                ? "\(player)'s round is over" : nil
            if stopped != nil { endsAfterPlaying = stoppedWords }
        case .more(let lines):
            guard let replayer else { return }
            let nothingWaiting = replayer.nextTime == nil
            replayer.follow(lines)
            for case .input(_, let time) in lines { newest = time }
            pace.read(at: clock(), nothingWaiting: nothingWaiting)
            if lines.contains(where: Self.isRound) { endsAfterPlaying = "\(player)'s round is over" }
            // Nothing more will come (a journal at its limit): say so rather than freeze.
            if lines.contains(.unreplayable) { endsAfterPlaying = stoppedWords }
        }
    }

    /// Why watching ends when the journal followed stops growing while the game goes on.
    private var stoppedWords: String { "\(player)'s round can no longer be followed: its journal stopped" }

    private static func isRound(_ line: JournalLine) -> Bool { if case .round = line { true } else { false } }

    /// A journal began: what it holds is played at once, so a watcher who comes in mid-round
    /// sees it as it stands.
    private func start(_ journal: Journal) throws(JournalError) {
        // Nothing of the copy reaches the disk: its files come from the journal, in memory.
        let copy = ScreenHost()
        let replayer = try Replayer(copy, journal, entry)
        self.replayer = replayer
        self.copy = copy
        while try replayer.step() {}
        newest = journal.inputs.last?.time ?? 0
        pace.caughtUp(to: journal.inputs.last?.time, at: clock())
    }

    /// Plays the inputs whose time has come, and asks to be woken for the next one.
    private func play() -> [Effect<Intent>] {
        guard let replayer, problem == nil else { return [] }
        let now = clock()
        do {
            // To the microsecond, the timer's grain.
            while let next = replayer.nextTime, pace.due(next, newest: newest) <= now + 1e-6 {
                try replayer.step()
                pace.played(next, at: now)
            }
        } catch {
            problem = error.description
            return []
        }
        guard let next = replayer.nextTime else {
            if let reason = endsAfterPlaying, ending == nil { ending = (reason, polls) }
            return []
        }
        let due = pace.due(next, newest: newest)
        if let wakeAt, wakeAt <= due { return [] }
        wakeAt = due
        return [.after(.microseconds(Int64(max(1, ((due - now) * 1e6).rounded()))), .play)]
    }
}

struct WatchView: ScreenView {
    func title(_ model: WatchViewModel) -> String { "Watching \(model.player)" }

    /// The game's screen as the player sees it, at the watcher's size, with the status above
    /// it where the terminal has a line to spare (and always once watching ends).
    func render(_ model: WatchViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        var statusRow = true
        if let top = model.copy?.topScreen {
            let minimum = top.minimumSize
            if minimum.fits(in: size) {
                statusRow = size.height > minimum.height
                let row = statusRow ? 1 : 0
                frame.draw(top.render(Size(width: size.width, height: size.height - row)), row: row, column: 0)
            } else {
                // The game needs more room than the watcher has under the header: say so there.
                // In the watcher's terminal's rows: the host's header and footer are theirs too.
                frame = Chrome.tooSmall(size, needs: minimum, chrome: Session.chromeHeight)
            }
        }
        if statusRow || model.ending != nil {
            frame.fill(row: 0, column: 0, width: size.width)
            frame.write(DisplayWidth.truncate(model.status, to: size.width - 2), row: 0, column: 1, style: .reverse)
        }
        return frame
    }

    func bindings(_ model: WatchViewModel) -> [KeyBinding<WatchViewModel.Intent>] { [] }
}
