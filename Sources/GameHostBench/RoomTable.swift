import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One seat's terminal while the benchmark sets its room up: what it showed since it was last
/// asked, to wait for a text in.
final class BenchSeat {
    let client: Client
    /// Seat K of its room (from 0), once seated.
    var seat = 0
    var shown: [UInt8] = []
    /// Whether it reached the lobby: the terminal's questions come before it.
    var inLobby = false

    init(_ client: Client) { self.client = client }

    var text: String { String(decoding: shown, as: UTF8.self) }

    func type(_ keys: String) {
        _ = Array(keys.utf8).withUnsafeBufferPointer { write(client.master, $0.baseAddress, $0.count) }
    }
}

/// A room being played: its seats, what its terminals showed when, and whose keys come next.
final class BenchRoom {
    let seats: [BenchSeat]
    var timeline: RoomTimeline
    /// The seat pressing now, and how far through its keys.
    var presser = 0, step = 0
    /// When the next key is due; nil until a tick's frame reaches the seat pressing.
    var due: UInt64?
    var keys = 0

    init(_ seats: [BenchSeat]) {
        self.seats = seats
        timeline = RoomTimeline(seats: seats.count)
    }

    /// Up, across, down, across: the way a seat's snake starts (even seats rightward) after
    /// each turn, so the snake goes on in its own two rows.
    static func keys(seat: Int) -> [String] {
        let across = seat % 2 == 0 ? "l" : "h"
        return ["k", across, "j", across]
    }
}

/// The seats' terminals, driven from one thread with poll(2): the rooms' setup, then the play.
final class RoomTable {
    /// The host's data folder, where the rooms' folders appear.
    let host: String
    /// The command line of player `index` (from 0): an `ssh -tt` client, or `host serve` itself.
    let command: (Int) -> [String]
    private(set) var seats: [BenchSeat] = []
    private var buffer = [UInt8](repeating: 0, count: 65_536)
    /// Where each terminal's output goes while the rooms play.
    private var playing: [Int32: (room: BenchRoom, seat: Int)] = [:]
    /// Every terminal, by its descriptor, and the epoll instance that has them all: a wait
    /// costs the benchmark what came, not a look at each of 200 terminals (poll(2) did that,
    /// thousands of times a second, on the cores the sessions measured share).
    private var byDescriptor: [Int32: BenchSeat] = [:]
    private let epoll: Epoll

    init(host: String, command: @escaping (Int) -> [String]) throws {
        self.host = host
        self.command = command
        epoll = try Epoll()
    }

    /// Connects `count` players (the operator's named keys: straight to the lobby), eight at a time.
    func connect(_ count: Int) throws {
        let deadline = now() + UInt64(30 + count) * 1_000_000_000
        var waiting: [BenchSeat] = []
        while seats.count < count || !waiting.isEmpty {
            while waiting.count < 8, seats.count < count {
                let seat = BenchSeat(try Client(command(seats.count), columns: RealtimeRoomsBench.columns,
                                                rows: RealtimeRoomsBench.rows))
                seats.append(seat)
                byDescriptor[seat.client.master] = seat
                try epoll.watch(seat.client.master)
                waiting.append(seat)
            }
            step(until: now() + 20_000_000)
            waiting.removeAll(where: \.inLobby)
            if let closed = seats.first(where: { !$0.client.open }) {
                throw BenchError("a player's connection closed; it showed …\(closed.text.suffix(300).debugDescription)")
            }
            guard now() < deadline else {
                throw BenchError("\(seats.count - waiting.count) of \(count) players reached the lobby; one waiting showed "
                                 + "…\(waiting.first.map { $0.text.suffix(400).debugDescription } ?? "")")
            }
        }
    }

    /// The first seat opens a Snake room for all of them from its lobby; the others join by its code.
    func open(_ seats: [BenchSeat]) throws -> BenchRoom {
        let opener = seats[0]
        try say(opener, "g", until: "Arithmetic")
        // Snake is the fourth game; its page: Play, Speed, Wrap-around, Board, Players.
        try say(opener, "4", until: "Players")
        let (down, right) = ("\u{1B}[B", "\u{1B}[C")
        for key in [down, right, down, right, down, right, down] + Array(repeating: right, count: seats.count - 1) {
            opener.type(key)
            drive(until: now() + 30_000_000)
        }
        let before = roomCodes()
        try say(opener, "o", until: "Waiting for")
        guard let code = roomCodes().subtracting(before).first else { throw BenchError("no room's folder appeared") }
        for (index, seat) in seats.enumerated() {
            seat.seat = index
            guard index > 0 else { continue }
            try say(seat, "c", until: "four letters")
            try say(seat, code + "\r", until: "(you)")
        }
        return BenchRoom(seats)
    }

    /// Every seat of every room steers the way its snake goes (ready), room after room; the
    /// rounds count down and then play.
    func start(_ rooms: [BenchRoom], lockstep: Bool = false) throws {
        for room in rooms {
            for seat in room.seats { try wait(seat, for: "Steer to be ready") }
            // The opener saw the whole board drawn when the last seat came: the pace asked for.
            guard room.seats[0].text.contains("speed 5 "), room.seats[0].text.contains(" wrap") else {
                throw BenchError("the room is not Snake at speed 5 with wrap-around: \(room.seats[0].text.suffix(600).debugDescription)")
            }
        }
        let first = now()
        // Rooms get ready one after another, 37 ms apart: each room's clock starts from its
        // last seat's ready line, so their ticks fall at moments of their own spread over the
        // whole tick (37 and 100 share no factor), as rooms opened by different players do.
        // `lockstep` readies them all at once instead.
        for (index, room) in rooms.enumerated() {
            for seat in room.seats {
                seat.shown = []
                seat.type(BenchRoom.keys(seat: seat.seat)[1])
            }
            if !lockstep { drive(until: first + 37_000_000 * UInt64(index + 1)) }
        }
        for room in rooms { try wait(room.seats[0], for: "Starting in") }
        // The countdown (three seconds), and a second of play before measuring.
        drive(until: now() + 4_500_000_000)
    }

    /// Plays the rooms for `seconds`, recording each terminal's output and, if `pressing`, pressing keys.
    func play(_ rooms: [BenchRoom], seconds: Double, pressing: Bool = true) {
        playing = [:]
        for room in rooms {
            for seat in room.seats { playing[seat.client.master] = (room, seat.seat) }
        }
        let end = now() + UInt64(seconds * 1e9)
        while now() < end {
            var soonest = min(end, now() + 50_000_000)
            let moment = now()
            for room in rooms {
                room.timeline.expire(now: moment)
                if !pressing {
                    room.due = nil
                } else if let due = room.due, due <= moment, !room.timeline.keyPending {
                    press(room)
                } else if let due = room.due, due > moment {
                    soonest = min(soonest, due)
                }
            }
            step(until: soonest)
        }
        playing = [:]
    }

    /// The seat pressing writes its next key, and the next seat takes over after four.
    private func press(_ room: BenchRoom) {
        let seat = room.seats[room.presser]
        room.due = nil
        // Every seat drew the last tick: a key now lands between two ticks everywhere.
        guard let last = room.timeline.lastTick(room.presser),
              (0..<room.seats.count).allSatisfy({ (room.timeline.lastTick($0) ?? 0) + RealtimeRoomsBench.interval / 2 >= last })
        else { return }
        room.timeline.pressed(seat: room.presser, at: now())
        seat.type(BenchRoom.keys(seat: room.presser)[room.step])
        room.keys += 1
        room.step += 1
        if room.step == 4 {
            room.step = 0
            room.presser = (room.presser + 1) % room.seats.count
        }
    }

    /// Types `keys` at `seat` and waits until it shows `text`.
    private func say(_ seat: BenchSeat, _ keys: String, until text: String) throws {
        seat.shown = []
        seat.type(keys)
        try wait(seat, for: text)
    }

    private func wait(_ seat: BenchSeat, for text: String, timeout: Double = 15) throws {
        let deadline = now() + UInt64(timeout * 1e9)
        while !seat.text.contains(text) {
            guard now() < deadline, seat.client.open else {
                throw BenchError("a seat did not show '\(text)'; it showed …\(seat.text.suffix(600).debugDescription)")
            }
            step(until: now() + 20_000_000)
        }
    }

    /// The codes of the rooms open now, from the host's data folder.
    private func roomCodes() -> Set<String> {
        Set(((try? FileManager.default.contentsOfDirectory(atPath: host + "/rooms")) ?? []).filter { $0.count == 4 })
    }

    /// Reads every terminal until `until`.
    private func drive(until: UInt64) {
        while now() < until { step(until: until) }
    }

    /// Reads what the terminals have, waiting for output until `until` at most: answers the terminal's questions before the lobby,
    /// keeps what each showed, and while playing, gives each read's moment to its room.
    private func step(until: UInt64) {
        let wait = Int32(max(0, (Int64(until) - Int64(now()) + 999_999) / 1_000_000))
        let descriptors = epoll.readable(within: wait)
        guard !descriptors.isEmpty else { return }
        let arrived = now()
        for descriptor in descriptors {
            guard let seat = byDescriptor[descriptor], seat.client.open else { continue }
            let count = read(seat.client.master, &buffer, buffer.count)
            guard count > 0 else {
                if count == 0 || errno != EAGAIN { end(seat) }
                continue
            }
            if let place = playing[seat.client.master] {
                if place.room.timeline.output(seat: place.seat, at: arrived), place.seat == place.room.presser,
                   place.room.due == nil {
                    place.room.due = arrived + 40_000_000
                }
                continue
            }
            seat.shown = Array((seat.shown + buffer[0..<count]).suffix(32_768))
            guard !seat.inLobby else { continue }
            seat.client.early += buffer[0..<count]
            seat.client.answerQuestions()
            seat.inLobby = seat.text.contains("Who is online")
        }
    }

    /// Ends a seat's client; its descriptor leaves the epoll instance as it closes.
    private func end(_ seat: BenchSeat) {
        byDescriptor[seat.client.master] = nil
        seat.client.end()
    }

    func close() {
        for seat in seats where seat.client.open { end(seat) }
    }
}
