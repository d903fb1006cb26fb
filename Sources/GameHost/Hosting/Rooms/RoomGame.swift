#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One process's copy of a room's game: started from the room journal's header, then fed
/// every seat's inputs in journal order through the game's `handle(_:from:)`, so every seat's
/// process and every spectator's reach the same state, each drawing it for its own seat.
///
/// The copy runs in a `GameRunner` of its own on the room's clock, with a folder in memory
/// holding the files the room's journal gives (the opener's, as they were when the room
/// opened): every process reads the same ones, and none is written. The rounds it reports go
/// to `reported`, which sends them to the seat's player (spectators drop them); its notices
/// and requests for preferences go nowhere (a room's game keeps the preferences it opened with).
package final class RoomGame {
    let entry: GameEntry
    /// The journal followed as it grows; nil for a finished room's lines given at once (a replay).
    let reader: RoomJournalReader?
    private(set) var runner: GameRunner?
    /// The game's start (seconds since 1970): input times count from it.
    private var started = 0.0
    /// The input being applied's time, which is the copy's clock.
    private var time: Date
    private(set) var applied = 0
    /// The seat that wrote the last tick line: the one keeping the room's clock; nil before
    /// the first tick.
    private(set) var clockHolder: Seat?
    /// Tick lines applied so far.
    private(set) var ticks = 0
    /// Seats the journal says left, that wrote no line since: the game was told of each
    /// (`ViewModel.seatLeft`), and is not told again until the seat comes back and goes.
    private(set) var gone: Set<Seat> = []
    /// Why the room cannot be followed, in words.
    private(set) var problem: String?
    /// Lines read from the journal by `leftAlready`, applied at the next `follow`.
    private var unapplied: [RoomLine] = []
    /// Counts what changes the copy's game: a line applied, the game started. Nothing else
    /// runs it (its clock is the journal's), so what is drawn from it alone is the same while
    /// this is.
    private var changes = 0
    /// A seat's bindings as last asked for (`bindings(for:)`), with what they were made from.
    private var kept: (seat: Seat?, changes: Int, names: [String?], bindings: [ScreenBinding])?
    private let reported: (RoundResult) -> Void

    /// The names in the room's seats now, for the game's words (`GameContext.seatNames`).
    private let names: () -> [String?]

    /// - Parameter path: the room's journal, to follow; nil for lines given to `apply` (a
    ///   replay), after `start`.
    package init(entry: GameEntry, journal path: String?, names: @escaping () -> [String?] = { [] },
         reported: @escaping (RoundResult) -> Void) {
        self.names = names
        self.entry = entry
        reader = path.map(RoomJournalReader.init(path:))
        time = Date()
        self.reported = reported
    }

    /// The game's screen on top, if the game is still on (not left through its own way out).
    package var top: Screen? {
        runner?.top
    }

    /// Whose turn the game says it is.
    var turn: Seat? { top?.turn() }

    /// The top screen's bindings for `seat`, made again only when the game or the seats'
    /// names changed since they were last asked for: a seat's frame asks for them twice
    /// (its status line and its footer), ten frames a second, and making them cost more
    /// than drawing the room's lines. A test holds them to the top screen's own.
    func bindings(for seat: Seat?) -> [ScreenBinding] {
        guard let top else { return [] }
        let names = names()
        if let kept, kept.seat == seat, kept.changes == changes, kept.names == names { return kept.bindings }
        let bindings = top.bindings(for: seat)
        kept = (seat, changes, names, bindings)
        return bindings
    }

    /// Reads what was appended since the last call and applies it; true when something was
    /// (or the game started, or cannot be followed): there is something new to draw.
    @discardableResult
    func follow() -> Bool {
        guard problem == nil, let reader else { return false }
        let lines: [RoomLine]
        let starting = runner == nil
        do {
            lines = unapplied + (try reader.readNew())
            unapplied = []
            // The header and the game's files are in the file from its making, read together.
            if starting, let header = reader.header { try start(header, files: RoomJournalReader.files(lines)) }
        } catch {
            problem = error.description
            return true
        }
        guard runner != nil else { return false }
        guard !lines.isEmpty else { return starting }
        for line in lines { apply(line) }
        return true
    }

    /// Whether `seat`'s leaving is written already: the journal says it left since its last
    /// line, counting the lines appended since the copy last followed (read here, applied at
    /// the next `follow`: nothing of the game runs, as this is asked while a seat's screen
    /// goes). True as well when the journal cannot be read: nothing more is written to it.
    func leftAlready(_ seat: Seat) -> Bool {
        guard problem == nil, let reader else { return true }
        do {
            unapplied += try reader.readNew()
        } catch {
            problem = error.description
            return true
        }
        var left = gone.contains(seat)
        for line in unapplied where line.seat == seat {
            if case .input(let input, _) = line.line { left = input == .left }
        }
        return left
    }

    /// Applies one line of the room's journal: a seat's key or click, as that seat's input.
    package func apply(_ line: RoomLine) {
        guard let runner else { return }
        changes += 1
        if case .input(let input, _) = line.line, input != .left, let seat = line.seat { gone.remove(seat) }
        switch line.line {
        case .input(.key(let key), let seconds):
            advance(to: seconds)
            // A key the seat's bindings no longer take (another seat's input came first and
            // changed the screen) does nothing in every copy: it never reaches the host's keys.
            guard let top, takes(top.bindings(for: line.seat), key, label: line.label) else { return }
            press(key, from: line.seat)
        case .input(.mouse(let event, let size), let seconds):
            advance(to: seconds)
            // Likewise a click whose place sends something else by now than when it was made.
            guard let top, let click = Self.resolve(event, on: top, for: line.seat, at: size),
                  line.label == nil || click.label == line.label else { return }
            switch click.action {
            case .key(let key): press(key, from: line.seat)
            case .intent(let value): send(value, from: line.seat)
            }
        case .input(.tick, let seconds):
            // The room's clock: the game's tick, at the moment it was due.
            advance(to: seconds)
            clockHolder = line.seat
            ticks += 1
            runner.catchUp()
            runner.deliverTick()
        case .input(.left, let seconds):
            // A seat left: the line's seat is the one that went, told from no seat.
            advance(to: seconds)
            guard let seat = line.seat else { return }
            gone.insert(seat)
            runner.catchUp()
            // The top screen hears it as an input from no seat, if it wants to (`ViewModel.seatLeft`).
            guard let top = runner.top, let intent = top.seatLeft(seat) else { return }
            _ = runner.perform(intent)
        default:
            return
        }
    }

    /// When the game's next tick falls due on the room's clock; nil while it asks for none.
    package var nextTick: Date? { runner?.clock.timers.nextTick.map { runner!.clock.date($0.due) } }
    /// The pace of the game's ticks now.
    var tickInterval: Duration? { runner?.clock.timers.nextTick?.interval }

    /// A seat's key, at the room's time, through the seat's bindings: a game's copy has no host keys.
    private func press(_ key: Key, from seat: Seat?) {
        guard let runner else { return }
        runner.catchUp()
        guard let top = runner.top, case .intent(let intent) = runner.bound(key, on: top, from: seat) else { return }
        _ = runner.perform(intent)
    }

    /// What a seat's click sends, at the room's time, if it is one of the top screen's intents.
    private func send(_ value: any Sendable, from seat: Seat?) {
        guard let runner else { return }
        runner.catchUp()
        guard let intent = runner.top?.intent(value, from: seat) else { return }
        _ = runner.perform(intent)
    }

    /// The room's time of `date`, as journal lines count it: seconds since the game began.
    package func seconds(_ date: Date) -> Double { date.timeIntervalSince1970 - started }

    private func advance(to seconds: Double) {
        applied += 1
        time = max(time, Date(timeIntervalSince1970: started + seconds))
    }

    /// What a seat's click or wheel turn does on the game's screen as drawn for that seat at
    /// `size` (the place is in that frame): the key or intent its region sends, and a label
    /// that names it, so a copy applying the line later can tell whether it still means that.
    /// Nil where it lands on nothing or on a disabled region.
    package static func resolve(_ event: MouseEvent, on top: Screen, for seat: Seat?,
                        at size: Size) -> (action: ClickAction, label: String)? {
        let frame = top.render(size, for: seat)
        switch event.action {
        case .press(let code):
            guard let button = MouseButton(rawValue: code),
                  let region = frame.region(atColumn: event.column, row: event.row) else { return nil }
            return click(button, column: event.column, row: event.row, on: region) {
                binding(top.bindings(for: seat), $0)?.label
            }
        case .wheelUp, .wheelDown:
            return wheel(up: event.action == .wheelUp, column: event.column, row: event.row, on: frame)
        case .release:
            return nil
        }
    }

    /// What a press of `button` on a cell of `region` sends, and its label; `keyLabel` names
    /// the seat's enabled binding of a key a region sends (nil: none takes it now).
    package static func click(_ button: MouseButton, column: Int, row: Int, on region: HitRegion,
                              keyLabel: (Key) -> String?) -> (action: ClickAction, label: String)? {
        guard region.isEnabled, let click = region.sends(button, column: column, row: row) else { return nil }
        switch click {
        case .key(let key):
            return keyLabel(key).map { (.key(key), "key " + $0) }
        case .intent(let value):
            return (.intent(value), String(describing: value))
        case .position(let make):
            guard let value = make(column - region.rect.column, row - region.rect.row) else { return nil }
            return (.intent(value), String(describing: value))
        }
    }

    /// What a turn of the wheel over a cell of `frame` sends, and its label.
    package static func wheel(up: Bool, column: Int, row: Int, on frame: Frame) -> (action: ClickAction, label: String)? {
        guard let wheel = frame.wheelRegion(atColumn: column, row: row)?.wheel else { return nil }
        let value = up ? wheel.up : wheel.down
        return (.intent(value), String(describing: value))
    }

    package enum ClickAction {
        case key(Key)
        case intent(any Sendable)
    }

    /// The binding a seat's key goes through now, if it is enabled.
    package static func binding(_ bindings: [ScreenBinding], _ key: Key) -> ScreenBinding? {
        if let binding = bindings.first(where: { $0.keys.contains(key) }) { return binding.isEnabled ? binding : nil }
        if case .character = key { return bindings.first { $0.acceptsText && $0.isEnabled } }
        return nil
    }

    private func takes(_ bindings: [ScreenBinding], _ key: Key, label: String?) -> Bool {
        guard let binding = Self.binding(bindings, key) else { return false }
        return label == nil || binding.label == label
    }

    /// Starts the game as the journal's header says, reading the files its `file` lines give.
    package func start(_ header: JournalHeader, files: [String: Data?]) throws(JournalError) {
        let journal = Journal(header: header, lines: [])
        try journal.check(against: entry)
        let values = try journal.preferences(for: entry)
        started = header.started
        time = Date(timeIntervalSince1970: header.started)
        // Nothing of the copy reaches the disk: its files come from the journal, in memory.
        let storage = DataStore(directory: Path.temporaryDirectory() + "/gamehost-room-" + UUID().uuidString,
                                report: { _ in })
        storage.replay = ReplayFiles(files)
        let runner = GameRunner(clock: SessionClock(source: { [unowned self] in time }))
        // The room's ticks are lines of its journal (written by the seat that keeps the room's
        // clock), not the copy's own: every copy applies the same ticks between the same inputs.
        runner.ticksFromOutside = true
        runner.outside = { [weak self] effect, _ in
            if case .reportRound(let result) = effect.action { self?.reported(result) }
        }
        let context = GameContext(gameID: entry.id, seed: 0, storage: storage, clock: { [unowned runner] in runner.clock.now },
                                  seating: .room)
        context.random = header.random
        context.seatNames = names
        runner.pushRoot(Session.Launch(entry: entry, context: context, values: values))
        self.runner = runner
        changes += 1
    }
}
