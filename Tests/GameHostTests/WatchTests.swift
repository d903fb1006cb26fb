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

/// Watching from the lobby: another player's game followed live from their journal, drawn at
/// the watcher's size, never touched by the watcher's keys, counted in the registry, and
/// given up for the lobby when the round ends or the player stops.
@Suite struct WatchTests {
    static let games = [GameEntry(CounterGame.self)]
    static let directory = Golden.directory(besides: #filePath)

    func watchers(_ host: String, of player: String) -> Int? {
        ConnectionRegistry(directory: host + "/sessions").live().first { $0.player == player }?.watchers
    }

    /// Bob plays at 100×30 with his game journaled; Ada, at 40×12, opens his game from the lobby.
    func watching() throws -> (host: String, ada: TestDriver, bob: TestDriver) {
        let host = TestDriver.temporaryDirectory()
        let ada = try TestDriver(games: Self.games, size: Size(width: 40, height: 12), dataDirectory: host,
                                 player: "ada")
        let bob = try TestDriver(games: Self.games, size: Size(width: 100, height: 30), dataDirectory: host,
                                 journals: true, player: "bob")
        bob.press(.character("g"), .enter, .enter, .up, .up)
        ada.advance(by: .seconds(1))
        #expect(ada.model(LobbyViewModel.self)?.whyNotWatch == "That is you.")
        ada.press(.down, .enter)
        return (host, ada, bob)
    }

    @Test func aGameIsFollowedAsItIsPlayedAndTheLobbyComesBackAfterTheRound() throws {
        let (host, ada, bob) = try watching()
        #expect(ada.screenID == "host.watch")
        #expect(ada.text.contains("Count: 2 of 5"), "\(ada.text)")
        #expect(ada.model(WatchViewModel.self)?.status == "Watching bob play Counter · 2 inputs")
        #expect(watchers(host, of: "bob") == 1)
        let golden = Golden.check(ada, "host-watch", directory: Self.directory,
                                  sizes: [Size(width: 40, height: 12), Size(width: 80, height: 24)])
        #expect(golden == nil, "\(golden ?? "")")

        // The player sees that someone watches.
        #expect(!bob.lines[0].contains("watching"))
        bob.press(.up)
        #expect(bob.lines[0].hasSuffix("1 watching"), "\(bob.lines[0])")
        // Read at the next poll, played within a tenth of a second of it.
        ada.advance(by: .milliseconds(200))
        #expect(ada.text.contains("Count: 3 of 5"))
        // The watcher's keys reach neither the copy nor the player's game.
        ada.press(.up, .character("r"))
        ada.advance(by: .milliseconds(100))
        #expect(ada.screenID == "host.watch" && ada.text.contains("Count: 3 of 5"))
        #expect(bob.text.contains("Count: 3 of 5"))

        // Two keys a second apart, read together: played a second apart too.
        bob.press(.up, .up)
        ada.advance(by: .milliseconds(200))
        #expect(ada.text.contains("Count: 4 of 5"), "\(ada.text)")
        ada.advance(by: .milliseconds(800))
        #expect(ada.text.contains("Count: 4 of 5"), "\(ada.text)")
        ada.advance(by: .milliseconds(200))
        #expect(ada.text.contains("Count: 5 of 5"), "\(ada.text)")
        #expect(ada.model(WatchViewModel.self)?.status == "bob's round is over · back to the lobby in 5 s")
        #expect(ada.text.contains("bob's round is over"))
        ada.advance(by: .seconds(5))
        #expect(ada.screenID == "host.lobby")
        #expect(watchers(host, of: "bob") == 0)
        bob.press(.character("r"))
        #expect(!bob.lines[0].contains("watching"))
    }

    @Test func aPlayerWhoStopsEndsTheWatch() throws {
        let (_, ada, bob) = try watching()
        bob.press(.escape, .escape)
        ada.advance(by: .seconds(1))
        #expect(ada.text.contains("bob stopped playing"), "\(ada.text)")
        ada.advance(by: .seconds(5))
        #expect(ada.screenID == "host.lobby")
    }

    /// A journal at the host's limit stops while the game goes on: the watcher is told, and
    /// goes back to the lobby, rather than watching a game that no longer moves.
    @Test func aWatcherIsToldWhenTheJournalFollowedStops() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let ada = try TestDriver(games: Self.games, dataDirectory: host, player: "ada")
        let bob = try TestDriver(games: Self.games, dataDirectory: host, configJSON: #"{"hosting": {"maxJournalKB": 1}}"#,
                                 journals: true, player: "bob")
        bob.press(.character("g"), .enter, .enter, .up)
        ada.advance(by: .seconds(1))
        ada.press(.down, .enter)
        #expect(ada.screenID == "host.watch")
        for _ in 0..<20 { bob.press(.character("r"), .up) }
        #expect(bob.session.noticeLog.contains { $0.contains("journal reached the host's limit") })
        // The inputs before it are played at their pace first.
        var told = false
        for _ in 0..<120 where !told {
            ada.advance(by: .milliseconds(500))
            told = ada.model(WatchViewModel.self)?.status
                .hasPrefix("bob's round can no longer be followed: its journal stopped") == true
        }
        #expect(told, "\(ada.text)")
        ada.advance(by: .seconds(5))
        #expect(ada.screenID == "host.lobby")
        // One who comes after it stopped is told at once.
        ada.press(.enter)
        #expect(ada.model(WatchViewModel.self)?.status.hasPrefix("bob's round can no longer be followed") == true,
                "\(ada.text)")
    }

    @Test func aWatcherWhoComesAfterTheRoundSeesItsEnd() throws {
        let (_, ada, bob) = try watching()
        ada.press(.escape)
        bob.press(.up, .up, .up)
        ada.press(.enter)
        #expect(ada.screenID == "host.watch")
        #expect(ada.text.contains("Count: 5 of 5"))
        #expect(ada.model(WatchViewModel.self)?.status.hasPrefix("bob's round is over") == true)
        ada.advance(by: .seconds(5))
        #expect(ada.screenID == "host.lobby")
    }

    /// The player learns of a watcher when they come and when they go, without a key of
    /// their own: the watchers' folder wakes the session (the runner polls it with the keyboard).
    @Test func thePlayerSeesAWatcherComeAndGoAtOnce() throws {
        let (_, ada, bob) = try watching()
        func woken() -> Bool {
            guard let descriptor = bob.session.hosting!.foldersDescriptor else { return false }
            var ready = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            return poll(&ready, 1, 1000) > 0
        }
        #expect(woken(), "a watcher's mark wakes the watched session")
        #expect(bob.session.hosting!.watchersChanged())
        #expect(bob.lines[0].hasSuffix("1 watching"), "\(bob.lines[0])")
        ada.press(.escape)
        #expect(ada.screenID == "host.lobby")
        #expect(woken(), "so does its going")
        #expect(bob.session.hosting!.watchersChanged())
        #expect(!bob.lines[0].contains("watching"), "\(bob.lines[0])")
    }

    @Test func aPlayerMayTurnWatchingOff() throws {
        let host = TestDriver.temporaryDirectory()
        let ada = try TestDriver(games: Self.games, dataDirectory: host, player: "ada")
        let bob = try TestDriver(games: Self.games, dataDirectory: host, journals: true, player: "bob")
        bob.press(.character("v"))
        #expect(bob.model(LobbyViewModel.self)?.watchable == false)
        #expect(bob.text.contains("allow watching"))
        bob.press(.character("g"), .enter, .enter, .up)
        ada.advance(by: .seconds(1))
        #expect(ada.lines.contains { $0.contains("bob") && $0.hasSuffix("off") }, "\(ada.text)")
        ada.press(.down, .enter)
        #expect(ada.screenID == "host.lobby")
        #expect(ada.refusal == "bob has turned watching off.")
    }

    @Test func aRegistryFileWithANameLikeAPathLeadsNowhere() throws {
        let host = TestDriver.temporaryDirectory()
        let ada = try TestDriver(games: Self.games, dataDirectory: host, player: "ada")
        let forged = ConnectionRegistry.Entry(pid: getpid(), player: "../ada", game: "counter", title: "Counter",
                                           started: 0, lastInput: 0, width: 80, height: 24)
        try ConnectionRegistry(directory: host + "/sessions").write(forged, as: ConnectionRegistry.fileName())
        ada.advance(by: .seconds(1))
        ada.press(.up, .enter)
        #expect(ada.model(LobbyViewModel.self)?.entries[0].player == "../ada")
        #expect(ada.screenID == "host.lobby")
        #expect(ada.refusal == "“../ada” is not a player's name.")
    }

    @Test func theLobbyRefusesToWatchWhoPlaysNothing() throws {
        let host = TestDriver.temporaryDirectory()
        let ada = try TestDriver(games: Self.games, dataDirectory: host, player: "ada")
        let bob = try TestDriver(games: Self.games, dataDirectory: host, player: "bob")
        ada.advance(by: .seconds(1))
        ada.press(.down, .enter)
        #expect(ada.screenID == "host.lobby")
        #expect(ada.refusal == "bob is not playing a game now.")
        _ = bob
    }
}

/// What a watcher reads of a journal being written: the whole of a new one, then only what
/// was added, never a line half written.
@Suite struct JournalFollowerTests {
    @Test func aGrowingJournalIsReadInPiecesAndANewOneFromItsStart() throws {
        let host = TestDriver.temporaryDirectory()
        let bob = try TestDriver(games: [GameEntry(CounterGame.self)], dataDirectory: host, journals: true,
                                 player: "bob")
        let follower = JournalFollower(path: host + "/players/bob/counter/journal.jsonl")
        guard case .none = follower.poll() else { Issue.record("no journal yet"); return }
        bob.press(.character("g"), .enter, .enter, .up)
        guard case .started(let journal) = follower.poll() else { Issue.record("not started"); return }
        #expect(journal.inputCount == 1)
        guard case .none = follower.poll() else { Issue.record("nothing new"); return }
        bob.press(.up)
        guard case .more(let lines) = follower.poll() else { Issue.record("no more"); return }
        #expect(lines.count { if case .input = $0 { true } else { false } } == 1)
        // Half a line waits for its end.
        let path = host + "/players/bob/counter/journal.jsonl"
        let handle = open(path, O_WRONLY | O_APPEND)
        _ = "{\"key\":\"up\"".withCString { write(handle, $0, strlen($0)) }
        guard case .none = follower.poll() else { Issue.record("half a line was read"); return }
        _ = ",\"kind\":\"key\",\"t\":9}\n".withCString { write(handle, $0, strlen($0)) }
        close(handle)
        let news = follower.poll()
        guard case .more(let rest) = news else { Issue.record("the line was not read: \(news)"); return }
        #expect(rest.count == 1)
        // The round reported, back to the menu with none in play: the journal is removed.
        bob.press(.up, .up, .up, .escape, .escape)
        if case .gone = follower.poll() {} else { Issue.record("not gone") }
    }
}
