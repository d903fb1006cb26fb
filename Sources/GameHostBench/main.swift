import Foundation
import BuiltInGames
import GameHost
import GameHostTesting

// gamehost-bench: the in-process rows of the performance table (1, 2, 5, 6, 7).
// Build it in release: `swift run -c release gamehost-bench [--keys N] [--walk-keys N]`.
// The whole-process rows (3, 4) and the peers are in Scripts/bench.sh.
// `--hosted`: GameHost served by a real sshd to N ssh clients (HostedBench.swift);
// Scripts/host-bench.sh builds and runs it. `--realtime-rooms`: Snake rooms at 10 ticks a second
// through a real sshd (RealtimeRoomsBench.swift). `--room-cpu`: what a seat's process spends per tick
// of a Snake room, without sshd, for each `--binary` given (RoomCPUBench.swift).

var keys = 100_000
var walkKeys = 100_000
var only: String?
var ticks = 100
var binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("gamehost").path
var bytesOnly = false
var hostedMode = false
var realtimeRooms = false
var roomCPU = false
var binaries: [String] = []
var repeats = 2
var callgrind = false
var secondsGiven: Double?
var lockstep = false
var raisePriority = true
var roomShapes: [(rooms: Int, seats: Int)] = [(1, 8), (50, 4)]
var hostedOptions = HostedBench(binary: "")
var arguments = CommandLine.arguments.dropFirst()
// --room-create FOLDER opens a room there and prints its journal's path; --room-append JOURNAL SEAT COUNT: appends COUNT pastes "SEAT-N" from SEAT to a room's
// journal, as a seat's process does; the rooms' end-to-end tests run several at once.
if arguments.first == "--room-create", arguments.count == 2 {
    let rooms = Rooms(directory: Array(arguments)[1])
    let entry = BuiltInGames.entries[0]
    let room = try rooms.create(game: entry, title: entry.info.title, values: [:], seed: 1, player: "bench", now: Date())
    print(rooms.journalPath(try RoomCode(parsing: room.code)))
    exit(0)
}
if arguments.first == "--room-append", arguments.count == 4 {
    let words = Array(arguments)
    let journal = RoomJournal(path: words[1], started: 0)
    guard let seat = Int(words[2]), let count = Int(words[3]) else { exit(64) }
    for number in 0..<count { try journal.append(.paste("\(seat)-\(number)"), from: Seat(seat)) }
    exit(0)
}
while let word = arguments.popFirst() {
    switch word {
    case "--keys": keys = Int(arguments.popFirst() ?? "") ?? keys
    case "--walk-keys": walkKeys = Int(arguments.popFirst() ?? "") ?? walkKeys
    case "--game": only = arguments.popFirst()
    case "--ticks": ticks = Int(arguments.popFirst() ?? "") ?? ticks
    case "--binary":
        binary = arguments.popFirst() ?? binary
        binaries.append(binary)
    case "--bytes": bytesOnly = true
    case "--hosted": hostedMode = true
    case "--realtime-rooms": realtimeRooms = true
    case "--room-cpu": roomCPU = true
    case "--lockstep": lockstep = true
    case "--plain-priority": raisePriority = false
    case "--repeats": repeats = max(1, Int(arguments.popFirst() ?? "") ?? repeats)
    case "--callgrind": callgrind = true
    case "--rooms":
        let shapes = (arguments.popFirst() ?? "").split(separator: ",").map { $0.split(separator: "x").compactMap { Int($0) } }
        guard !shapes.isEmpty, shapes.allSatisfy({ $0.count == 2 && $0[0] > 0 && (2...8).contains($0[1]) }) else {
            print("--rooms takes rooms×seats separated by commas, such as 1x8,50x4 (2 to 8 seats)")
            exit(64)
        }
        roomShapes = shapes.map { ($0[0], $0[1]) }
    case "--journal-intents":
        JournalIntentsBench.run()
        exit(0)
    case "--sessions":
        let counts = (arguments.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
        guard !counts.isEmpty else {
            print("--sessions takes session counts separated by commas, such as 10,50,100")
            exit(64)
        }
        hostedOptions.sessions = counts
    case "--seconds":
        hostedOptions.seconds = Double(arguments.popFirst() ?? "") ?? 30
        secondsGiven = hostedOptions.seconds
    case "--connects": hostedOptions.connects = max(1, Int(arguments.popFirst() ?? "") ?? 20)
    default:
        print("usage: gamehost-bench [--keys N] [--walk-keys N] [--game ID] [--ticks N] [--binary PATH] [--bytes]")
        print("       gamehost-bench --journal-intents")
        print("       gamehost-bench --hosted [--sessions N,N,...] [--seconds S] [--connects N] [--game ID] [--binary PATH]")
        print("       gamehost-bench --realtime-rooms [--rooms 1x8,50x4] [--lockstep] [--plain-priority] [--seconds S] [--binary PATH]")
        print("       gamehost-bench --room-cpu [--seconds S] [--repeats N] [--callgrind] [--binary PATH ...]")
        exit(64)
    }
}

if realtimeRooms {
    do {
        try RealtimeRoomsBench(binary: binary, seconds: hostedOptions.seconds, shapes: roomShapes, lockstep: lockstep,
                               raisePriority: raisePriority).run()
        exit(0)
    } catch {
        print("real-time rooms benchmark: \(error)")
        Cleanup.shared.run()
        exit(1)
    }
}

if roomCPU {
    do {
        try RoomCPUBench(binaries: binaries.isEmpty ? [binary] : binaries, seconds: secondsGiven ?? 10, repeats: repeats,
                         callgrind: callgrind).run()
        exit(0)
    } catch {
        print("room CPU benchmark: \(error)")
        Cleanup.shared.run()
        exit(1)
    }
}

if hostedMode {
    var hosted = hostedOptions
    hosted.binary = binary
    if let only { hosted.game = only }
    do {
        try hosted.run()
        exit(0)
    } catch {
        print("hosted benchmark: \(error)")
        Cleanup.shared.run()
        exit(1)
    }
}

// Data files go to memory when it can, so rows measure the program rather than the disk.
if FileManager.default.fileExists(atPath: "/dev/shm") { setenv("TMPDIR", "/dev/shm/", 1) }

print("GameHost benchmark — \(keys) keys per module and size; figures are from this run only.")
print("row | what | figure | reference | ratio | target | verdict")
for entry in BuiltInGames.entries where only == nil || entry.id == only {
    if !bytesOnly { Benchmarks.latency(entry, keys: keys) }
    Benchmarks.bytes(entry, keys: min(keys, 20_000))
    if !bytesOnly { Benchmarks.walkThroughput(entry, keys: walkKeys) }
}
// --bytes: rows 2 and 2w only; bytes do not depend on the build, so a debug build will do.
if only == nil || only == "memorize" { Benchmarks.disputedBytes(keys: min(keys, 2_000)) }
if !bytesOnly, only == nil || only == "memorize" { Benchmarks.manyThemes() }
if !bytesOnly, only == nil || only == "snake" {
    SteadyTime.tickToFrame(ticks: max(ticks, 1_000))
    SteadyTime.fired(binary: binary, ticks: ticks)
}
for entry in BuiltInGames.entries where only == nil || entry.id == only {
    JournalBench.keyCost(entry, keys: min(keys, 20_000))
    JournalBench.resumeTime(entry, inputs: 10_000)
}
if only == nil { JournalBench.sizes() }
