import Foundation
import GameHost
import Testing

/// Snake in a room through a real sshd (issue 39): two seats and a spectator see the same
/// board at the same tick while the snakes move; a seat whose connection drops loses its snake
/// on the others' boards and watches the rest when it comes back; the process keeping the
/// room's clock killed outright, another seat's takes it over, no tick lost or doubled.
///
/// The small board wraps around at 10 ticks a second: unsteered, each snake keeps to a row of
/// its own and never crashes, so a round runs as long as a test needs it to.
/// (In the rooms' suite, so no two of its sshd start at the same moment.)
extension RoomsEndToEndTests {
    /// A host whose Snake seats `players` on the small board, wrapping, a tick every 100 ms.
    static func snakeServer(players: Int) throws -> SSHServer {
        let snake = #"{"players": \#(players), "board": "small", "speed": 5, "wrap": true}"#
        return try SSHServer(config: #"{"games": ["snake"], "preferences": {"snake": \#(snake)}}"#,
                             environment: ["GAMEHOST_ROOM_SEED": "4"])
    }

    /// A Snake room in play: `names` sit in its seats (the first opens it), `watching` watch it
    /// from the lobby; every seat steers the way its snake already goes (so is ready and
    /// changes nothing), and the room is returned once the countdown is over on every screen.
    func snakeRoom(_ server: SSHServer, seats names: [String], watching: [String] = []) throws -> SnakeRoom {
        let opener = try RoomTerminal(names[0], folder: server.folder, host: server.host, server: server)
        // Snake is first in the games (the config lists it first).
        opener.send("g", "Enter")
        try #require(opener.waitFor("o open a room"), "\(opener.tmux.capture())")
        opener.send("o")
        try #require(opener.waitFor("Waiting for \(names.count - 1) more player"), "\(opener.tmux.capture())")
        let code = try #require(opener.tmux.capture().firstMatch(of: /with the code ([A-Z]{4})/)?.1).description
        var seats = [opener]
        for name in names.dropFirst() {
            let seat = try RoomTerminal(name, folder: server.folder, host: server.host, server: server)
            seat.send("c")
            seat.type(code)
            seat.send("Enter")
            try #require(seat.waitFor("\(name) (you)"), "\(seat.tmux.capture())")
            seats.append(seat)
        }
        var spectators: [RoomTerminal] = []
        for name in watching {
            let spectator = try RoomTerminal(name, folder: server.folder, host: server.host, server: server)
            // The rooms come after the players online: the last row of the lobby is the room.
            for _ in 0..<(names.count + watching.count + 2) { spectator.send("Down") }
            spectator.send("w")
            try #require(spectator.waitFor("watching"), "\(spectator.tmux.capture())")
            spectators.append(spectator)
        }
        let room = SnakeRoom(code: code, seats: seats, spectators: spectators,
                             folder: server.host + "/rooms/" + code)
        try #require(opener.waitFor("0 of \(names.count) ready"), "\(opener.tmux.capture())")
        // Snakes start heading right and left in turn, down the board.
        for (index, seat) in seats.enumerated() { seat.send(index % 2 == 0 ? "Right" : "Left") }
        try #require(opener.waitFor("Starting in"), "\(opener.tmux.capture())")
        for terminal in room.everyone {
            try #require(terminal.tmux.waitUntilGone("Starting in", timeout: 10), "\(terminal.tmux.capture())")
        }
        return room
    }

    struct SnakeRoom {
        let code: String
        let seats: [RoomTerminal]
        let spectators: [RoomTerminal]
        /// The room's folder in the host's.
        let folder: String
        var everyone: [RoomTerminal] { seats + spectators }

        /// The room's journal as it stands.
        func lines() throws -> [RoomLine] { try RoomJournalReader(path: folder + "/journal.jsonl").readNew() }

        /// The tick lines so far, in order: the seat that wrote each and the moment it was due.
        func ticks() throws -> [(seat: Seat?, time: Double)] {
            try lines().compactMap { line in
                guard case .input(.tick, let time) = line.line else { return nil }
                return (line.seat, time)
            }
        }

        /// The process sitting in `seat`: the holder of the seat file's lock, as /proc/locks
        /// names it.
        func process(in seat: Seat) throws -> pid_t {
            // Read again for a while, as the seat's process may still be taking its seat.
            var locks = ""
            let deadline = Date().addingTimeInterval(2)
            repeat {
                var status = stat()
                try #require(stat(folder + "/seat-\(seat.index)", &status) == 0)
                locks = Self.wholeFile("/proc/locks")
                if let pid = Self.holder(of: status.st_ino, in: locks) { return pid }
                usleep(50_000)
            } while Date() < deadline
            throw TmuxError("no process holds seat \(seat.index + 1)'s lock:\n\(locks)")
        }

        /// A file of /proc read to its end: Foundation's `String(contentsOfFile:)` stops after
        /// its first 4 KiB, and a full test run holds enough locks to push the seats' past it.
        private static func wholeFile(_ path: String) -> String {
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { return "" }
            defer { close(descriptor) }
            var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65536)
            while case let count = read(descriptor, &chunk, chunk.count), count > 0 { bytes += chunk[..<count] }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// The process /proc/locks names as holding a `flock` of the file with inode `inode`.
        private static func holder(of inode: ino_t, in locks: String) -> pid_t? {
            for line in locks.split(separator: "\n") {
                // "1: FLOCK  ADVISORY  WRITE 4242 00:2d:1234 0 EOF"; a waiter's line has "->".
                let fields = line.split(separator: " ")
                guard fields.count >= 6, fields[1] == "FLOCK", !line.contains("->"),
                      fields[5].split(separator: ":").last == Substring(String(inode)),
                      let pid = pid_t(fields[4]) else { continue }
                return pid
            }
            return nil
        }
    }

    /// The board as drawn: the lines from its top edge (the players and their points) to its
    /// bottom edge, where nothing else is drawn (a seat's own lines above and below it may
    /// differ).
    static func snakeBoard(_ screen: String) -> [String] {
        let lines = screen.components(separatedBy: "\n")
        guard let top = lines.firstIndex(where: { $0.contains("╭") }),
              let bottom = lines.lastIndex(where: { $0.contains("╰") }), top < bottom else { return [] }
        return Array(lines[top...bottom])
    }

    /// Which tick a board shows, among the few ticks around now: where the first snake heading
    /// right has its head (it moves a cell each tick, and comes round again only after 18).
    static func tickMark(_ board: [String]) -> [Int]? {
        for (row, line) in board.enumerated() {
            if let head = line.firstIndex(of: "▶") { return [row, line.distance(from: line.startIndex, to: head)] }
        }
        return nil
    }

    /// Reads the terminals' screens at one moment, again and again, until they showed the same
    /// board at `wanted` different ticks, for `seconds` at most; returns at how many ticks they
    /// did, and each moment where the boards showed the same tick but differed. A moment
    /// counts only if a second reading at once shows each terminal as the first did, so no
    /// frame is caught half drawn; one where a terminal is a tick behind the others is skipped.
    static func boardsAtTheSameTick(_ terminals: [RoomTerminal], wanted: Int = 6,
                                    seconds: Double = 8) -> (ticks: Int, differing: [String]) {
        let panes = terminals.map(\.tmux)
        var ticks: Set<[Int]> = []
        var differing: [String] = []
        let deadline = Date().addingTimeInterval(seconds)
        while ticks.count < wanted, differing.isEmpty, Date() < deadline {
            let boards = Tmux.capture(panes).map(snakeBoard)
            guard boards.count == panes.count, Tmux.capture(panes).map(snakeBoard) == boards,
                  boards.allSatisfy({ !$0.isEmpty && !$0.joined().contains("Starting in") }),
                  let mark = tickMark(boards[0]), boards.allSatisfy({ tickMark($0) == mark }) else { continue }
            if boards.allSatisfy({ $0 == boards[0] }) {
                ticks.insert(mark)
            } else {
                differing.append(zip(terminals, boards).map { "\($0.name):\n" + $1.joined(separator: "\n") }
                    .joined(separator: "\n"))
            }
        }
        return (ticks.count, differing)
    }

    @Test(.enabled(if: SSHServer.shouldRun, "sshd cannot be started here"))
    func twoSeatsAndASpectatorSeeTheSameSnakeBoardAtEachTick() throws {
        let server = try Self.snakeServer(players: 2)
        let room = try snakeRoom(server, seats: ["alice", "bob"], watching: ["carol"])
        defer { for terminal in room.everyone { terminal.tmux.send("C-c") } }
        let seen = Self.boardsAtTheSameTick(room.everyone)
        #expect(seen.differing.isEmpty, "the same tick, different boards:\n\(seen.differing.joined(separator: "\n\n"))")
        let screens = room.everyone.map { $0.tmux.capture() }.joined(separator: "\n")
        #expect(seen.ticks >= 6, "the boards were the same at \(seen.ticks) ticks:\n\(screens)")
    }

    @Test(.enabled(if: SSHServer.shouldRun, "sshd cannot be started here"))
    func aSeatDroppedMidRoundLosesItsSnakeAndWatchesTheRestOnItsReturn() throws {
        let server = try Self.snakeServer(players: 3)
        let room = try snakeRoom(server, seats: ["alice", "bob", "carol"])
        defer { for terminal in room.everyone { terminal.tmux.send("C-c") } }
        let (alice, bob, carol) = (room.seats[0], room.seats[1], room.seats[2])
        // bob's is the one snake heading left.
        try #require(Self.snakeBoard(alice.tmux.capture()).joined().contains("◀"), "\(alice.tmux.capture())")

        try bob.drop()
        for other in [alice, carol] {
            #expect(other.waitFor("(gone)"), "\(other.tmux.capture())")
            #expect(!Self.snakeBoard(other.tmux.capture()).joined().contains("◀"), "\(other.tmux.capture())")
        }
        let left = try room.lines().filter { $0.line.isLeft }
        #expect(left.map(\.seat) == [Seat(1)], "one left line, bob's: \(left)")

        // bob comes back to his seat and watches alice's and carol's snakes go on without his.
        try bob.reconnect(host: server.host, server: server)
        bob.send("c")
        bob.type(room.code)
        bob.send("Enter")
        try #require(bob.waitFor("(gone)"), "\(bob.tmux.capture())")
        let seen = Self.boardsAtTheSameTick([alice, bob, carol])
        #expect(seen.differing.isEmpty, "the same tick, different boards:\n\(seen.differing.joined(separator: "\n\n"))")
        #expect(seen.ticks >= 6, "the boards were the same at \(seen.ticks) ticks:\n\(bob.tmux.capture())")
        #expect(!Self.snakeBoard(bob.tmux.capture()).joined().contains("◀"), "\(bob.tmux.capture())")
        #expect(try room.lines().filter { $0.line.isLeft }.count == 1, "coming back is no leave")
    }

    @Test(.enabled(if: SSHServer.shouldRun, "sshd cannot be started here"))
    func theClocksKeeperKilledAnotherSeatKeepsTheClockNoTickLostOrDoubled() throws {
        let server = try Self.snakeServer(players: 3)
        let room = try snakeRoom(server, seats: ["alice", "bob", "carol"])
        defer { for terminal in room.everyone { terminal.tmux.send("C-c") } }
        // A few ticks of play, then the keeper's process (the last tick's writer) dies.
        let deadline = Date().addingTimeInterval(5)
        while try room.ticks().count < 8, Date() < deadline { usleep(50_000) }
        let before = try room.ticks()
        let keeper = try #require(before.last?.seat, "no tick yet")
        let process = try room.process(in: keeper)
        let killed = Date()
        #expect(kill(process, SIGKILL) == 0)
        // Within the grace, after the next tick fell due, another seat steers the way its snake
        // goes (a line that changes nothing on the board): it comes before that tick in the
        // journal, and the ticks after must keep their pace all the same.
        usleep(150_000)
        let steering = try #require(room.seats.indices.first { Seat($0) != keeper })
        room.seats[steering].send(steering % 2 == 0 ? "Right" : "Left")

        // Another seat writes the next ticks after the grace (300 ms at 10 ticks a second);
        // two seconds leave room for a busy machine, and say the clock did not stop.
        var takenOver: Date?
        while Date() < killed.addingTimeInterval(10) {
            // The keeper may have written a tick or two more before it died.
            let after = try room.ticks().dropFirst(before.count).drop(while: { $0.seat == keeper })
            if takenOver == nil, !after.isEmpty { takenOver = Date() }
            if after.count >= 10 { break }
            usleep(20_000)
        }
        let journal = try room.lines()
        let handedOver = try #require(takenOver, "no seat took the clock over:\n\(journal)")
        #expect(handedOver.timeIntervalSince(killed) < 2, "taken over after \(handedOver.timeIntervalSince(killed)) s")

        let ticks = try room.ticks()
        let afterwards = ticks.dropFirst(before.count).drop(while: { $0.seat == keeper })
        #expect(afterwards.allSatisfy { $0.seat != keeper && $0.seat != nil }, "\(afterwards.map(\.seat))")
        // Each tick is stamped with the moment it fell due: a second apart on the countdown,
        // then 100 ms; a lost tick would leave a gap of two, a doubled one none.
        let gaps = zip(ticks.dropFirst(), ticks).map { (($0.time - $1.time) * 1000).rounded() }
        let countdown = gaps.prefix { $0 == 1000 }
        #expect(countdown.count == 2 && gaps.dropFirst(countdown.count).allSatisfy { $0 == 100 }, "\(gaps)")
        // Its snake is taken off once, by another seat's process (at its next look at the seats).
        var left: [Seat?] = []
        while left.isEmpty, Date() < killed.addingTimeInterval(10) {
            left = try room.lines().filter { $0.line.isLeft }.map(\.seat)
            usleep(50_000)
        }
        #expect(left == [keeper], "\((try? room.lines()) ?? [])")

        let survivors = room.seats.indices.filter { Seat($0) != keeper }.map { room.seats[$0] }
        let seen = Self.boardsAtTheSameTick(survivors)
        #expect(seen.differing.isEmpty, "the same tick, different boards:\n\(seen.differing.joined(separator: "\n\n"))")
        #expect(seen.ticks >= 6, "the boards were the same at \(seen.ticks) ticks")
    }
}

extension JournalLine {
    /// Whether the line says a seat left.
    var isLeft: Bool { if case .input(.left, _) = self { true } else { false } }
}
