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

/// A room, from one seat or from a spectator's place: the game as this seat sees it (a
/// spectator: as no seat, `render(_:for: nil)`, which shows no seat's private choice), with a
/// line above saying whose turn it is and who is in the room (and who is away, since when).
/// A seat's keys the game takes are appended to the room's journal, not handled here: the
/// journal's watcher wakes every process of the room, each applies the line in its copy.
final class RoomViewModel: ViewModel, QuietIntents {
    enum Intent: Codable, Sendable, Equatable {
        /// A key of the game's, from this seat: appended to the journal.
        case press(Key)
        /// A click (or a wheel turn) on the game as this seat sees it, at a place of the game's
        /// frame of `size`: appended to the journal as well. `button` is the middle or right
        /// one's number; nil for the left. `label` names what the place sends in the frame the
        /// seat drew (`RoomGame.click`), read when it was clicked; nil: nothing, and the click
        /// is not appended.
        case click(column: Int, row: Int, size: Size, button: Int? = nil, label: String?)
        case wheel(up: Bool, column: Int, row: Int, size: Size, label: String?)
        /// The journal or the room's state changed: read and apply what is new (a spectator
        /// a moment later, `catchUp`).
        case follow
        case catchUp
        /// A second passed: look who is here, for the "away" times (and mark who is gone).
        case refresh
        /// No watcher (inotify refused): time to read the journal again (`followPace`), and
        /// the room's state once a second, as `refresh`.
        case look
        /// The opener, while the room waits: take players by its code only, or anyone again.
        case byCodeOnly
        /// The game's next tick may be due: this seat writes it if it keeps the room's clock
        /// (or the keeper is overdue).
        case clock
    }

    struct State: Encodable {
        let code: String
        let seat: Int?
        let applied: Int
        let phase: String
    }

    static let refreshEvery = Duration.seconds(1)

    /// How often a process with no watcher reads the room's journal (the kernel refused it an
    /// inotify instance: `InotifyLimit`). A quarter of the tick while the game ticks, so every
    /// seat applies each tick within a quarter tick of the seat that wrote it; at least every
    /// 40 ms, so another seat's key shows within about 50 ms (40 and the frame's drawing) in a
    /// game of turns or of slow ticks; at most every 5 ms, so a very fast game does not keep the
    /// process reading (a read that finds nothing new is an open, a read and a close).
    static func followPace(tick: Duration?) -> Duration {
        min(max((tick ?? .seconds(1)) / 4, .milliseconds(5)), .milliseconds(40))
    }
    /// How long a spectator lets the seats go first after a change: every process of a room
    /// is woken by each input at once, and on a busy machine twenty spectators would otherwise
    /// be scheduled between a key and the frame at the other seat.
    static let spectatorDelay = Duration.milliseconds(5)
    /// How early a look at the clock may come and still be the one awaited: its timer is set
    /// to the microsecond, and the look checks the moment again anyway.
    static let clockSlack: TimeInterval = 0.001

    let code: RoomCode
    let rooms: Rooms
    /// This process's seat; nil for a spectator.
    let seat: Seat?
    let game: RoomGame
    private(set) var room: RoomState
    let journal: RoomJournal
    private let clock: () -> Date
    var now: Date { clock() }
    /// Wakes the follower when the room's folder changes; nil where inotify could not be had.
    let watcher: FolderWatcher?
    /// The seat's file, locked for as long as this process sits there.
    private(set) var seatLock: Int32?
    /// When the room was last looked at (`refresh`), for a process with no watcher.
    private var refreshed = Date.distantPast
    /// The room's state as `refresh` last read it, decoded again only when its file changed.
    private let keptState = KeptRoomState()
    /// Files changed since the last catch-up, and whether a spectator's catch-up is due.
    private var changed: Set<String> = []
    private var catchUpDue = false
    /// When this process looks at the room's clock next, if it asked to.
    var clockWake: Date?
    /// Why an input could not be appended, until the next key.
    var problem: String?
    /// Whether the intent handled last changed nothing drawn: a wake with nothing new (a
    /// spectator's catch-up put off, or a seat woken by its own line, applied as it was
    /// written), or a look at the clock that applied and wrote nothing.
    private(set) var lastIntentChangedNothing = false
    /// The two lines above the game as last drawn (`RoomView.lines`): the same most frames.
    let lines = KeptDrawing<RoomView.Lines>()
    /// The game's keys for this seat as last forwarded (`RoomView.bindings`).
    let forwarded = ForwardedBindings()

    init(code: RoomCode, rooms: Rooms, room: RoomState, entry: GameEntry, seat: Seat?, seatLock: Int32?,
         watcher: FolderWatcher?, journalLimit: Int? = nil, clock: @escaping () -> Date, reported: @escaping (RoundResult, Int) -> Void) {
        self.code = code
        self.rooms = rooms
        self.room = room
        self.seat = seat
        self.seatLock = seatLock
        self.clock = clock
        // The header's start and the room's opening are the same moment (`Rooms.create`).
        journal = RoomJournal(path: rooms.journalPath(code), started: room.opened)
        journal.limit = journalLimit
        self.watcher = watcher
        var report: (RoundResult) -> Void = { _ in }
        var names: () -> [String?] = { [] }
        game = RoomGame(entry: entry, journal: rooms.journalPath(code), names: { names() }, reported: { report($0) })
        report = { [unowned self] in reported($0, game.applied) }
        names = { [unowned self] in self.playerNames() }
        game.follow()
    }

    deinit { leave() }

    /// Gives the seat back (others see this player away); called when the screen closes or
    /// the connection ends. The game hears of it first, through the journal (`writeLeft`).
    func leave() {
        guard let seatLock else { return }
        if let seat { writeLeft(seat) }
        close(seatLock)
        self.seatLock = nil
    }

    var state: State {
        State(code: code.text, seat: seat?.index, applied: game.applied, phase: room.phase)
    }
    var ticks: Ticks<Intent>? {
        guard watcher == nil, !room.isEnded else { return Ticks(every: Self.refreshEvery, .refresh) }
        return Ticks(every: Self.followPace(tick: game.tickInterval), .look)
    }
    var roundInPlay: Bool? { false }

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        lastIntentChangedNothing = false
        let effects = respond(to: intent)
        return effects + watchClock()
    }

    private func respond(to intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .press(let key):
            problem = nil
            // An ended room has nothing more to show: its key goes back.
            if room.isEnded { return [.pop] }
            guard let seat, room.started != nil else { return [] }
            do {
                let label = RoomGame.binding(game.bindings(for: seat), key)?.label
                try journal.append(.key(key), from: seat, label: label, now: clock())
                appended()
            } catch let full as RoomJournalFull {
                end(because: full)
            } catch {
                problem = "\(error)"
            }
        case .click(let column, let row, let size, let button, let label):
            append(MouseEvent(.press(button ?? 0), column: column, row: row), size: size, label: label)
        case .wheel(let up, let column, let row, let size, let label):
            append(MouseEvent(up ? .wheelUp : .wheelDown, column: column, row: row), size: size, label: label)
        case .follow:
            changed.formUnion(watcher?.drain() ?? [])
            if seat == nil {
                lastIntentChangedNothing = true
                guard !catchUpDue else { return [] }
                catchUpDue = true
                return [.after(Self.spectatorDelay, .catchUp)]
            }
            lastIntentChangedNothing = !catchUp()
        case .catchUp:
            catchUp()
        case .look:
            catchUp()
            // Before the game the room's state is what changes (its seats taken): read it as
            // often as the journal, so this seat's keys are taken as soon as the others'.
            if room.started == nil, !room.isEnded { room = rooms.state(code) ?? room }
            if clock().timeIntervalSince(refreshed) >= Self.refreshEvery / .seconds(1) {
                _ = respond(to: .refresh)
                // The look's lines may have changed what is drawn, whatever the room's state did.
                lastIntentChangedNothing = false
            }
        case .refresh:
            let before = room
            defer {
                // Most looks find the room as it was: nothing drawn changed then, unless a seat
                // is away (its time away is shown, and counts up).
                lastIntentChangedNothing = room == before && !room.seats.contains { $0.away != nil }
            }
            refreshed = clock()
            if let now = rooms.observe(code, now: clock(), kept: keptState) ?? rooms.state(code) ?? rooms.endedState(code) {
                room = now
                noteVanishedSeats()
            } else if !room.isEnded {
                // Its folder is gone: ended by another process (moved under ended/, or removed).
                room.ended = clock().timeIntervalSince1970
                room.endedBecause = room.endedBecause ?? "it was closed"
            }
        case .clock:
            // A timer set for a later look, before the game's pace quickened, is not the one
            // awaited: that one still comes, and looking now would start a second chain of them.
            if let awaited = clockWake, awaited.timeIntervalSince(now) > Self.clockSlack {
                lastIntentChangedNothing = true
                return []
            }
            clockWake = nil
            lastIntentChangedNothing = !tickIfDue()
        case .byCodeOnly:
            guard canChooseByCode else { return [] }
            do {
                if let now = try rooms.takeByCodeOnly(code, !room.isByCodeOnly) { room = now }
            } catch {
                problem = "\(error)"
            }
        }
        return []
    }

    /// A seat's click, for the journal when it lands on something of the game's: what it
    /// meant is its label, as a key's is, read from the frame the seat clicked on (the game
    /// is not drawn again for it).
    private func append(_ event: MouseEvent, size: Size, label: String?) {
        problem = nil
        guard let seat, room.started != nil, !room.isEnded, game.top != nil, let label else { return }
        do {
            try journal.append(.mouse(event, size), from: seat, label: label, now: clock())
            appended()
        } catch let full as RoomJournalFull {
            end(because: full)
        } catch {
            problem = "\(error)"
        }
    }

    /// The room's journal is full: the room ends for every seat (each reads why in its state),
    /// rather than going on with inputs no copy would see.
    func end(because full: RoomJournalFull) {
        rooms.end(code, because: full.description, now: clock())
        if let ended = rooms.endedState(code) {
            room = ended
        } else {
            room.ended = clock().timeIntervalSince1970
            room.endedBecause = full.description
        }
    }

    /// This seat's own line is applied at once, not at the wake it causes: the seat's next key
    /// (typed fast, or read with this one) is judged on the game as this one left it.
    private func appended() {
        game.follow()
    }

    /// Applies the journal's new lines, and the room's state if it changed; true when either did.
    @discardableResult
    private func catchUp() -> Bool {
        catchUpDue = false
        var news = game.follow()
        // The state is read again only when it changed: most wakes are a journal line.
        if changed.contains(where: { $0 != "journal.jsonl" }) {
            room = rooms.state(code) ?? rooms.endedState(code) ?? room
            news = true
        }
        changed = []
        return news
    }

    /// The opener (the first seat) chooses, while the room waits, who may join: anyone from
    /// the lobby's list, or only those who type its code.
    var canChooseByCode: Bool { seat == Seat(0) && room.started == nil && !room.isEnded }

    // MARK: - Words for the view

    var title: String { "Room \(code) · \(TextSanitizer.clean(room.title))" }

    /// "Your turn", "bob's turn", "Waiting for 1 more player…" or why the room cannot go on.
    var status: String {
        if let problem = game.problem ?? problem { return "This room cannot go on: \(problem)" }
        if let because = room.endedBecause { return "The room has ended: \(because) · Enter goes back" }
        if room.started == nil {
            let missing = room.seats.count - room.takenSeats
            return "Waiting for \(missing) more player\(missing == 1 ? "" : "s") · others join with the code \(code)"
        }
        if game.top == nil { return "The game is over · q leaves the room" }
        let watching = seat == nil ? " · watching" : ""
        guard let turn = game.turn else {
            // No one's turn: everyone plays at once, or this seat waits for the others to.
            guard let seat, let top = game.top else { return "Everyone plays now" + watching }
            if game.bindings(for: seat).contains(where: \.isEnabled) { return "Everyone plays now" }
            return top.roundInPlay() == false ? "The round is over" : "Waiting for the others"
        }
        if turn == seat { return "Your turn" }
        return "\(name(turn))'s turn" + watching
    }

    /// Who sits where: "1 alice (you) · 2 bob, away 2m · 3 free". Made again only when the
    /// seats changed, or when one is away (its time goes on): it is drawn every frame.
    var seats: String {
        if let keptSeats, keptSeats.seats == room.seats { return keptSeats.text }
        let text = Self.seats(room.seats, for: seat, now: clock().timeIntervalSince1970)
        keptSeats = room.seats.contains { $0.away != nil } ? nil : (room.seats, text)
        return text
    }
    /// The seats' line as last made with no one away, with the seats it was made from.
    private var keptSeats: (seats: [RoomState.SeatState], text: String)?

    /// The players in the seats, for the game's words (`GameContext.seatNames`): the game's
    /// copy and its bindings ask for them every frame. Kept with the seats they were read
    /// from, so that the same array is returned while they are the same.
    func playerNames() -> [String?] {
        if let keptNames, keptNames.seats == room.seats { return keptNames.names }
        let names = room.seats.map(\.player)
        keptNames = (room.seats, names)
        return names
    }
    private var keptNames: (seats: [RoomState.SeatState], names: [String?])?

    /// The seats' line made anew, as `seat` reads it at `now` (seconds since 1970).
    static func seats(_ seats: [RoomState.SeatState], for seat: Seat?, now: Double) -> String {
        seats.enumerated().map { index, place in
            guard let player = place.player else { return "\(index + 1) free" }
            var text = "\(index + 1) \(TextSanitizer.clean(player))"
            if Seat(index) == seat { text += " (you)" }
            if let away = place.away { text += ", away " + LobbyViewModel.duration(now - away) }
            return text
        }.joined(separator: " · ")
    }

    private func name(_ seat: Seat) -> String {
        room.seats.indices.contains(seat.index) ? TextSanitizer.clean(room.seats[seat.index].player ?? "seat \(seat.index + 1)")
            : "seat \(seat.index + 1)"
    }
}
