import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import GameHost
import GameHostTesting
import Testing

/// A second connection of the same player finds their game in play elsewhere: taking it over
/// ends the first session (its game saved, its journal lock released, a message for its
/// terminal) and offers the round here; watching it and going on without it leave it be.
@Suite struct TakeOverTests {
    static let games = [GameEntry(CounterGame.self)]
    static let directory = Golden.directory(besides: #filePath)

    func online(_ host: String, _ player: String) -> Int {
        ConnectionRegistry(directory: host + "/sessions").live().count { $0.player == player }
    }

    /// Bob plays Counter at 100×30, journaled, up to 2; then he connects again at 80×24.
    func secondConnection() throws -> (host: String, first: TestDriver, second: TestDriver) {
        let host = TestDriver.temporaryDirectory()
        let first = try TestDriver(games: Self.games, size: Size(width: 100, height: 30), dataDirectory: host,
                                   journals: true, player: "bob")
        #expect(first.screenID == "host.lobby")
        first.press(.character("g"), .enter, .enter, .up, .up)
        #expect(first.text.contains("Count: 2 of 5"))
        let second = try TestDriver(games: Self.games, dataDirectory: host, journals: true, player: "bob")
        return (host, first, second)
    }

    @Test func theSecondConnectionSaysWhereTheGameIsPlayed() throws {
        let (_, _, second) = try secondConnection()
        #expect(second.screenID == "host.take-over")
        #expect(second.text.contains("You are playing Counter from another connection."), "\(second.text)")
        #expect(second.text.contains("at 100×30"), "\(second.text)")
        #expect(second.text.contains("In play for"), "\(second.text)")
        for choice in ["Take over", "Watch it", "Go on without it"] { #expect(second.text.contains(choice)) }
        let golden = Golden.check(second, "host-take-over", directory: Self.directory,
                                  sizes: [Size(width: 40, height: 12), Size(width: 80, height: 24)])
        #expect(golden == nil, "\(golden ?? "")")
    }

    @Test func takingOverEndsTheOtherSessionAndOffersItsRoundHere() throws {
        let (host, first, second) = try secondConnection()
        #expect(online(host, "bob") == 2)
        second.press(.character("t"))
        // The first session saved and ended, with its message, and left the registry.
        #expect(first.session.isFinished)
        #expect(first.session.farewell == "This game was taken over by another connection.")
        #expect(online(host, "bob") == 1)
        // Its journal was closed with the round in play and its lock released: the offer to
        // resume it comes here (a lock still held would start a new, unjournaled game).
        #expect(second.screenID == "host.resume", "\(second.screenIDs)")
        #expect(second.text.contains("Counter was left unfinished."), "\(second.text)")
        second.press(.enter)
        #expect(second.text.contains("Count: 2 of 5"), "\(second.text)")
        // And it journals here: a third connection takes over from the second.
        second.press(.up)
        let third = try TestDriver(games: Self.games, dataDirectory: host, journals: true, player: "bob")
        third.press(.character("t"))
        #expect(second.session.isFinished)
        third.press(.enter)
        #expect(third.text.contains("Count: 3 of 5"), "\(third.text)")
    }

    @Test func askingForTheGameInPlayElsewhereStillOffersItsTakeOver() throws {
        // `ssh games@HOST counter` while Counter is in play in bob's other connection: the
        // offer stays up rather than a second Counter without a journal.
        let (_, first, second) = try secondConnection()
        second.session.play("counter")
        #expect(second.screenID == "host.take-over", "\(second.screenIDs)")
        second.press(.character("t"))
        #expect(first.session.isFinished)
        #expect(second.screenID == "host.resume", "\(second.screenIDs)")
    }

    @Test func takingOverASessionInTheLobbyLeavesThisOneInTheLobby() throws {
        let host = TestDriver.temporaryDirectory()
        let first = try TestDriver(games: Self.games, dataDirectory: host, player: "bob")
        let second = try TestDriver(games: Self.games, dataDirectory: host, player: "bob")
        #expect(second.text.contains("You are online from another connection too."))
        #expect(!second.text.contains("Watch it"))
        second.press(.character("w"))
        #expect(second.screenID == "host.take-over")
        #expect(second.refusal == "That session plays no game.")
        second.press(.enter)
        #expect(first.session.isFinished)
        #expect(second.screenID == "host.lobby")
    }

    @Test func watchingItLeavesItPlaying() throws {
        let (_, first, second) = try secondConnection()
        second.press(.down, .enter)
        #expect(second.screenID == "host.watch")
        #expect(second.text.contains("Count: 2 of 5"), "\(second.text)")
        #expect(!first.session.isFinished)
        first.press(.up)
        // Read at the next poll, played within a tenth of a second of it.
        second.advance(by: .milliseconds(200))
        #expect(second.text.contains("Count: 3 of 5"))
    }

    @Test func goingOnWithoutItLeavesItPlaying() throws {
        let (host, first, second) = try secondConnection()
        second.press(.character("g"))
        #expect(second.screenID == "host.lobby")
        #expect(!first.session.isFinished)
        #expect(online(host, "bob") == 2)
    }

    @Test func anotherPlayersSessionOffersNothing() throws {
        let (host, _, _) = try secondConnection()
        let ada = try TestDriver(games: Self.games, dataDirectory: host, player: "ada")
        #expect(ada.screenID == "host.lobby")
    }

    /// Audit K2: the resume screen counted the journal's whole time ("0:34 played" for a round
    /// finished "in 0:06") and the take-over screen this connection's game ("In play for 2s"
    /// for a round resumed earlier). Both now state the round's own time: from its first move.
    @Test func theResumeAndTakeOverScreensStateTheSameTimeForTheRound() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let first = try TestDriver(games: Self.games, dataDirectory: host, journals: true, player: "bob")
        first.press(.character("g"), .enter, .enter)
        // Half a minute on the game before its first move: not part of the round.
        first.advance(by: .seconds(30))
        first.press(.up)
        first.advance(by: .seconds(10))
        first.press(.up)
        let registry = ConnectionRegistry(directory: host + "/sessions")
        func inPlay(_ driver: TestDriver) throws -> String {
            let id = try #require(driver.session.hosting?.presence.id)
            let entry = try #require(registry.live().first { $0.id == id })
            return TakeOverViewModel(other: entry, now: driver.session.wallNow).detail
        }
        let before = try inPlay(first)
        #expect(before.hasPrefix("In play for 11s"), "\(before)")

        let second = try TestDriver(games: Self.games, dataDirectory: host, journals: true, player: "bob")
        second.press(.character("t"))
        #expect(second.screenID == "host.resume")
        #expect(second.text.contains("0:11 played"), "\(second.text)")
        second.press(.enter)
        #expect(second.text.contains("Count: 2 of 5"))
        // Resumed: the round counts on from its 11 s, not from the resume.
        second.advance(by: .seconds(4))
        let after = try inPlay(second)
        #expect(after.hasPrefix("In play for 15s"), "\(after)")
    }

    @Test func aClickChoosesToo() throws {
        let (_, first, second) = try secondConnection()
        #expect(second.click("Take over"))
        #expect(first.session.isFinished)
        #expect(second.screenID == "host.resume")
    }
}

/// Taking over another process's session never holds up the screen: each step sends at most
/// a signal and looks, and the session polls on its timers.
@Suite struct TakeOverStepTests {
    /// A process that ignores SIGUSR1 and SIGTERM, as a session stuck elsewhere would.
    func stubborn() throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "trap '' USR1 TERM; exec sleep 30"]
        try process.run()
        usleep(100_000)   // the trap is set before the first signal comes
        return process
    }

    @Test func aSessionThatWillNotEndIsAskedTwiceThenGivenUpOnAndOneThatEndsIsSeenGone() throws {
        let folder = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let registry = ConnectionRegistry(directory: folder)
        let stuck = try stubborn()
        defer { kill(stuck.processIdentifier, SIGKILL); stuck.waitUntilExit() }
        let name = "\(stuck.processIdentifier)-1.json"
        try registry.write(ConnectionRegistry.Entry(pid: stuck.processIdentifier, player: "bob", started: 1, lastInput: 1,
                                                 width: 80, height: 24), as: name)
        let entry = try #require(registry.entry(name))
        for step in [0, 1, 2, 3, 4] {
            #expect(HostedServices.end(entry, registry: registry, step: step, giveUpAfter: 5, termAt: 3) == .waiting, "\(step)")
        }
        #expect(HostedServices.end(entry, registry: registry, step: 5, giveUpAfter: 5, termAt: 3) == .refused)
        // A session that does end on the signal: its file goes with its process.
        kill(stuck.processIdentifier, SIGKILL)
        stuck.waitUntilExit()
        #expect(HostedServices.end(entry, registry: registry, step: 1, giveUpAfter: 5, termAt: 3) == .ended)
    }
}

/// A second connection of a player who sits in a room: the offer names the room, taking over
/// brings the seat here, and watching watches the room.
@Suite struct RoomTakeOverTests {
    static let games = [GameEntry(DuelGame.self)]

    /// Bob opens a Duel room and ada joins it; then bob connects again.
    func seated() throws -> (first: TestDriver, second: TestDriver, ada: TestDriver, code: RoomCode) {
        let host = TestDriver.temporaryDirectory()
        let first = try TestDriver(games: Self.games, dataDirectory: host, player: "bob")
        first.press(.character("g"), .enter, .character("o"))
        let code = try #require(first.model(RoomViewModel.self)?.code, "\(first.text)")
        let ada = try TestDriver(games: Self.games, dataDirectory: host, player: "ada")
        #expect(ada.session.hosting!.joinRoom(code) == nil)
        #expect(first.model(RoomViewModel.self)?.watcher?.wait(milliseconds: 1000) == true)
        first.wakeUp()
        first.press(.up)
        #expect(first.text.contains("Points: 1 to 0"), "\(first.text)")
        let second = try TestDriver(games: Self.games, dataDirectory: host, player: "bob")
        #expect(second.screenID == "host.take-over")
        #expect(second.text.contains("You are in room \(code) (Duel) from another connection."), "\(second.text)")
        #expect(second.text.contains("Watch it") && second.text.contains("your seat in room \(code) comes here"),
                "\(second.text)")
        return (first, second, ada, code)
    }

    @Test func takingOverBringsTheSeatHere() throws {
        let (first, second, ada, code) = try seated()
        second.press(.character("t"))
        #expect(first.session.isFinished)
        let room = try #require(second.model(RoomViewModel.self), "\(second.screenIDs)")
        #expect(room.code == code && room.seat == Seat(0))
        #expect(second.text.contains("Points: 1 to 0"), "the game as the first connection left it: \(second.text)")
        #expect(!second.text.contains("away"), "\(second.text)")
        _ = ada
    }

    @Test func watchingWatchesTheRoom() throws {
        let (first, second, _, code) = try seated()
        second.press(.character("w"))
        #expect(!first.session.isFinished)
        let room = try #require(second.model(RoomViewModel.self), "\(second.screenIDs)")
        #expect(room.code == code && room.seat == nil)
    }
}
