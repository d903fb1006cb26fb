import Foundation
import GameHost
import SSHHarness
#if canImport(Glibc)
import Glibc
#endif

/// `gamehost-bench --room-cpu`: what one seat's `gamehost` process spends per tick of a Snake
/// room at 10 ticks a second (issue 39, point 3), measured so that the machine's load does
/// not change the figure: CPU time from /proc/PID/schedstat (or, with `--callgrind`, the
/// instructions callgrind counts), divided by the tick lines the room's journal gained.
///
/// No sshd: each seat is `gamehost host serve` in a pseudo-terminal of its own, as sshd would
/// run it (SSH_USER_AUTH naming the player's key, named by the operator, so straight to the
/// lobby). The room is opened and played as `--realtime-rooms` does (`RoomTable`), first with
/// no keys (ticks only), then with its key a tick. The clock's holder (the seat writing the
/// tick lines) and the followers are reported apart. Several binaries are measured in turn,
/// `--repeats` times over, in the same run, to compare a change with its parent.
struct RoomCPUBench {
    var binaries: [String]
    var seconds = 10.0
    var seats = 4
    var repeats = 2
    /// Every seat under `valgrind --tool=callgrind`; its counts from the measured window only.
    var callgrind = false

    /// One phase of one room: each seat's CPU (or instructions) over its window, the ticks
    /// the journal gained over that seat's window, and the keys pressed.
    struct Phase {
        /// Per seat: CPU seconds, or instructions under callgrind.
        var spent: [Double]
        /// Per seat: tick lines written in its window (its dumps under callgrind come one
        /// after the other, so each seat's window is its own).
        var ticks: [Int]
        var keys: Int
        /// The seat that wrote the phase's tick lines; nil if the clock changed hands.
        var holder: Int?

        /// Per tick, for the holder and the followers' mean.
        func perTick() -> (holder: Double, followers: Double) {
            let each = zip(spent, ticks).map { $0 / Double(max($1, 1)) }
            let followers = each.enumerated().filter { $0.offset != holder }.map(\.element)
            return (holder.map { each[$0] } ?? .nan, followers.reduce(0, +) / Double(max(followers.count, 1)))
        }
    }

    func run() throws {
        let folder = try Self.temporaryFolder()
        Cleanup.shared.folder = folder
        Cleanup.shared.catchSignals()
        defer { Cleanup.shared.run() }
        let keys = try (0..<seats).map { try Self.newKey(folder, "player\($0 + 1)") }
        try keys.enumerated().map { index, key in
            try String(contentsOfFile: key + ".pub", encoding: .utf8).split(separator: " ").prefix(2).joined(separator: " ")
                + " cpu\(index + 1)\n"
        }.joined().write(toFile: folder + "/players.keys", atomically: true, encoding: .utf8)
        try #"{"hosting": {"namedKeys": "\#(folder)/players.keys", "idleTimeout": 0}}"#
            .write(toFile: folder + "/config.json", atomically: true, encoding: .utf8)

        let unit = callgrind ? "instructions (callgrind)" : "µs of CPU (schedstat)"
        print("GameHost room CPU — one Snake room of \(seats) seats at 10 ticks a second, each seat `host serve` in a pty "
              + "(no sshd); \(Int(seconds)) s a phase; \(unit) per tick per seat process; load \(loadAverage()) at the start")
        print("binary | phase | holder per tick | followers per tick (mean) | ticks | keys | holder seat")
        for _ in 0..<repeats {
            for binary in binaries {
                let phases = try measure(binary: binary, folder: folder, keys: keys)
                for (name, phase) in zip(["ticks only", "a key a tick"], phases) {
                    let (holder, followers) = phase.perTick()
                    let scale = callgrind ? 1.0 : 1e6
                    print("\(binary) | \(name) | \(format(holder * scale, callgrind ? 0 : 1)) | "
                          + "\(format(followers * scale, callgrind ? 0 : 1)) | \(phase.ticks.max() ?? 0) | \(phase.keys) | "
                          + (phase.holder.map { "\($0 + 1)" } ?? "changed hands"))
                    fflush(nil)
                }
            }
        }
        if callgrind {
            print("callgrind's files, kept: \(folder)-callgrind/BINARY/seatN.PID.D; the windows are dumps 2 (ticks only) "
                  + "and 4 (a key a tick): callgrind_annotate FILE")
        }
    }

    /// One room played with `binary`: the ticks-only phase, then the one with keys.
    private func measure(binary: String, folder: String, keys: [String]) throws -> [Phase] {
        let host = folder + "/host"
        try? FileManager.default.removeItem(atPath: host)
        try FileManager.default.createDirectory(atPath: host, withIntermediateDirectories: true)
        // Kept after the run, to read with callgrind_annotate.
        let outputs = folder + "-callgrind/" + URL(fileURLWithPath: binary).lastPathComponent
        if callgrind { try FileManager.default.createDirectory(atPath: outputs, withIntermediateDirectories: true) }
        var program = binary
        if callgrind {
            // valgrind 3.19 cannot read the debug information Swift writes (it gives up on the
            // binary): a copy without it, keeping the symbols, is profiled instead.
            program = outputs + "/gamehost"
            try? FileManager.default.removeItem(atPath: program)
            let copied = try ChildProcess.run(["/usr/bin/objcopy", "--strip-debug", binary, program])
            guard copied.status == 0 else { throw BenchError("objcopy could not copy \(binary): \(copied.output)") }
        }
        let table = try RoomTable(host: host) { index in
            let serve = [program, "host", "serve", "--data-dir", host, "--config", folder + "/config.json"]
            let valgrind = ["/usr/bin/valgrind", "--tool=callgrind", "--callgrind-out-file=\(outputs)/seat\(index + 1).%p"]
            return ["/usr/bin/env", "SSH_USER_AUTH=\(keys[index]).auth", "GAMEHOST_PROBE=0", "GAMEHOST_ROOM_SEED=4"]
                + (callgrind ? valgrind : []) + serve
        }
        defer { table.close() }
        try table.connect(seats)
        let room = try table.open(table.seats)
        try table.start([room])
        let journal = host + "/rooms/" + (roomCode(host) ?? "") + "/journal.jsonl"
        return try [false, true].map { pressing in
            let before = try spent(table.seats, outputs: outputs, journal: journal), keys = room.keys
            table.play([room], seconds: seconds, pressing: pressing)
            let after = try spent(table.seats, outputs: outputs, journal: journal)
            let writers = Set(Self.ticks(journal).dropFirst(before.map(\.ticks).min() ?? 0))
            // A dump holds what was counted since the one before: the window's already.
            return Phase(spent: zip(after, before).map { callgrind ? $0.spent : $0.spent - $1.spent },
                         ticks: zip(after, before).map { $0.ticks - $1.ticks }, keys: room.keys - keys,
                         holder: writers.count == 1 ? writers.first! : nil)
        }
    }

    /// What each seat's process spent so far, and the tick lines written by then: CPU
    /// seconds, or instructions under callgrind (dumped now, each dump holding what was
    /// counted since the one before).
    private func spent(_ seats: [BenchSeat], outputs: String, journal: String) throws -> [(spent: Double, ticks: Int)] {
        try seats.map { seat in
            guard callgrind else { return (ProcessUsage.read(seat.client.pid)?.seconds ?? .nan, Self.ticks(journal).count) }
            let dumped = try ChildProcess.run(["/usr/bin/callgrind_control", "--dump", "\(seat.client.pid)"])
            guard dumped.status == 0, let count = Self.lastDump(seat.client.pid, in: outputs, prefix: "seat\(seat.seat + 1)")
            else { throw BenchError("callgrind_control could not dump seat \(seat.seat + 1): \(dumped.output)") }
            return (Double(count), Self.ticks(journal).count)
        }
    }

    /// The instructions in the newest dump callgrind wrote for `pid` (`prefix.PID.N`, N counting
    /// the dumps), from its "summary:" line.
    private static func lastDump(_ pid: pid_t, in folder: String, prefix: String) -> Int? {
        let name = "\(prefix).\(pid)."
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(name) }
        guard let newest = files.max(by: { Int($0.dropFirst(name.count)) ?? 0 < Int($1.dropFirst(name.count)) ?? 0 }),
              let text = try? String(contentsOfFile: folder + "/" + newest, encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("summary:") }) else { return nil }
        return Int(line.dropFirst("summary:".count).trimmingCharacters(in: .whitespaces))
    }

    /// The seat (from 0) that wrote each of the journal's tick lines, in order.
    static func ticks(_ journal: String) -> [Int] {
        let lines = (try? RoomJournalReader(path: journal).readNew()) ?? []
        return lines.compactMap { line in
            guard case .input(.tick, _) = line.line else { return nil }
            return line.seat?.index ?? -1
        }
    }

    private func roomCode(_ host: String) -> String? {
        ((try? FileManager.default.contentsOfDirectory(atPath: host + "/rooms")) ?? []).first { $0.count == 4 }
    }

    private static func temporaryFolder() throws -> String {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let folder = base + "/gamehost-room-cpu." + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        return folder
    }

    /// A new ed25519 key at `folder/name`, and the file sshd's ExposeAuthInfo would write for it.
    private static func newKey(_ folder: String, _ name: String) throws -> String {
        let path = folder + "/" + name
        let made = try ChildProcess.run(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "", "-f", path])
        guard made.status == 0 else { throw BenchError("ssh-keygen failed: \(made.output)") }
        let words = try String(contentsOfFile: path + ".pub", encoding: .utf8).split(separator: " ")
        try "publickey \(words[0]) \(words[1])\n".write(toFile: path + ".auth", atomically: true, encoding: .utf8)
        return path
    }
}
