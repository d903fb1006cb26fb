import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import GameHost
import GameHostTesting
import Testing

/// The room journal, codes and the rooms' folder, without terminals.
@Suite struct RoomJournalTests {
    static let duel = GameEntry(DuelGame.self)

    func header(started: Double = 1_700_000_000) -> JournalHeader {
        JournalHeader(journal: JournalHeader.currentFormat, game: "duel", version: Self.duel.info.version,
                      preferences: [:], random: SeededGenerator(seed: 7), started: started, checkEvery: 20)
    }

    @Test func codesAreFourLettersWithoutLookAlikes() throws {
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<500 {
            let code = RoomCode.random(using: &generator)
            #expect(code.text.count == 4 && code.text.allSatisfy(RoomCode.alphabet.contains))
        }
        for letter in "ILOQUVSZB0125" { #expect(!RoomCode.alphabet.contains(letter)) }
        #expect(try RoomCode(parsing: " k-m-a-x ").text == "KMAX")
        #expect(try RoomCode(parsing: "kmax") == RoomCode(parsing: "KMAX"))
        #expect(throws: RoomCodeError("“O” is not in a room code: codes use only ACFHJKMNRWXY.")) {
            try RoomCode(parsing: "KOAX")
        }
        #expect(throws: RoomCodeError("A room code has 4 letters; “KMA” has 3.")) { try RoomCode(parsing: "KMA") }
    }

    /// A kill during `Rooms.create` leaves a code folder without room.json (and a room's kill
    /// mid-write a fixed-name temporary): the next room opened or listed a minute later removes
    /// them; a folder being made right now, or a room whole, is left alone.
    @Test func halfMadeRoomsAndStaleTemporariesAreSweptByTheNextWriterOrLister() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let rooms = Rooms(directory: host + "/rooms")
        let now = Date()
        let whole = try rooms.create(game: Self.duel, title: "Duel", values: [:], seed: 1, player: "ada", now: now)
        let code = try RoomCode(parsing: whole.code)
        // Listed once first: ada's seat is marked away, the one write its listing makes.
        _ = rooms.live(now: now, timeout: 3600)
        _ = FileManager.default.createFile(atPath: rooms.statePath(code) + ".tmp", contents: Data("{\"co".utf8))
        for half in ["KMAX", "WXYF"] {
            try FileManager.default.createDirectory(atPath: rooms.directory + "/" + half, withIntermediateDirectories: false)
            _ = FileManager.default.createFile(atPath: rooms.directory + "/" + half + "/journal.jsonl.tmp", contents: Data("{".utf8))
        }
        // Made a moment ago: another process may be writing it.
        _ = rooms.live(now: now, timeout: 3600)
        #expect(FileManager.default.fileExists(atPath: rooms.directory + "/KMAX"))
        #expect(FileManager.default.fileExists(atPath: rooms.statePath(code) + ".tmp"))

        _ = rooms.live(now: now.addingTimeInterval(Rooms.halfMadeAfter + 1), timeout: 3600)
        #expect(!FileManager.default.fileExists(atPath: rooms.directory + "/KMAX"))
        #expect(!FileManager.default.fileExists(atPath: rooms.directory + "/WXYF"))
        #expect(!FileManager.default.fileExists(atPath: rooms.statePath(code) + ".tmp"))
        #expect(rooms.state(code)?.seats.first?.player == "ada", "a whole room stays")

        try FileManager.default.createDirectory(atPath: rooms.directory + "/KMAX", withIntermediateDirectories: false)
        _ = try rooms.create(game: Self.duel, title: "Duel", values: [:], seed: 2, player: "bob",
                             now: now.addingTimeInterval(2 * Rooms.halfMadeAfter))
        #expect(!FileManager.default.fileExists(atPath: rooms.directory + "/KMAX"), "the next room opened sweeps too")
    }

    @Test func aRoomLineIsAJournalLineWithItsSeat() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let line = RoomLine(.input(.key(.up), time: 1.5), seat: Seat(1))
        let json = String(decoding: try encoder.encode(line), as: UTF8.self)
        #expect(json.contains("\"seat\":1") && json.contains("\"kind\":\"key\""), "\(json)")
        #expect(try JSONDecoder().decode(RoomLine.self, from: Data(json.utf8)) == line)
        // An ordinary journal's line reads as a line of no seat, and a room's as an ordinary one.
        let plain = try encoder.encode(JournalLine.input(.key(.up), time: 1.5))
        #expect(try JSONDecoder().decode(RoomLine.self, from: plain) == RoomLine(.input(.key(.up), time: 1.5)))
        #expect(try JSONDecoder().decode(JournalLine.self, from: Data(json.utf8)) == .input(.key(.up), time: 1.5))
        let labelled = RoomLine(.input(.key(.enter), time: 2), seat: Seat(0), label: "lock in")
        #expect(try JSONDecoder().decode(RoomLine.self, from: encoder.encode(labelled)) == labelled)
                #expect(throws: DecodingError.self) { try JSONDecoder().decode(RoomLine.self, from: Data(#"{"kind":"key","key":"up","t":1,"seat":-1}"#.utf8)) }
    }

    @Test func appendsFromManyWritersKeepWholeLinesAndLoseNone() throws {
        let folder = TestDriver.temporaryDirectory()
        let path = folder + "/journal.jsonl"
        _ = try RoomJournal.create(path, header: header())
        let reader = RoomJournalReader(path: path)
        #expect(try reader.readNew().isEmpty && reader.header == header())
        // Each writer has its own descriptor, as each process has: flock is per open file.
        let writers = 4, each = 200
        DispatchQueue.concurrentPerform(iterations: writers) { index in
            let journal = RoomJournal(path: path, started: 1_700_000_000)
            for number in 0..<each {
                try? journal.append(.paste("\(index)-\(number)"), from: Seat(index))
            }
        }
        let lines = try reader.readNew()
        #expect(lines.count == writers * each)
        for seat in 0..<writers {
            let mine = lines.filter { $0.seat == Seat(seat) }.compactMap { line -> String? in
                if case .input(.paste(let text), _) = line.line { text } else { nil }
            }
            #expect(mine == (0..<each).map { "\(seat)-\($0)" })
        }
        // A second reader reads the same lines in the same order.
        let other = RoomJournalReader(path: path)
        #expect(try other.readNew() == lines)
    }

    @Test func aLineStillBeingWrittenWaitsForItsEnd() throws {
        let folder = TestDriver.temporaryDirectory()
        let path = folder + "/journal.jsonl"
        _ = try RoomJournal.create(path, header: header())
        let reader = RoomJournalReader(path: path)
        _ = try reader.readNew()
        let descriptor = open(path, O_WRONLY | O_APPEND)
        defer { close(descriptor) }
        func add(_ text: String) { _ = text.utf8CString.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count - 1) } }
        add(#"{"kind":"key","key":"up","#)
        #expect(try reader.readNew().isEmpty)
        add(#""t":2,"seat":0}"# + "\n")
        #expect(try reader.readNew() == [RoomLine(.input(.key(.up), time: 2), seat: Seat(0))])
        add("not json\n")
        #expect(throws: JournalError.unreadable("line 3 of the room's journal cannot be read")) { try reader.readNew() }
    }

    /// Several lines in one read, blank lines among them (skipped, as no line), and a line cut
    /// at the end of a read: each line is read once, whole, in its order.
    @Test func linesReadTogetherAreEachReadOnceWhole() throws {
        let folder = TestDriver.temporaryDirectory()
        let path = folder + "/journal.jsonl"
        _ = try RoomJournal.create(path, header: header())
        let reader = RoomJournalReader(path: path)
        _ = try reader.readNew()
        let descriptor = open(path, O_WRONLY | O_APPEND)
        defer { close(descriptor) }
        func add(_ text: String) { _ = text.utf8CString.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count - 1) } }
        func tick(_ time: Double, _ seat: Int) -> RoomLine { RoomLine(.input(.tick, time: time), seat: Seat(seat)) }
        add("\n" + #"{"kind":"tick","seat":0,"t":1}"# + "\n\n" + #"{"kind":"tick","seat":1,"t":2}"# + "\n" + #"{"kind":"ti"#)
        #expect(try reader.readNew() == [tick(1, 0), tick(2, 1)])
        add(#"ck","seat":2,"t":3}"# + "\n\n\n")
        #expect(try reader.readNew() == [tick(3, 2)])
        #expect(try reader.readNew().isEmpty)
        #expect(reader.count == 3)
    }

    /// The reader keeps the journal open; a file put in its place (renamed over it, as a
    /// replacement is made whole) is not the room's journal: nothing of it is read, now or later.
    @Test func aReplacedJournalIsNotReadFromThen() throws {
        let folder = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/journal.jsonl"
        let journal = try RoomJournal.create(path, header: header())
        let reader = RoomJournalReader(path: path)
        try journal.append(.key(.up), from: Seat(0), now: Date(timeIntervalSince1970: 1_700_000_001))
        #expect(try reader.readNew().count == 1)
        // Another journal, longer than what was read, whose lines past that point read whole.
        let other = try RoomJournal.create(folder + "/other.jsonl", header: header())
        for index in 0..<40 { try other.append(.paste("other \(index)"), from: Seat(1)) }
        #expect(rename(folder + "/other.jsonl", path) == 0)
        #expect(try reader.readNew().isEmpty, "the replacement's lines are another journal's")
        try RoomJournal(path: path, started: 1_700_000_000).append(.key(.down), from: Seat(0))
        #expect(try reader.readNew().isEmpty, "nor read later")
        // Removed, likewise: nothing more is read, even from a file made at its name after.
        let removed = folder + "/removed.jsonl"
        let gone = try RoomJournal.create(removed, header: header())
        let goneReader = RoomJournalReader(path: removed)
        #expect(try goneReader.readNew().isEmpty && goneReader.header == header())
        #expect(unlink(removed) == 0)
        _ = try RoomJournal.create(removed, header: header())
        try gone.append(.key(.up), from: Seat(0))
        #expect(try goneReader.readNew().isEmpty)
    }

    /// Moved with its folder when the room ends, the journal is still the room's: a line
    /// appended by a seat that holds it open is read.
    @Test func aJournalMovedWithItsFolderIsStillRead() throws {
        let folder = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/KMAX", withIntermediateDirectories: false)
        let journal = try RoomJournal.create(folder + "/KMAX/journal.jsonl", header: header())
        let reader = RoomJournalReader(path: folder + "/KMAX/journal.jsonl")
        try journal.append(.key(.up), from: Seat(0), now: Date(timeIntervalSince1970: 1_700_000_001))
        #expect(try reader.readNew().count == 1)
        try FileManager.default.createDirectory(atPath: folder + "/ended", withIntermediateDirectories: false)
        #expect(rename(folder + "/KMAX", folder + "/ended/KMAX-1") == 0)
        try journal.append(.left, from: Seat(1), now: Date(timeIntervalSince1970: 1_700_000_002))
        #expect(try reader.readNew() == [RoomLine(.input(.left, time: 2), seat: Seat(1))])
    }

    @Test func theWatcherIsWokenByAnAppend() throws {
        let folder = TestDriver.temporaryDirectory()
        let path = folder + "/journal.jsonl"
        let journal = try RoomJournal.create(path, header: header())
        let watcher = try #require(FolderWatcher(folder: folder))
        watcher.drain()
        #expect(!watcher.wait(milliseconds: 0))
        try journal.append(.key(.up), from: Seat(0))
        #expect(watcher.wait(milliseconds: 1000))
        #expect(watcher.drain() == ["journal.jsonl"])
        #expect(!watcher.wait(milliseconds: 0))
    }

    @Test func seatsJoinInOrderAndARoomIsFullThen() throws {
        let rooms = Rooms(directory: TestDriver.temporaryDirectory() + "/rooms")
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let room = try rooms.create(game: Self.duel, title: "Duel", values: [:], seed: 1, player: "ada", now: now)
        let code = try RoomCode(parsing: room.code)
        #expect(room.seats.map(\.player) == ["ada", nil] && room.phase == "open 1/2" && room.started == nil)
        #expect(try rooms.join(code, player: "ada", now: now) == Seat(0))
        #expect(try rooms.join(code, player: "bob", now: now) == Seat(1))
        #expect(rooms.state(code)?.phase == "playing")
        #expect(throws: RoomCodeError("Room \(code) is full: its 2 seats are taken. You may watch it from the lobby.")) {
            try rooms.join(code, player: "cy", now: now)
        }
        // bob again (a dropped connection come back): his seat.
        #expect(try rooms.join(code, player: "bob", now: now) == Seat(1))
        #expect(throws: RoomCodeError("No room has the code KMAX.")) {
            try rooms.join(RoomCode(parsing: code.text == "KMAX" ? "KMAY" : "KMAX"), player: "cy", now: now)
        }
    }

    /// Looks at the room at `time` until the seat is seen away (for at most two seconds).
    func seen(_ code: RoomCode, seat: Int, in rooms: Rooms, at time: Date) {
        for _ in 0..<200 where rooms.observe(code, now: time)?.seats[seat].away == nil { usleep(10_000) }
    }

    @Test func aSeatLeftIsAwaySinceThenAndAnEmptyRoomEndsAfterTheTimeOut() throws {
        let rooms = Rooms(directory: TestDriver.temporaryDirectory() + "/rooms")
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let room = try rooms.create(game: Self.duel, title: "Duel", values: [:], seed: 1, player: "ada", now: now)
        let code = try RoomCode(parsing: room.code)
        _ = try rooms.join(code, player: "bob", now: now)
        let ada = try #require(rooms.sit(code, Seat(0)))
        let bob = try #require(rooms.sit(code, Seat(1)))
        #expect(rooms.sit(code, Seat(1)) == nil, "a seat holds one process")
        #expect(rooms.observe(code, now: now)?.seats.map(\.away) == [nil, nil])
        close(bob)
        // A process another test forks meanwhile holds a copy of the seat's lock until it execs.
        seen(code, seat: 1, in: rooms, at: now.addingTimeInterval(5))
        #expect(rooms.observe(code, now: now.addingTimeInterval(5))?.seats.map(\.away) == [nil, now.timeIntervalSince1970 + 5])
        // Seen later, the time away still counts from when it was first seen.
        #expect(rooms.observe(code, now: now.addingTimeInterval(50))?.seats[1].away == now.timeIntervalSince1970 + 5)
        close(ada)
        seen(code, seat: 0, in: rooms, at: now.addingTimeInterval(60))
        #expect(rooms.live(now: now.addingTimeInterval(60), timeout: 600).map(\.code) == [code.text])
        try rooms.update(code) { $0.rounds.append(.init(player: "ada", score: 3, summary: "won", inputs: 5)) }
        #expect(rooms.live(now: now.addingTimeInterval(60 + 601), timeout: 600).isEmpty)
        #expect(rooms.state(code) == nil)
        let ended = try FileManager.default.contentsOfDirectory(atPath: rooms.directory + "/ended")
        #expect(ended.count == 1 && ended[0].hasPrefix(code.text + "-"))
        let kept = rooms.directory + "/ended/" + ended[0]
        #expect(try FileManager.default.contentsOfDirectory(atPath: kept).sorted() == ["journal.jsonl", "room.json"])
        let state = try JSONDecoder().decode(RoomState.self, from: Data(contentsOf: URL(fileURLWithPath: kept + "/room.json")))
        #expect(state.endedBecause == "everyone left" && state.rounds.map(\.player) == ["ada"])
    }
}
