import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// A room its opener keeps for those given its code (audit C5): listed in every lobby for
/// watching, but joined only by typing the code.
extension RoomSessionTests {
    @Test func aRoomByCodeOnlyIsWatchedFromTheListButJoinedOnlyByItsCode() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let size = Size(width: 80, height: 24)
        let ada = try TestDriver(games: Self.games, size: size, dataDirectory: host, player: "ada")
        ada.press(.character("g"), .enter, .character("o"))
        let code = try #require(room(ada)?.code, "\(ada.text)")
        // While the room waits, its opener chooses: p takes players by the code only.
        #expect(ada.text.contains("p by code only"), "\(ada.text)")
        ada.press(.character("p"))
        #expect(ada.text.contains("Only those who type it may join") && ada.text.contains("p let anyone join"),
                "\(ada.text)")
        #expect(Rooms(directory: host + "/rooms").state(code)?.isByCodeOnly == true)

        // carol sees it in her lobby, by code, and may watch it; Enter on its line does not seat her.
        let carol = try TestDriver(games: Self.games, size: size, dataDirectory: host, player: "carol")
        let lobby = try #require(carol.model(LobbyViewModel.self))
        carol.send(LobbyViewModel.Intent.select(lobby.entries.count))
        #expect(carol.text.contains("open 1/2 by code") && carol.text.contains("w watch"), "\(carol.text)")
        #expect(!carol.text.contains("Enter join"), "\(carol.text)")
        carol.press(.enter)
        #expect(carol.screenID == "host.lobby")
        #expect(carol.refusal?.contains("takes players by its code only: press c and type") == true,
                "\(carol.refusal ?? "no refusal")")
        // Nor does a join from the list that reaches the room anyway (a stale line).
        #expect(carol.session.hosting!.joinRoom(code, typed: false)?.contains("by its code only") == true)
        #expect(Rooms(directory: host + "/rooms").state(code)?.takenSeats == 1)

        // bob types the code: he sits, and the game starts.
        let bob = try TestDriver(games: Self.games, size: size, dataDirectory: host, player: "bob")
        bob.press(.character("c"))
        bob.type(code.text)
        bob.press(.enter)
        #expect(bob.screenID == "host.room" && room(bob)?.seat == Seat(1), "\(bob.text)")
        follow(ada)
        #expect(room(ada)?.room.started != nil && !ada.text.contains("by code only"), "\(ada.text)")
        // Once it plays, the choice is gone: there is no free seat left to guard.
        ada.send(RoomViewModel.Intent.byCodeOnly)
        #expect(Rooms(directory: host + "/rooms").state(code)?.started != nil)
    }

    @Test func theOpenerCanListTheRoomAgain() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let ada = try TestDriver(games: Self.games, dataDirectory: host, player: "ada")
        ada.press(.character("g"), .enter, .character("o"), .character("p"), .character("p"))
        let code = try #require(room(ada)?.code, "\(ada.text)")
        #expect(Rooms(directory: host + "/rooms").state(code)?.isByCodeOnly == false)
        let bob = try TestDriver(games: Self.games, dataDirectory: host, player: "bob")
        let lobby = try #require(bob.model(LobbyViewModel.self))
        bob.send(LobbyViewModel.Intent.select(lobby.entries.count))
        bob.press(.enter)
        #expect(bob.screenID == "host.room" && room(bob)?.seat == Seat(1), "\(bob.text)")
    }
}
