#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
@testable import GameHost
import GameHostTesting
import Testing

/// A hosted session (`Setup.player` set) is in the host's registry from its start to its end,
/// opens on the lobby, and keeps its line there up to date; a session on one's own terminal
/// writes nothing of it.
@Suite struct ServeConnectionTests {
    static let games = [GameEntry(CounterGame.self)]
    static let directory = Golden.directory(besides: #filePath)

    func live(_ host: String) -> [ConnectionRegistry.Entry] {
        ConnectionRegistry(directory: HostedPlayer(name: "x", hostDirectory: host).sessionsDirectory).live()
    }

    @Test func aHostedSessionIsOnlineFromItsStartToItsEnd() throws {
        let host = TestDriver.temporaryDirectory()
        var driver: TestDriver? = try TestDriver(games: Self.games, dataDirectory: host, player: "ada")
        #expect(driver?.screenIDs == ["host.menu", "host.lobby"])
        let start = try #require(live(host).first)
        #expect(live(host).count == 1)
        #expect(start.player == "ada" && start.game == nil && start.width == 80 && start.height == 24)
        #expect(start.pid == getpid() && start.watchable && start.watchers == 0)

        driver?.press(.character("g"), .enter, .enter)
        #expect(driver?.screenID == "counter.main")
        let playing = try #require(live(host).first)
        #expect(playing.game == "counter" && playing.title == "Counter")
        #expect(playing.gameStarted == driver?.session.now.timeIntervalSince1970)

        driver?.size = Size(width: 132, height: 43)
        #expect(live(host).first?.width == 132 && live(host).first?.height == 43)

        // Back to the menu: no game.
        driver?.press(.escape, .escape)
        #expect(driver?.screenID == "host.menu")
        #expect(live(host).first?.game == nil)

        driver = nil
        #expect(live(host).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: host + "/sessions").isEmpty)
    }

    @Test func quittingLeavesTheRegistry() throws {
        let host = TestDriver.temporaryDirectory()
        let driver = try TestDriver(games: Self.games, dataDirectory: host, player: "ada")
        #expect(live(host).count == 1)
        driver.press(.control("c"))
        #expect(driver.session.isFinished && live(host).isEmpty)
        let other = try TestDriver(games: Self.games, dataDirectory: host, player: "bob")
        other.session.closeJournal()
        #expect(live(host).isEmpty)
    }

    @Test func inputsMoveTheLastInputTimeAtMostOncePerSecond() throws {
        let host = TestDriver.temporaryDirectory()
        let driver = try TestDriver(games: Self.games, dataDirectory: host, player: "ada")
        driver.press(.character("g"), .enter, .enter)
        let opened = try #require(live(host).first?.lastInput)
        driver.keyDuration = .milliseconds(300)
        driver.press(.up, .up, .up)
        #expect(live(host).first?.lastInput == opened)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: host + "/sessions")
            .first { $0.hasSuffix(".json") })
        let file = host + "/sessions/" + name
        let text = FileBytes.contents(file)
        driver.press(.up)
        #expect(live(host).first?.lastInput == opened + 1.2)
        // Only the file's time moved: no write, no rename.
        #expect(FileBytes.contents(file) == text)
    }

    @Test func aSessionOnOnesOwnTerminalWritesNoRegistry() throws {
        let directory = TestDriver.temporaryDirectory()
        let driver = try TestDriver(games: Self.games, dataDirectory: directory)
        #expect(driver.screenIDs == ["host.menu"])
        #expect(!driver.text.contains("online"))
        driver.press(.character("o"), .enter, .enter, .up)
        #expect(!FileManager.default.fileExists(atPath: directory + "/sessions"))
    }

    @Test func theLobbyListsWhoIsOnlineAndRefreshesEverySecond() throws {
        let host = TestDriver.temporaryDirectory()
        let ada = try TestDriver(games: Self.games, dataDirectory: host, player: "ada")
        #expect(ada.text.contains("Who is online · 1 player"))
        let bob = try TestDriver(games: Self.games, dataDirectory: host, player: "bob")
        bob.press(.character("g"), .enter, .enter)
        #expect(ada.text.contains("Who is online · 1 player"))
        ada.advance(by: .seconds(1))
        #expect(ada.text.contains("Who is online · 2 players"))
        #expect(ada.lines.contains { $0.contains("bob") && $0.contains("Counter") })
        // The mouse: a click on bob's line selects it; the footer's hint opens the games.
        let row = try #require(ada.find("bob"))
        ada.click(column: row.column, row: row.row)
        #expect(ada.model(LobbyViewModel.self)?.selected == 1)
        #expect(ada.click("games"))
        #expect(ada.screenID == "host.menu")
        ada.press(.character("o"))
        #expect(ada.screenID == "host.lobby")
        _ = bob
    }

    @Test(arguments: ["lobby"])
    func frame(_ name: String) throws {
        let host = TestDriver.temporaryDirectory()
        // Idle for an hour and more, and still on: no idle time-out.
        let config = #"{"hosting": {"idleTimeout": 0}}"#
        let ada = try TestDriver(games: Self.games, dataDirectory: host, configJSON: config, player: "ada")
        let bob = try TestDriver(games: Self.games, dataDirectory: host, configJSON: config, player: "bob")
        let cy = try TestDriver(games: Self.games, size: Size(width: 200, height: 60), dataDirectory: host,
                                configJSON: config, player: "Cy_the-long-named_20")
        // Bob plays from 0:05 and last pressed a key at 1:00:20; Cy came and went idle.
        bob.advance(by: .seconds(5))
        bob.press(.character("g"), .enter, .enter)
        bob.advance(by: .seconds(3615))
        bob.press(.up)
        cy.press(.down)
        ada.advance(by: .seconds(3700))
        ada.press(.down)
        ada.advance(by: .seconds(1))
        let sizes = [Size(width: 40, height: 12), Size(width: 80, height: 24), Size(width: 200, height: 60)]
        let difference = Golden.check(ada, "host-\(name)", directory: Self.directory, sizes: sizes)
        #expect(difference == nil, "\(difference ?? "")")
        _ = (bob, cy)
    }
}

/// On SIGHUP or SIGTERM the terminal's handlers remove the session's file (a connection
/// that drops leaves no ghost in the lobby); what they call is checked here, as they call it.
@Suite struct PresenceSignalTests {
    @Test func theSignalHandlersRemoveTheSessionsFile() throws {
        let host = TestDriver.temporaryDirectory()
        let registry = ConnectionRegistry(directory: host + "/sessions")
        // The path is a process-wide global (a process serves one player); other suites' hosted
        // sessions, made on other threads, set it too: a session whose own path is not the one
        // left there is made again, and the handler's work is done on that path alone.
        for _ in 0..<50 {
            let driver = try TestDriver(games: [GameEntry(CounterGame.self)], dataDirectory: host, player: "ada")
            let mine = try #require(registry.live().first?.id).map { host + "/sessions/" + $0 + ".json" }
            guard let named = presenceFileForSignals, String(cString: named) == mine else {
                driver.session.leave()
                continue
            }
            removePresence(file: named, mark: nil)
            #expect(registry.live().isEmpty)
            return
        }
        Issue.record("no hosted session of this test kept the signal handlers' path for long enough to look at it")
    }
}
