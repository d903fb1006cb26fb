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
