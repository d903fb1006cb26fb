#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A finished round played back from its journal, inside the launcher (Scores, Enter on a
/// recent round): screens of its own replay it, so nothing of the player's is touched.
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
    /// The screens the round is replayed on; their frame is what the screen shows.
    let replay = ScreenHost()
    private let replayer: Replayer
    private(set) var paused = false
    /// Seconds of the round played back so far.
    private var position = 0.0
    private(set) var problem: String?

    /// Whose round it is, when another player's (from the host's board).
    let whose: String?

    /// The round played back is the journal's last: the rounds before it in the same journal
    /// (played again without leaving the game) are gone through at once, unseen.
    init(entry: GameEntry, journal: Journal, whose: String? = nil) throws(JournalError) {
        game = entry.info
        self.whose = whose.map { TextSanitizer.clean($0) }
        replayer = try Replayer(replay, journal, entry)
        let rounds = journal.lines.compactMap { if case .round(let inputs) = $0 { inputs } else { nil } }
        if rounds.count > 1, let start = rounds.dropLast().last {
            while replayer.inputs < start, try replayer.step() {}
            position = journal.inputs.prefix(start).last?.time ?? 0
        }
    }

    var state: State { State(inputs: replayer.inputs, of: replayer.journal.inputCount, paused: paused) }
    var isDone: Bool { replayer.nextTime == nil }
    var ticks: Ticks<Intent>? { paused || isDone || problem != nil ? nil : Ticks(every: Self.tick, .tick) }

    // MARK: - Words for the view

    var status: String {
        let where_ = "\(replayer.inputs) of \(replayer.journal.inputCount) inputs"
        if let problem { return "Stopped at \(where_): \(problem)" }
        let state = isDone ? "End of the round · \(where_)" : paused ? "Paused · \(where_)" : "Playing · \(where_)"
        return whose.map { "\($0)'s round · " + state } ?? state
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

    /// Plays the whole round into an asciinema recording at `size`, each frame at the time
    /// its input was recorded.
    func record(size: Size, colors: Bool, started: Double?) throws(JournalError) -> CastRecording {
        var recording = CastRecording(size: size, colors: colors, title: game.title + " (GameHost)", started: started)
        recording.record(replay.frame(size), at: 0)
        while let time = replayer.nextTime {
            try replayer.step()
            recording.record(replay.frame(size), at: time)
        }
        return recording
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
    /// Where the round is, in the header: the game needs every row of the content (at the
    /// launcher's smallest size, all of them), so the status takes none.
    func title(_ model: ReplayViewModel) -> String { "Replay · " + model.status }

    /// The game as the replay draws it, at the size the player's terminal has, without its own
    /// header and footer: the launcher's header and footer say where the player is and which
    /// keys act (the game's keys do nothing in a replay), and a game that fits the terminal
    /// fits its replay.
    func render(_ model: ReplayViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        let whole = Size(width: size.width, height: size.height + Session.chromeHeight)
        frame.draw(model.replay.frame(whole), row: -1, column: 0)
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
        guard let data = FileBytes.contents(historyPath(game: id, round: date)) else {
            notify(missingJournal(game: id, round: date, place: nil))
            return
        }
        showReplay(entry, journal: data, whose: nil)
    }

    /// Where a finished round's journal is kept, if it was.
    func historyPath(game id: String, round date: Date) -> String {
        setup.dataDirectory + "/" + id + "/" + Self.historyFolder + "/" + JournalHistory.name(for: date)
    }

    /// Why a recent round (`place`: among the recent rounds, newest first, if known) has no
    /// journal to play back, in words: the real reason where it can be known.
    func missingJournal(game id: String, round date: Date?, place: Int?) -> String {
        let history = setup.journalHistory
        if history == 0 { return "No journals of finished rounds are kept here (config.json's \"journalHistory\" is 0)." }
        let place = place ?? date.flatMap { date in
            ScoreBook.recent(setup.scores.rounds(game: id), count: .max).firstIndex { $0.date == date }
        }
        if let place, place >= history {
            return "This round's journal is gone: only the last \(history) rounds keep theirs."
        }
        return "No journal was kept for this round: a run with --seed, --set, --keys or --trace, or with "
            + "\"resume\": false in config.json, keeps none."
    }

    /// The screen that plays a round back from its journal: a room's (its lines name seats)
    /// or one terminal's.
    private func showReplay(_ entry: GameEntry, journal data: Data, whose: String?) {
        do {
            if let model = try RoomReplayViewModel(entry: entry, journal: data, whose: whose) {
                push(Layer(screen: Screen(id: "host.replay", model: model, view: RoomReplayView()), owner: .host))
                return
            }
            let model = try ReplayViewModel(entry: entry, journal: try Journal.parse(data), whose: whose)
            push(Layer(screen: Screen(id: "host.replay", model: model, view: ReplayView()), owner: .host))
        } catch {
            notify("This round cannot be replayed: \(error)")
        }
    }

    /// Plays a round of the host's board back, any player's, from the copy of its journal
    /// kept with the board: nothing of that player's own folder is read.
    func showReplay(game id: String, boardEntry: HostBoard.Entry) {
        guard let entry = setup.games.first(where: { $0.id == id }), let scoreboard = hosting?.scoreboard else { return }
        guard let data = scoreboard.journal(of: boardEntry, game: id) else {
            notify("No journal was kept for this round.")
            return
        }
        showReplay(entry, journal: data, whose: boardEntry.shownName)
    }
}
