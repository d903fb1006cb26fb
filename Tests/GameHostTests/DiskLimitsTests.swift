import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// Everything a player can make a host store is bounded: their folder by `maxDataKB` (the
/// journals counted, the kept ones going first), a room's journal by `maxJournalKB`, the
/// board's journal copies and the ended rooms by a count.
@Suite struct DiskLimitsTests {
    static let games = [GameEntry(DuelGame.self), GameEntry(CounterGame.self)]

    func write(_ bytes: Int, to path: String) throws {
        try FileManager.default.createDirectory(atPath: Path.folder(of: path), withIntermediateDirectories: true)
        try Data(count: bytes).write(to: URL(fileURLWithPath: path))
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    @Test func theOldestKeptJournalsMakeRoomForASaveAndNoneGoesForASaveThatCannotFit() throws {
        let folder = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let oldest = folder + "/counter/journals/20260101-000000-000.jsonl"
        let newer = folder + "/duel/journals/20260102-000000-000.jsonl"
        try write(20_000, to: oldest)
        try write(20_000, to: newer)
        try write(20_000, to: folder + "/counter/filler")
        let store = DataStore(directory: folder + "/counter", report: { _ in })
        store.limit = FolderLimit(folder: folder, bytes: 64 * 1024)
        // 60,000 of 65,536 taken: a 10 KB save needs the oldest kept journal gone, any game's.
        try store.save(String(repeating: "a", count: 10_000), to: "scores.json", format: 1)
        #expect(!exists(oldest) && exists(newer))
        // One that would not fit even without every kept journal takes none of them.
        #expect(throws: StoreError.self) {
            try store.save(String(repeating: "b", count: 60_000), to: "big.json", format: 1)
        }
        #expect(exists(newer))
        #expect(FolderLimit.size(of: folder) <= 64 * 1024)
    }

    @Test func aKeptJournalIsCopiedOnlyWithinTheFolderLimit() throws {
        let folder = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cap = FolderLimit(folder: folder, bytes: 64 * 1024)
        let live = folder + "/counter/journal.jsonl"
        try write(30_000, to: live)
        let old = folder + "/counter/journals/20260101-000000-000.jsonl"
        try write(30_000, to: old)
        let history = JournalHistory(folder: folder + "/counter/journals")
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        history.keep(live, for: date, limit: 10, within: cap)
        #expect(!exists(old) && exists(history.path(for: date)), "the older one made room")
        try write(40_000, to: folder + "/counter/journal.jsonl")
        let later = date.addingTimeInterval(60)
        history.keep(live, for: later, limit: 10, within: cap)
        #expect(!exists(history.path(for: later)), "no room even without the kept ones: no copy")
        #expect(exists(history.path(for: date)))
    }

    @Test func aLiveJournalStopsWhereThePlayersFolderWouldPassItsLimit() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        // maxJournalKB stays far above: only the folder's limit can stop this journal.
        let driver = try TestDriver(games: Self.games, dataDirectory: host,
                                    configJSON: #"{"hosting": {"maxDataKB": 64}}"#, journals: true, player: "ada")
        let folder = host + "/players/ada"
        try write(64 * 1024 - 3000, to: folder + "/filler")
        driver.press(.character("g"), .down, .enter, .enter)
        #expect(driver.screenID == "counter.main")
        for _ in 0..<100 { driver.press(.up, .character("r")) }
        let told = driver.session.noticeLog.filter { $0.contains("journal reached your folder's limit on this host (64 KB)") }
        #expect(told.count == 1, "\(driver.session.noticeLog)")
        #expect(FolderLimit.size(of: folder) <= 64 * 1024, "\(FolderLimit.size(of: folder))")
        let journal = try String(contentsOfFile: folder + "/counter/journal.jsonl", encoding: .utf8)
        #expect(journal.contains("unreplayable"))
        #expect(driver.screenID == "counter.main", "the game goes on")
    }

    @Test func aRoomsJournalAtTheLimitEndsTheRoomForEverySeatSayingWhy() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let config = #"{"hosting": {"maxJournalKB": 2}}"#
        let ada = try TestDriver(games: Self.games, dataDirectory: host, configJSON: config, player: "ada")
        ada.press(.character("g"), .enter, .character("o"))
        let code = try #require(ada.model(RoomViewModel.self)?.code)
        let bob = try TestDriver(games: Self.games, dataDirectory: host, configJSON: config, player: "bob")
        #expect(bob.joinRoom(code) == nil)
        let rooms = Rooms(directory: host + "/rooms")
        var presses = 0
        while ada.model(RoomViewModel.self)?.room.isEnded == false, bob.model(RoomViewModel.self)?.room.isEnded == false,
              presses < 100 {
            (presses % 2 == 0 ? ada : bob).press(.character("p"))
            presses += 1
            ada.wakeUp()
            bob.wakeUp()
        }
        #expect(presses > 4 && presses < 100, "\(presses)")
        for driver in [ada, bob] {
            driver.send(RoomViewModel.Intent.refresh)
            #expect(driver.text.contains("The room has ended: its journal reached the host's limit (2 KB)"), "\(driver.text)")
        }
        let ended = try #require(rooms.endedFolders().last)
        let size = FolderLimit.size(of: rooms.directory + "/ended/" + ended + "/journal.jsonl")
        #expect(size > 1024 && size <= 2048, "\(size)")
        #expect(rooms.state(code) == nil && rooms.endedState(code)?.endedBecause?.contains("2 KB") == true)
    }

    @Test func onlyTheNewestEndedRoomsAreKept() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let rooms = Rooms(directory: host + "/rooms")
        for second in 0..<(Rooms.endedKept + 5) {
            try FileManager.default.createDirectory(
                atPath: rooms.directory + "/ended/ACFH-20260101-0000" + TimeText.digits(second, 2),
                withIntermediateDirectories: true)
        }
        let entry = GameEntry(DuelGame.self)
        let room = try rooms.create(game: entry, title: "Duel", values: [:], seed: 1, player: "ada", now: Date())
        let code = try RoomCode(parsing: room.code)
        rooms.end(code, because: "everyone left", now: Date())
        let kept = rooms.endedFolders()
        #expect(kept.count == Rooms.endedKept)
        #expect(kept.last?.hasPrefix(room.code + "-") == true, "the room just ended is kept")
        #expect(!kept.contains("ACFH-20260101-000000") && kept.contains("ACFH-20260101-000054"))
        #expect(rooms.endedState(code)?.endedBecause == "everyone left")
    }

    @Test func theBoardKeepsJournalCopiesOfItsBestRoundsOnly() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let board = HostBoard(directory: host + "/scoreboard", report: { _ in })
        let journal = host + "/round.jsonl"
        try write(100, to: journal)
        let players = HostBoard.kept + 3
        for index in 0..<players {
            var round = RoundResult(score: index, summary: "\(index)")
            round.date = Date(timeIntervalSince1970: 1_800_000_000 + Double(index))
            try board.record(round, player: "p\(index)", game: "counter", journal: journal)
        }
        let entries = board.entries(game: "counter")
        // Every player's best stays on the board; only the best 100 keep a replay.
        #expect(entries.count == players)
        #expect(entries.prefix(HostBoard.kept).allSatisfy { $0.journal != nil })
        #expect(entries.dropFirst(HostBoard.kept).allSatisfy { $0.journal == nil })
        let copies = try FileManager.default.contentsOfDirectory(atPath: host + "/scoreboard/journals/counter")
        #expect(copies.count == HostBoard.kept)
    }
}

extension TestDriver {
    /// Joins a room by its code as the lobby's code field does; the refusal, if any.
    func joinRoom(_ code: RoomCode) -> String? {
        session.hosting!.joinRoom(code)
    }
}
