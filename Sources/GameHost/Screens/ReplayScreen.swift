#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A finished round played back from its journal, inside the launcher (Scores, Enter on a
/// recent round): a session of its own replays it, so nothing of the player's is touched.
final class ReplayViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable {
        case tick
        case step
        case togglePause
    }

    struct State: Encodable {
        let inputs: Int
        let of: Int
        let paused: Bool
    }

    static let tick = Duration.milliseconds(100)

    let game: GameInfo
    /// The session the round is replayed in; its frame is what the screen shows.
    let replay: Session
    private let replayer: Replayer
    private(set) var paused = false
    /// Seconds of the round played back so far.
    private var position = 0.0
    private(set) var problem: String?

    init(entry: GameEntry, journal: Journal, config: Config) throws(JournalError) {
        game = entry.info
        // Never created: in replay mode the game's files come from the journal, and nothing
        // is reported or saved.
        let directory = Path.temporaryDirectory() + "/gamehost-replay-" + UUID().uuidString
        let store = DataStore(directory: directory, report: { _ in })
        let preferences = PreferenceStore(games: [entry], config: config, store: store, overrides: [:], report: { _ in })
        replay = Session(.init(games: [entry], preferences: preferences, scores: ScoreBook(store: store),
                               dataDirectory: directory, seed: 0, clock: Date.init))
        replayer = try Replayer(replay, journal, entry)
    }

    var state: State { State(inputs: replayer.inputs, of: replayer.journal.inputCount, paused: paused) }
    var isDone: Bool { replayer.nextTime == nil }
    var ticks: Ticks<Intent>? { paused || isDone || problem != nil ? nil : Ticks(every: Self.tick, .tick) }

    // MARK: - Words for the view

    var status: String {
        let where_ = "\(replayer.inputs) of \(replayer.journal.inputCount) inputs"
        if let problem { return "Stopped at \(where_): \(problem)" }
        return isDone ? "End of the round · \(where_)" : paused ? "Paused · \(where_)" : "Playing · \(where_)"
    }

    // MARK: - Intents

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .tick:
            position += Double(Self.tick.components.attoseconds) / 1e18 + Double(Self.tick.components.seconds)
            while let next = replayer.nextTime, next <= position, problem == nil { advance() }
        case .step:
            paused = true
            advance()
            position = max(position, replayer.journal.inputs.prefix(replayer.inputs).last?.time ?? 0)
        case .togglePause:
            paused.toggle()
        }
        return []
    }

    private func advance() {
        do {
            try replayer.step()
        } catch {
            problem = error.description
        }
    }
}

struct ReplayView: ScreenView {
    func title(_ model: ReplayViewModel) -> String { "Replay" }

    func render(_ model: ReplayViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        frame.write(DisplayWidth.truncate(model.status, to: size.width - 2), row: 0, column: 1, style: .reverse)
        frame.draw(model.replay.frame(Size(width: size.width, height: size.height - 1)), row: 1, column: 0)
        return frame
    }

    func bindings(_ model: ReplayViewModel) -> [KeyBinding<ReplayViewModel.Intent>] {
        [.keys(.space, label: model.paused ? "play" : "pause", enabled: !model.isDone, .togglePause),
         .keys(.right, label: "step", enabled: !model.isDone, .step)]
    }
}

extension Session {
    /// Plays a finished round of a game back from the history (Scores screen).
    func showReplay(game id: String, round date: Date) {
        guard let entry = setup.games.first(where: { $0.id == id }) else { return }
        let path = setup.dataDirectory + "/" + id + "/" + Self.historyFolder + "/" + JournalHistory.name(for: date)
        guard let data = FileBytes.contents(path) else {
            notify("No journal was kept for this round (the last \(setup.journalHistory) rounds keep theirs).")
            return
        }
        do {
            let model = try ReplayViewModel(entry: entry, journal: try Journal.parse(data),
                                            config: Config(menu: [id], preferences: [:], dataDirectory: nil,
                                                           color: .auto, source: "replay"))
            push(Layer(screen: Screen(id: "host.replay", model: model, view: ReplayView()), launch: nil))
        } catch {
            notify("This round cannot be replayed: \(error)")
        }
    }
}
