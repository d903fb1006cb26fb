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

/// `gamehost host status`: the live sessions for the host's operator, in the lobby's words.
@Suite struct HostStatusTests {
    static let games = [GameEntry(CounterGame.self)]

    @Test func anEmptyHostSaysSo() throws {
        let host = TestDriver.temporaryDirectory()
        #expect(HostStatus.text(host: host, now: Date()) == "No one is online on \(host).\n")
        let launcher = Launcher(catalog: Self.games, builtInConfig: "{}", environment: [:])
        #expect(launcher.main(["host", "status", "--data-dir", host]) == Launcher.ExitCode.ok)
    }

    @Test func theLiveSessionsAreListedWithTheirProcesses() throws {
        let host = TestDriver.temporaryDirectory()
        let ada = try TestDriver(games: Self.games, dataDirectory: host, player: "ada")
        let bob = try TestDriver(games: Self.games, dataDirectory: host, player: "bob")
        bob.press(.character("g"), .enter, .enter)
        let now = bob.session.now.addingTimeInterval(75)
        let text = HostStatus.text(host: host, now: now)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(text)")
        #expect(lines[0] == "2 players online on \(host):")
        #expect(lines[1].hasPrefix("PLAYER  GAME     FOR  IDLE  SIZE   WATCH  PID"))
        #expect(lines[2].hasPrefix("ada     lobby    -    1m    80×24  0      \(getpid())"), "\(text)")
        #expect(lines[3].hasPrefix("bob     Counter  1m   1m    80×24  0      \(getpid())"), "\(text)")
        #expect(!lines.contains { $0.hasSuffix(" ") })
        _ = ada
    }

    @Test func roomsAreListedAfterThePlayers() throws {
        let host = TestDriver.temporaryDirectory()
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let rooms = Rooms(directory: host + "/rooms")
        let room = try rooms.create(game: GameEntry(DuelGame.self), title: "Duel", values: [:], seed: 1, player: "ada",
                                    now: now)
        let code = try RoomCode(parsing: room.code)
        #expect(HostStatus.text(host: host, now: now) == """
            No one is online on \(host).
            1 room:
            ROOM  GAME  STATE     SEATS
            \(code)  Duel  open 1/2  1 ada · 2 free

            """)
        _ = try rooms.join(code, player: "bob", now: now)
        try rooms.update(code) { $0.seats[1].away = now.timeIntervalSince1970 }
        let other = try rooms.create(game: GameEntry(DuelGame.self), title: "Duel of champions", values: [:], seed: 2,
                                     player: "cy", now: now.addingTimeInterval(1))
        // The rooms are a table as the players are: each column as wide as its widest cell.
        #expect(HostStatus.text(host: host, now: now.addingTimeInterval(90)).hasSuffix("""
            ROOM  GAME               STATE     SEATS
            \(code)  Duel               playing   1 ada · 2 bob, away 1m
            \(other.code)  Duel of champions  open 1/2  1 cy · 2 free

            """), "\(HostStatus.text(host: host, now: now.addingTimeInterval(90)))")
    }

    @Test func statusNeedsTheHostsFolderAndNothingElse() throws {
        let launcher = Launcher(catalog: Self.games, builtInConfig: "{}", environment: [:])
        #expect(launcher.main(["host", "status"]) == Launcher.ExitCode.usage)
        #expect(launcher.main(["host", "status", "now", "--data-dir", "/x"]) == Launcher.ExitCode.usage)
    }
}
