import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// The lobby says where a player is when not in a game (audit K4), and a room whose seats
/// are all away is not "playing" (audit C4).
@Suite struct PresencePlaceTests {
    static let games = [GameEntry(CounterGame.self), GameEntry(DuelGame.self)]

    @Test func aPlayerInTheMenuOrAGamesPageOrScoresIsShownThere() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let ada = try TestDriver(games: Self.games, dataDirectory: host, player: "ada")
        let bob = try TestDriver(games: Self.games, dataDirectory: host, player: "bob")
        func bobsLine() -> String {
            ada.send(LobbyViewModel.Intent.refresh)
            return ada.lines.first { $0.contains("bob") } ?? ""
        }
        #expect(bobsLine().contains("lobby"), "\(ada.text)")
        bob.press(.character("g"))
        #expect(bobsLine().contains("choosing a game"), "\(ada.text)")
        bob.press(.enter)
        #expect(bobsLine().contains("Counter · its page"), "\(ada.text)")
        bob.press(.character("s"))
        #expect(bob.screenID == "host.scores")
        #expect(bobsLine().contains("Scores · Counter"), "\(ada.text)")
    }

    @Test func aRoomWhoseSeatsAreAllAwayIsSaidSo() throws {
        var room = RoomState(code: "KMAX", game: "duel", title: "Duel", seats: 2, opened: 0)
        room.seats[0].player = "ada"
        room.seats[1].player = "bob"
        room.started = 1
        #expect(room.phase == "playing")
        room.seats[0].away = 5
        #expect(room.phase == "playing")
        room.seats[1].away = 6
        #expect(room.phase == "all away")
    }
}
