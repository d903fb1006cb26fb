#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// A room walk of a game that asks for ticks, played again as a room plays it (issue 39): the
/// walk's seat keys and clicks become lines of a room's journal, and its waits become `tick`
/// lines written by the seat keeping the room's clock, each stamped with the moment it was
/// due. Now and then the keeper is slow and a tick is written late, after a seat's input
/// stamped later than it, by whichever seat has the clock from then on. Each seat's process
/// and a spectator's has its own copy of the game (`RoomGame`, as the host's), follows the
/// journal at its own moments and draws its own frame then: the keeper right after each tick
/// it writes, a seat right after its own input, the others a few lines at a time. A replay
/// applies the whole journal at once. Every copy must end with the same state and the same
/// frames, for every seat and for a spectator.
///
/// The host hands every copy the same lines, in the same order, at the same times; what
/// differs between processes is only when each reads the journal and what it draws. So a
/// copy that parts ways has counted its ticks itself, or applied one out of the journal's
/// order, or let which process holds the clock (and so draws after every tick) matter.
final class RoomProcesses {
    /// One process's copy of the room's game: a seat's, or a spectator's (nil).
    private final class Copy {
        let game: RoomGame
        let seat: Seat?
        /// Journal lines applied so far.
        var read = 0
        init(_ game: RoomGame, seat: Seat?) {
            self.game = game
            self.seat = seat
        }
    }

    private let walker: Walker
    private let seats: Int
    private let area: Size
    private var journal: [RoomLine] = []
    private var copies: [Copy] = []
    /// The seat whose process writes the ticks.
    private var keeper = 0
    /// The room's time: seconds since the game began.
    private var time = 0.0
    /// A tick the keeper was too slow to write: the next seat's input goes in first.
    private var late = false
    private var random: SeededGenerator
    /// No walk's waits make more tick lines than this (a 1 ms pace over many waits).
    private static let tickLimit = 5_000

    private init(_ walker: Walker, seats: Int) {
        self.walker = walker
        self.seats = seats
        area = walker.contentSize
        random = SeededGenerator(seed: walker.start.seed ^ 0xC10C_C10C)
    }

    /// What parts the room's copies, in words that name the fix; nil when every copy agrees.
    static func problem(_ walker: Walker, seats: Int) -> String? {
        walker.announce("playing the walk again as a room of \(seats) seats' processes, with tick lines")
        let room = RoomProcesses(walker, seats: seats)
        let header = JournalHeader.room(walker.entry, values: walker.variant.values, seed: walker.start.seed,
                                        started: Date(timeIntervalSince1970: 1_780_000_000))
        guard room.start(header) else { return nil }
        room.play()
        return room.verdict(header)
    }

    private func start(_ header: JournalHeader) -> Bool {
        for seat in Seat.all(seats).map(Optional.some) + [nil] {
            let game = RoomGame(entry: walker.entry, journal: nil, reported: { _ in })
            guard (try? game.start(header, files: [:])) != nil, game.top != nil else { return false }
            copies.append(Copy(game, seat: seat))
        }
        return true
    }

    private func play() {
        for (number, step) in walker.steps.enumerated() {
            walker.announce("the room of processes, at the walk's step \(number + 1) (\(step.text))")
            switch step {
            case .seat(let index, let key):
                passTime()
                let writer = copies[index]
                let label = writer.game.top.flatMap { RoomGame.binding($0.bindings(for: writer.seat), key)?.label }
                append(RoomLine(.input(.key(key), time: time), seat: writer.seat, label: label), by: writer)
            case .seatClick(let index, let event):
                passTime()
                let writer = copies[index]
                guard let top = writer.game.top, top.minimumSize.fits(in: area),
                      let click = RoomGame.resolve(event, on: top, for: writer.seat, at: area) else { continue }
                append(RoomLine(.input(.mouse(event, area), time: time), seat: writer.seat, label: click.label),
                       by: writer)
            case .wait(let milliseconds):
                time += Double(milliseconds) / 1_000
                // Sometimes the keeper is slow: the next seat's input goes in before its ticks,
                // and the clock may pass to another seat.
                if seats > 1, Int.random(in: 0..<6, using: &random) == 0 {
                    late = true
                    keeper = Int.random(in: 0..<seats, using: &random)
                } else {
                    writeTicks()
                }
            default:
                continue
            }
            // About one other process a step reads the journal: most read a few lines at once.
            for copy in copies where Int.random(in: 0..<(copy.seat == nil ? 8 : max(3, seats)), using: &random) == 0 {
                follow(copy)
            }
        }
        writeTicks()
    }

    /// A key from a seat comes a second after the last while nothing ticks (as the walk's
    /// keys do), at once while the game keeps time.
    private func passTime() {
        if copies[keeper].game.nextTick == nil { time += 1 }
    }

    /// A seat's input, written by its process and applied there at once; then any tick the
    /// keeper was late with.
    private func append(_ line: RoomLine, by writer: Copy) {
        journal.append(line)
        follow(writer)
        if late { writeTicks() }
    }

    /// The keeper writes every tick due by now, each after applying every line before it.
    private func writeTicks() {
        late = false
        let copy = copies[keeper]
        follow(copy)
        while journal.count < Self.tickLimit, let due = copy.game.nextTick, copy.game.seconds(due) <= time + 1e-9 {
            journal.append(RoomLine(.input(.tick, time: copy.game.seconds(due)), seat: copy.seat))
            follow(copy)
        }
    }

    /// A process reads what was appended since it last looked, applies it, and draws its frame.
    private func follow(_ copy: Copy) {
        guard copy.read < journal.count else { return }
        for line in journal[copy.read...] { copy.game.apply(line) }
        copy.read = journal.count
        if let top = copy.game.top, top.minimumSize.fits(in: area) { _ = top.render(area, for: copy.seat) }
    }

    /// Every copy, and a replay of the whole journal, against the replay.
    private func verdict(_ header: JournalHeader) -> String? {
        let replay = RoomGame(entry: walker.entry, journal: nil, reported: { _ in })
        guard (try? replay.start(header, files: [:])) != nil else { return nil }
        walker.announce("replaying the room's \(journal.count) journal lines")
        for line in journal { replay.apply(line) }
        for copy in copies { follow(copy) }
        let viewers = Seat.all(seats).map(Optional.some) + [nil]
        for copy in copies {
            let process = copy.seat.map { "\(SeatChecks.player($0))'s process" } ?? "a spectator's process"
            guard let top = copy.game.top, let reference = replay.top else {
                if (copy.game.top == nil) != (replay.top == nil) { return parted(process, "left the game") }
                continue
            }
            if top.id != reference.id { return parted(process, "shows \(top.id), the replay \(reference.id)") }
            if StateFingerprint.of(top.state()) != StateFingerprint.of(reference.state()) {
                return parted(process, "reached another state")
            }
            guard top.minimumSize.fits(in: area) else { continue }
            for viewer in viewers where top.render(area, for: viewer).text != reference.render(area, for: viewer).text {
                let whose = viewer.map { "\(SeatChecks.player($0))'s frame" } ?? "the spectator's frame"
                return parted(process, "draws \(whose) otherwise")
            }
        }
        return nil
    }

    private func parted(_ process: String, _ how: String) -> String {
        let ticks = journal.filter { if case .input(.tick, _) = $0.line { true } else { false } }.count
        return "in a room, \(process) applied the same \(journal.count) journal lines as a replay of the room's "
            + "journal (\(ticks) of them ticks, written by the seat keeping the room's clock between the seats' "
            + "inputs) and \(how): every seat's process, every spectator's and every replay must end the same. "
            + "Apply each tick in handle(_:from:) when its intent comes, in the journal's order between the seats' "
            + "inputs, and nothing else: never count ticks yourself (when drawn, when the state is read, on a timer "
            + "of your own), and let nothing depend on which process holds the room's clock or when it reads the journal"
    }
}
