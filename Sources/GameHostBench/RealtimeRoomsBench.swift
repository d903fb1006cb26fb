import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `gamehost-bench --realtime-rooms`: Snake rooms at 10 ticks a second (speed 5, 100 ms)
/// through a real sshd, each seat an `ssh -tt` client in a pseudo-terminal of its own
/// (issue 39, point 3). For one room of 8 seats, then 50 rooms of 4 at once: a seat's steering
/// key → the first byte of the redrawn frame on every other seat's terminal, and each tick's
/// spread over the seats of its room; beside them the `cat` echo floor through the same sshd.
///
/// Each room is opened by its first seat from the lobby (Snake's page: speed 5, wrap-around,
/// the large board, the players) and joined by code, as players do. Keys are pressed between
/// ticks, 40 ms after a tick's frame reached the seat pressing, by one seat of a room at a
/// time: up, across, down, across (the way its snake goes), one a tick, so each key turns the
/// head at once on every screen and the snakes weave in rows of their own and never meet.
struct RealtimeRoomsBench {
    var binary: String
    /// Seconds measured for each shape, once every room plays.
    var seconds = 30.0
    var shapes: [(rooms: Int, seats: Int)] = [(1, 8), (50, 4)]
    /// Every room made ready at once: the worst case a benchmark can ask for. Their ticks then
    /// fall as close together as the seats' processes get round to the ready lines (at most 9
    /// of 50 rooms in the same 10 ms when measured, against 6 when readied 37 ms apart).
    var lockstep = false
    /// Whether the benchmark reads the terminals above the others' priority (`Stopwatch`).
    var raisePriority = true
    static let interval: UInt64 = 100_000_000
    /// Pseudo-terminals large enough for the large board under the room's two lines.
    static let columns: UInt16 = 100, rows: UInt16 = 32

    struct Row {
        let rooms: Int, seats: Int
        let keyToOthers: Sample, keyToOwn: Sample, spreads: Sample, catEcho: Sample
        let keys: Int, unanswered: Int, unclear: Int, gameCPU: Double, busy: Double, load: String
        /// The most rooms whose ticks fall within the same tenth of the tick interval.
        let crowd: Int
        /// Whether the benchmark asked to read the terminals above the others' priority and was refused.
        let stopwatchRefused: Bool
    }

    func run() throws {
        let most = shapes.map { $0.rooms * $0.seats }.max() ?? 0
        let server = try BenchServer.started(binary: binary, for: "rooms", sessions: most)
        defer { Cleanup.shared.run() }
        try server.makeKeys(most)
        print("GameHost real-time rooms benchmark — Snake at 10 ticks a second through OpenSSH on 127.0.0.1:\(server.port), "
              + "\(ProcessInfo.processInfo.activeProcessorCount) cores, load \(loadAverage()) at the start")
        print("binary \(binary); \(Int(seconds)) s measured for each shape; "
              + (lockstep ? "every room made ready at once (--lockstep)"
                          : "the rooms made ready one after another, 37 ms apart")
              + (raisePriority ? "; the benchmark reads the terminals at nice \(Stopwatch.nice) while it measures, everything else at 0"
                                   : "; the benchmark reads the terminals at the usual priority (--plain-priority)"))
        print("")
        print("rooms × seats | key→other seats p50/p99/max ms (samples) | key→own seat p50/p99 | "
              + "tick skew p50/p99/max ms (ticks, unclear) | cat echo p50/p99 ms | unanswered | game CPU %core each | busy | load | rooms ticking in the same 10 ms")
        var rows: [Row] = []
        for shape in shapes {
            let row = try measure(server, rooms: shape.rooms, seats: shape.seats)
            rows.append(row)
            print(Self.line(row))
            // Each shape's line as it is measured, into a file or a pipe too.
            fflush(nil)
        }
        print("")
        print("row | what | figure | reference | ratio | target | verdict")
        for (index, row) in rows.enumerated() {
            let shape = "\(row.rooms) × \(row.seats)"
            report("R\(2 * index + 1)", "p99 key → every other seat's frame, \(shape)", figure: "\(format(row.keyToOthers.p99, 2)) ms",
                   reference: "cat echo p99 \(format(row.catEcho.p99, 2)) ms",
                   ratio: format(row.keyToOthers.p99 / row.catEcho.p99, 1) + "×", target: "≤ 15 ms",
                   met: row.keyToOthers.p99 <= 15)
            report("R\(2 * index + 2)", "p99 tick skew over a room's seats, \(shape)", figure: "\(format(row.spreads.p99, 2)) ms",
                   target: "≤ 5 ms", met: row.spreads.p99 <= 5)
        }
    }

    /// One shape: the cat floor with as many sessions, then the rooms, opened, played and measured.
    func measure(_ server: BenchServer, rooms count: Int, seats: Int) throws -> Row {
        try server.start(.cat)
        let floor = Fleet(server: server, script: ClientScript(marker: "", cycle: ["a", "b"], probe: "."))
        try floor.grow(to: count * seats, concurrent: 8, timeout: 30 + Double(count * seats))
        floor.run(seconds: 2)
        floor.measuring = true
        let (_, refusedFloor) = Stopwatch.raised(if: raisePriority) { floor.run(seconds: min(seconds, 15)) }
        floor.close()
        server.stop()

        try server.start(.game)
        let table = try RoomTable(host: server.host, command: server.ssh)
        defer {
            table.close()
            server.stop()
            server.clearHostData()
        }
        try table.connect(count * seats)
        var rooms: [BenchRoom] = []
        for index in 0..<count {
            rooms.append(try table.open(Array(table.seats[index * seats..<(index + 1) * seats])))
        }
        try table.start(rooms, lockstep: lockstep)
        let before = ProcessUsage.all(), machine = MachineTime.now(), started = now()
        let (_, refusedPlay) = Stopwatch.raised(if: raisePriority) { table.play(rooms, seconds: seconds) }
        let after = ProcessUsage.all(), busy = MachineTime.now().busyShare(since: machine)
        let elapsed = Double(now() - started) / 1e9
        let games = ProcessUsage.descendants(of: server.listener, in: after).filter { $0.name == "gamehost" }
        let earlier = Dictionary(before.map { ($0.pid, $0.seconds) }) { first, _ in first }
        let cpu = games.reduce(0.0) { $0 + $1.seconds - (earlier[$1.pid] ?? $1.seconds) } / elapsed / Double(max(1, games.count)) * 100

        var others = Sample(), own = Sample(), spreads = Sample(), unanswered = 0, unclear = 0
        for room in rooms {
            room.timeline.keyToOthers.values.forEach { others.add($0) }
            room.timeline.keyToOwn.values.forEach { own.add($0) }
            unanswered += room.timeline.unanswered
            let ticks = RoomTimeline.tickSpreads(room.timeline.tickFrames, seats: seats, window: Self.interval / 2)
            ticks.spreads.values.forEach { spreads.add($0) }
            unclear += ticks.unclear
        }
        return Row(rooms: count, seats: seats, keyToOthers: others, keyToOwn: own, spreads: spreads,
                   catEcho: floor.keyToFrame, keys: rooms.reduce(0) { $0 + $1.keys }, unanswered: unanswered,
                   unclear: unclear, gameCPU: cpu, busy: busy, load: loadAverage(),
                   crowd: RoomTimeline.crowd(rooms.map(\.timeline), interval: Self.interval),
                   stopwatchRefused: refusedFloor || refusedPlay)
    }

    static func line(_ row: Row) -> String {
        let k = row.keyToOthers, s = row.spreads
        return "\(row.rooms) × \(row.seats) | \(format(k.median, 2)) / \(format(k.p99, 2)) / \(format(k.largest, 1)) "
            + "(\(row.keys) keys, \(k.values.count) frames) | \(format(row.keyToOwn.median, 2)) / \(format(row.keyToOwn.p99, 2))"
            + " | \(format(s.median, 2)) / \(format(s.p99, 2)) / \(format(s.largest, 1)) (\(s.values.count), \(row.unclear))"
            + " | \(format(row.catEcho.median, 2)) / \(format(row.catEcho.p99, 2)) | \(row.unanswered)"
            + " | \(format(row.gameCPU, 1)) | \(format(row.busy * 100, 0))% | \(row.load) | \(row.crowd)"
            + (row.stopwatchRefused ? " (the benchmark could not raise its own priority: its reading moments wait for a core too)" : "")
    }
}

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
