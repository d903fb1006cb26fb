#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Another player's game, watched live from the lobby: their journal is followed as it grows
/// and replayed into a copy of the game in a session of the watcher's own, drawn at the
/// watcher's size. The watcher's keys never reach it (the screen binds none but the host's
/// back and help). When the round ends, or the player stops, it says so and goes back to
/// the lobby.
final class WatchViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable {
        case poll
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
    private let look: () -> SessionRegistry.Entry?
    /// The watcher's copy of the game, and what replays the journal into it.
    private(set) var copy: Session?
    private var replayer: Replayer?
    private var polls = 0
    private(set) var problem: String?
    /// Why watching ends, and the poll it ended at.
    private(set) var ending: (reason: String, at: Int)?

    init(entry: GameEntry, player: String, journal path: String, look: @escaping () -> SessionRegistry.Entry?) {
        self.entry = entry
        game = entry.info
        self.player = TextSanitizer.clean(player)
        follower = JournalFollower(path: path)
        self.look = look
        follow()
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
        return "Watching \(player) play \(game.title) · \(replayer.inputs) inputs"
    }

    // MARK: - Intents

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        polls += 1
        if let ending {
            return polls >= ending.at + Self.endShownFor ? [.pop] : []
        }
        follow()
        if ending == nil, polls % Self.registryEvery == 0 {
            let now = look()
            if now?.game != game.id {
                ending = ("\(player) stopped playing", polls)
            } else if now?.watchable == false {
                ending = ("\(player) turned watching off", polls)
            }
        }
        return []
    }

    /// Reads what the player's session wrote since the last poll and replays it.
    private func follow() {
        guard problem == nil else { return }
        switch follower.poll() {
        case .none:
            return
        case .gone:
            if replayer != nil { ending = ("\(player) left \(game.title)", polls) }
        case .unreadable(let why):
            problem = why
        case .started(let journal):
            do {
                try start(journal)
            } catch {
                problem = error.description
            }
            // Come in after the round ended: its end is what there is to see.
            if !journal.roundInPlay, journal.lines.contains(where: { if case .round = $0 { true } else { false } }) {
                ending = ("\(player)'s round is over", polls)
            }
        case .more(let lines):
            replayer?.follow(lines)
            if lines.contains(where: { if case .round = $0 { true } else { false } }) {
                ending = ("\(player)'s round is over", polls)
            }
        }
        catchUp()
    }

    private func start(_ journal: Journal) throws(JournalError) {
        // Nothing of the copy reaches the disk: its files come from the journal, in memory.
        let directory = Path.temporaryDirectory() + "/gamehost-watch-" + UUID().uuidString
        let store = DataStore(directory: directory, report: { _ in })
        let config = Config(menu: [entry.id], preferences: [:], dataDirectory: nil, color: .auto, source: "watch")
        let preferences = PreferenceStore(games: [entry], config: config, store: store, overrides: [:], report: { _ in })
        let session = Session(.init(games: [entry], preferences: preferences, scores: ScoreBook(store: store),
                                    dataDirectory: directory, seed: 0, clock: Date.init))
        replayer = try Replayer(session, journal, entry)
        copy = session
    }

    /// Delivers every line read so far: a watcher who comes in mid-round sees it as it stands.
    private func catchUp() {
        guard let replayer, problem == nil else { return }
        do {
            while try replayer.step() {}
        } catch {
            problem = error.description
        }
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
                frame = Session.tooSmall(size, needs: minimum)
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
