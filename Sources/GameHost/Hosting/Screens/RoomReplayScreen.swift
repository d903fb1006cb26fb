#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A finished room's round played back from the copy of its journal kept with the scores:
/// a copy of the game applies the seats' lines at their recorded pace, as every process of
/// the room did, and shows it as one seat saw it; Tab looks through the next seat's eyes, as
/// a spectator's does.
final class RoomReplayViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable {
        case tick
        case step
        case togglePause
        case nextView
    }

    struct State: Encodable {
        let inputs: Int
        let of: Int
        let paused: Bool
        let view: Int
    }

    let game: GameInfo
    /// When the room's game started (seconds since 1970).
    let started: Double
    let copy: RoomGame
    private let lines: [RoomLine]
    /// The next line to apply.
    private var next = 0
    private(set) var paused = false
    /// Seconds of the room played back so far.
    private var position = 0.0
    /// The seat whose view is shown, and how many the game had.
    private(set) var view = Seat(0)
    let seatCount: Int
    /// Whose round it is, when another player's (from the host's board).
    let whose: String?
    /// Who sat in the seats, as the kept journal names them.
    private let names: [String?]

    /// Nil when the journal names no seat: one terminal's round, for `ReplayViewModel`. The
    /// round played back is the journal's last: the rounds before it in the same room are
    /// gone through at once, unseen.
    init?(entry: GameEntry, journal data: Data, whose: String? = nil) throws(JournalError) {
        guard let (header, lines) = try RoomJournalReader.parseRoom(data) else { return nil }
        game = entry.info
        started = header.started
        self.whose = whose.map { TextSanitizer.clean($0) }
        // The files are the copy's from its start; the lines played back are the inputs.
        self.lines = lines.filter { if case .input = $0.line { true } else { false } }
        seatCount = max(1, entry.seats(try Journal(header: header, lines: []).preferences(for: entry)))
        // Where the rounds before the last one ended, from a first copy run through at once.
        var ends: [Int] = []
        var index = 0
        let names = header.seatNames ?? []
        self.names = names
        let scratch = RoomGame(entry: entry, journal: nil, names: { names }, reported: { _ in ends.append(index) })
        let files = RoomJournalReader.files(lines)
        try scratch.start(header, files: files)
        while index < self.lines.count {
            index += 1
            scratch.apply(self.lines[index - 1])
        }
        copy = RoomGame(entry: entry, journal: nil, names: { names }, reported: { _ in })
        try copy.start(header, files: files)
        if ends.count > 1, let start = ends.dropLast().last {
            while next < start { applyNext() }
        } else if let first = self.lines.first {
            // The wait for the seats to fill is not played: the first input comes after a second.
            position = max(0, time(first) - 1)
        }
    }

    var state: State { State(inputs: next, of: lines.count, paused: paused, view: view.index) }
    var isDone: Bool { next >= lines.count }
    var ticks: Ticks<Intent>? { paused || isDone ? nil : Ticks(every: ReplayViewModel.tick, .tick) }

    private func time(_ line: RoomLine) -> Double {
        if case .input(_, let time) = line.line { time } else { position }
    }

    private func applyNext() {
        position = max(position, time(lines[next]))
        copy.apply(lines[next])
        next += 1
    }

    // MARK: - Words for the view

    var status: String {
        let where_ = "\(next) of \(lines.count) inputs"
        if let problem = copy.problem { return "Stopped at \(where_): \(problem)" }
        let state = isDone ? "End of the round · \(where_)" : paused ? "Paused · \(where_)" : "Playing · \(where_)"
        let name = names.indices.contains(view.index) ? names[view.index].map { " · " + TextSanitizer.clean($0) } ?? "" : ""
        let seat = seatCount > 1 ? " · seat \(view.index + 1) of \(seatCount)" + name : ""
        return (whose.map { "\($0)'s round in a room · " } ?? "A round in a room · ") + state + seat
    }

    // MARK: - Intents

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .tick:
            position += Double(ReplayViewModel.tick.components.attoseconds) / 1e18
                + Double(ReplayViewModel.tick.components.seconds)
            while !isDone, time(lines[next]) <= position { applyNext() }
        case .step:
            paused = true
            if !isDone { applyNext() }
        case .togglePause:
            paused.toggle()
        case .nextView:
            view = Seat((view.index + 1) % seatCount)
        }
        return []
    }

    /// Plays the whole round into an asciinema recording at `size`, as the shown seat saw it.
    func record(size: Size, colors: Bool, started: Double?) -> CastRecording {
        var recording = CastRecording(size: size, colors: colors, title: game.title + " (GameHost)", started: started)
        let view = RoomReplayView()
        recording.record(view.render(self, in: size), at: 0)
        let first = position
        while !isDone {
            applyNext()
            recording.record(view.render(self, in: size), at: position - first)
        }
        return recording
    }
}

struct RoomReplayView: ScreenView {
    func title(_ model: RoomReplayViewModel) -> String { "Replay" }

    func render(_ model: RoomReplayViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        frame.fill(row: 0, column: 0, width: size.width)
        frame.write(DisplayWidth.truncate(model.status, to: max(0, size.width - 2)), row: 0, column: 1, style: .reverse)
        guard let top = model.copy.top else { return frame }
        let area = Size(width: size.width, height: max(0, size.height - 1))
        let game = top.minimumSize.fits(in: area) ? top.render(area, for: model.view)
            : Chrome.tooSmall(area, needs: top.minimumSize)
        // Played back, not played: nothing on it answers a click.
        frame.draw(game.mappingRegions { _ in nil }, row: 1, column: 0)
        return frame
    }

    func bindings(_ model: RoomReplayViewModel) -> [KeyBinding<RoomReplayViewModel.Intent>] {
        [.keys(.space, label: model.paused ? "play" : "pause", enabled: !model.isDone, .togglePause),
         .keys(.right, label: "step", enabled: !model.isDone, .step)]
            + (model.seatCount > 1 ? [.keys(.tab, label: "other seat", .nextView)] : [])
    }
}
