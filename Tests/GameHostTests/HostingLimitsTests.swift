import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import GameHost
import GameHostTesting
import Testing

/// config.json's limits for a host: how many sessions at once (counted and taken under a
/// lock, so the last place goes to one connection only) and how long a session waits for a key.
@Suite struct HostingLimitsTests {
    static let games = [GameEntry(CounterGame.self)]

    /// Processes that live until the test ends: sessions of other players, as far as the
    /// registry can tell.
    final class Sleepers {
        let processes: [Process]
        init(_ count: Int) throws {
            processes = try (0..<count).map { _ in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sleep")
                process.arguments = ["60"]
                try process.run()
                return process
            }
        }
        var pids: [Int32] { processes.map(\.processIdentifier) }
        // SIGKILL: the test runner's children may inherit SIGTERM ignored.
        deinit { for process in processes { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
    }

    func entry(pid: Int32, player: String) -> ConnectionRegistry.Entry {
        ConnectionRegistry.Entry(pid: pid, player: player, started: 1, lastInput: 1, width: 80, height: 24)
    }

    @Test func limitsInConfigJSON() throws {
        let defaults = try Config.parse(Data("{}".utf8), source: "c", games: Self.games).hosting
        #expect(defaults.maxSessions == 200 && defaults.idleTimeout == 1800)
        let set = try Config.parse(Data(#"{"hosting": {"maxSessions": 3, "idleTimeout": 0}}"#.utf8),
                                   source: "c", games: Self.games).hosting
        #expect(set.maxSessions == 3 && set.idleTimeout == 0)
        #expect(defaults.roomTimeout == 600)
        let rooms = try Config.parse(Data(#"{"hosting": {"roomTimeout": 60}}"#.utf8), source: "c", games: Self.games)
        #expect(rooms.hosting.roomTimeout == 60)
        for (bad, words) in [(#"{"hosting": {"maxSessions": 0}}"#, "'hosting.maxSessions' cannot be 0"),
                             (#"{"hosting": {"maxSessions": 2.5}}"#, "from 1 to 100000"),
                             (#"{"hosting": {"maxSessions": "10"}}"#, "'hosting.maxSessions'"),
                             (#"{"hosting": {"idleTimeout": -1}}"#, "from 0 (never)"),
                             (#"{"hosting": {"idleTimeout": true}}"#, "'hosting.idleTimeout' cannot be true"),
                             (#"{"hosting": {"roomTimeout": 0}}"#, "'hosting.roomTimeout' cannot be 0"),
                             (#"{"hosting": {"roomTimeout": 700000}}"#, "from 1 to 604800 (a week)"),
                             (#"{"hosting": {"idletimeout": 5}}"#,
                              "allowed keys: signUp, namedKeys, maxSessions, idleTimeout, roomTimeout")] {
            #expect {
                try Config.parse(Data(bad.utf8), source: "c", games: Self.games)
            } throws: { error in
                "\(error)".contains(words)
            }
        }
    }

    @Test func theJournalLimitInConfigJSON() throws {
        #expect(try Config.parse(Data("{}".utf8), source: "c", games: Self.games).hosting.maxJournalKB == 8192)
        let set = try Config.parse(Data(#"{"hosting": {"maxJournalKB": 64}}"#.utf8), source: "c", games: Self.games)
        #expect(set.hosting.maxJournalKB == 64)
        for (bad, words) in [(#"{"hosting": {"maxJournalKB": 0}}"#, "'hosting.maxJournalKB' cannot be 0"),
                             (#"{"hosting": {"maxJournalKB": 2097152}}"#, "(1 GB)"),
                             (#"{"hosting": {"maxJournalKB": "8M"}}"#, "'hosting.maxJournalKB'")] {
            #expect {
                _ = try Config.parse(Data(bad.utf8), source: "c", games: Self.games)
            } throws: { "\($0)".contains(words) }
        }
    }

    @Test func aJournalAtItsLimitStopsGrowingAndThePlayerIsToldOnceWhileTheGameGoesOn() throws {
        let driver = try TestDriver(games: Self.games, dataDirectory: TestDriver.temporaryDirectory(),
                                    configJSON: #"{"hosting": {"maxJournalKB": 1}}"#, journals: true, player: "ada")
        driver.press(.character("g"), .enter, .enter)
        #expect(driver.screenID == "counter.main")
        let journal = driver.session.setup.dataDirectory + "/counter/journal.jsonl"
        for _ in 0..<40 { driver.press(.up, .down) }
        let told = driver.session.noticeLog.filter { $0.contains("journal reached the host's limit (1 KB)") }
        #expect(told.count == 1, "\(driver.session.noticeLog)")
        #expect(driver.screenID == "counter.main")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: journal)[.size] as? Int)
        #expect(size <= 1024, "\(size)")
        let written = try #require(FileManager.default.contents(atPath: journal))
        #expect(String(decoding: written, as: UTF8.self).contains("unreplayable"))
    }

    @Test func theDataLimitInConfigJSON() throws {
        #expect(try Config.parse(Data("{}".utf8), source: "c", games: Self.games).hosting.maxDataKB == 65536)
        let set = try Config.parse(Data(#"{"hosting": {"maxDataKB": 128}}"#.utf8), source: "c", games: Self.games)
        #expect(set.hosting.maxDataKB == 128)
        for (bad, words) in [(#"{"hosting": {"maxDataKB": 10}}"#, "'hosting.maxDataKB' cannot be 10"),
                             (#"{"hosting": {"maxDataKB": 99999999}}"#, "from 64 to 16777216 (16 GB)"),
                             (#"{"hosting": {"maxDataKB": "1G"}}"#, "'hosting.maxDataKB'")] {
            #expect {
                _ = try Config.parse(Data(bad.utf8), source: "c", games: Self.games)
            } throws: { "\($0)".contains(words) }
        }
    }

    @Test func aSavePastThePlayersFolderLimitIsRefusedAndWhatWasSavedStays() throws {
        let folder = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = DataStore(directory: folder, report: { _ in })
        store.limit = FolderLimit(folder: folder, bytes: 2048)
        try store.save(String(repeating: "a", count: 800), to: "game/one.json", format: 1)
        // Replacing a file counts its new size, not both.
        try store.save(String(repeating: "b", count: 900), to: "game/one.json", format: 1)
        #expect {
            try store.save(String(repeating: "c", count: 1500), to: "other/two.json", format: 1)
        } throws: { error in
            "\(error)".contains("would pass its limit of 2 KB") && "\(error)".contains("what was saved before is kept")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/other/two.json"))
        #expect(store.load(String.self, from: "game/one.json", format: 1) == String(repeating: "b", count: 900))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/game") == ["one.json"], "no temporary left")
    }

    @Test func aHostedPlayerPastTheirLimitIsToldAndTheGameGoesOn() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let driver = try TestDriver(games: Self.games, dataDirectory: host,
                                    configJSON: #"{"hosting": {"maxDataKB": 64}}"#, player: "ada")
        // The player's folder is nearly full already.
        let filler = host + "/players/ada/filler"
        try FileManager.default.createDirectory(atPath: host + "/players/ada", withIntermediateDirectories: true)
        try Data(count: 64 * 1024 - 10).write(to: URL(fileURLWithPath: filler))
        driver.press(.character("g"), .enter, .enter)
        #expect(driver.screenID == "counter.main")
        driver.press(.up, .up, .up, .up, .up)
        let told = driver.session.noticeLog.filter { $0.contains("would pass its limit of 64 KB") }
        #expect(told.count == 1, "\(driver.session.noticeLog)")
        #expect(driver.session.setup.scores.rounds(game: "counter").isEmpty)
        #expect(FileManager.default.fileExists(atPath: filler))
    }

    @Test func aPlaceIsTakenUnderTheLimitOnlyAndCountsOnceWithItsSession() throws {
        let registry = ConnectionRegistry(directory: TestDriver.temporaryDirectory() + "/sessions")
        let others = try Sleepers(3)
        // Two sessions online, one of them with its place too: two.
        try registry.write(entry(pid: others.pids[0], player: "ada"), as: ConnectionRegistry.fileName(pid: others.pids[0]))
        try registry.write(entry(pid: others.pids[1], player: "bob"), as: ConnectionRegistry.fileName(pid: others.pids[1]))
        #expect(try registry.takePlace(limit: 5, pid: others.pids[1]) == .taken("\(others.pids[1]).place"))
        #expect(registry.liveSessions() == 2)
        // A process that is gone holds no place, and its file goes.
        _ = FileManager.default.createFile(atPath: registry.directory + "/999999999.place", contents: nil)
        #expect(registry.liveSessions() == 2)
        #expect(!FileManager.default.fileExists(atPath: registry.directory + "/999999999.place"))

        #expect(try registry.takePlace(limit: 3, pid: others.pids[2]) == .taken("\(others.pids[2]).place"))
        #expect(try registry.takePlace(limit: 3) == .full(3))
        #expect(!FileManager.default.fileExists(atPath: registry.directory + "/\(getpid()).place"))
        registry.releasePlace("\(others.pids[2]).place")
        #expect(try registry.takePlace(limit: 3) == .taken("\(getpid()).place"))
    }

    @Test func onAFullHostAPlayerWithASessionInPlayMayStillComeInToTakeItOver() throws {
        let registry = ConnectionRegistry(directory: TestDriver.temporaryDirectory() + "/sessions")
        let others = try Sleepers(2)
        try registry.write(entry(pid: others.pids[0], player: "ada"), as: ConnectionRegistry.fileName(pid: others.pids[0]))
        try registry.write(entry(pid: others.pids[1], player: "bob"), as: ConnectionRegistry.fileName(pid: others.pids[1]))
        // Full for anyone else, and for a player whose name is not online.
        #expect(try registry.takePlace(limit: 2) == .full(2))
        #expect(try registry.takePlace(limit: 2, inPlayFor: "cleo") == .full(2))
        // Ada's second connection comes in: taking her session over frees the place it takes.
        #expect(try registry.takePlace(limit: 2, inPlayFor: "ada") == .taken("\(getpid()).place"))
        registry.releasePlace("\(getpid()).place")
    }

    @Test func placesOfProcessesThatAreGoneAreRemovedWhenTheRegistryIsRead() throws {
        let registry = ConnectionRegistry(directory: TestDriver.temporaryDirectory() + "/sessions")
        try registry.write(entry(pid: getpid(), player: "ada"), as: ConnectionRegistry.fileName())
        let ghost = registry.directory + "/999999999.place"
        _ = FileManager.default.createFile(atPath: ghost, contents: nil)
        #expect(registry.live().map(\.player) == ["ada"])
        #expect(!FileManager.default.fileExists(atPath: ghost))
    }

    @Test func connectionsArrivingTogetherNeverPassTheLastPlace() throws {
        let registry = ConnectionRegistry(directory: TestDriver.temporaryDirectory() + "/sessions")
        let others = try Sleepers(12)
        // Each connection waits 20 ms between counting and taking: without the lock, all 12
        // would count fewer than 5 and take a place.
        ConnectionRegistry.pauseAfterCounting = 20_000
        defer { ConnectionRegistry.pauseAfterCounting = 0 }
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var places: [ConnectionRegistry.Place?] = []
        }
        let results = Results()
        let group = DispatchGroup()
        for pid in others.pids {
            group.enter()
            Thread.detachNewThread {
                let place = try? registry.takePlace(limit: 5, pid: pid)
                results.lock.withLock { results.places.append(place) }
                group.leave()
            }
        }
        group.wait()
        let places = results.places
        let taken = places.filter { if case .taken = $0 { true } else { false } }
        #expect(taken.count == 5)
        #expect(places.count == 12 && places.allSatisfy { $0 != nil })
        #expect(registry.liveSessions() == 5)
    }

    // MARK: - Idle time-out

    func hosted(idle: Int?) throws -> TestDriver {
        let config = idle.map { #"{"hosting": {"idleTimeout": \#($0)}}"# }
        return try TestDriver(games: Self.games, dataDirectory: TestDriver.temporaryDirectory(), configJSON: config,
                              journals: true, player: "ada")
    }

    @Test func aRoundLeftWithoutAKeyIsSavedAndTheSessionSaysWhy() throws {
        let driver = try hosted(idle: 60)
        driver.press(.character("g"), .enter, .enter, .up)
        #expect(driver.screenID == "counter.main")
        let journal = driver.session.setup.dataDirectory + "/counter/journal.jsonl"
        // A key starts the wait again (the test kit's key comes a second after the wait).
        driver.advance(by: .seconds(58))
        driver.press(.up)
        driver.advance(by: .seconds(59))
        #expect(!driver.session.isFinished && driver.session.farewell == nil)
        driver.advance(by: .seconds(1))
        #expect(driver.session.isFinished)
        #expect(driver.session.farewell == "No key for 1 minute: your game is saved; connect again to resume.")
        // Kept for the next visit, as on a hang-up; and the session is no longer online.
        #expect(FileManager.default.fileExists(atPath: journal))
        #expect(ConnectionRegistry(directory: driver.dataDirectory + "/sessions").live().isEmpty)

        let again = try TestDriver(games: Self.games, dataDirectory: driver.dataDirectory,
                                   configJSON: #"{"hosting": {"idleTimeout": 60}}"#, journals: true, player: "ada")
        again.press(.character("g"), .enter, .enter)
        #expect(again.screenID == "host.resume")
    }

    @Test func anIdleLobbyEndsTooAndTheDeadlineWakesTheRunner() throws {
        let driver = try hosted(idle: 1800)
        driver.press(.character("g"))
        // The menu keeps no time of its own, but the runner still has a deadline to wake for.
        #expect(driver.screenID == "host.menu" && driver.session.nextDeadline == nil)
        #expect(driver.session.nextDue == driver.elapsed + .seconds(1800))
        driver.advance(by: .seconds(1799))
        #expect(!driver.session.isFinished)
        driver.advance(by: .seconds(1))
        #expect(driver.session.isFinished)
        #expect(driver.session.farewell == "No key for 30 minutes: the session has ended; connect again to play.")
    }

    @Test func noTimeOutWhenTurnedOffOrOffAHost() throws {
        let never = try hosted(idle: 0)
        never.press(.character("g"))
        #expect(never.screenID == "host.menu" && never.session.nextDue == nil)
        never.advance(by: .seconds(86_400 * 8))
        #expect(!never.session.isFinished)
        let local = try TestDriver(games: Self.games)
        local.advance(by: .seconds(86_400))
        #expect(!local.session.isFinished)
    }

    @Test func timeOutsInWords() {
        #expect(Session.spoken(.seconds(1800)) == "30 minutes")
        #expect(Session.spoken(.seconds(3600)) == "1 hour")
        #expect(Session.spoken(.seconds(7200)) == "2 hours")
        #expect(Session.spoken(.seconds(90)) == "90 seconds")
        #expect(Session.spoken(.seconds(1)) == "1 second")
    }
}
