import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// The lobby's lines for players in rooms, and the lobby seen again after a room or a watch.
@Suite struct LobbyRoomRowsTests {
    static let games = [GameEntry(DuelGame.self)]

    func row(_ driver: TestDriver, _ player: String) -> LobbyViewModel.Row? {
        guard let lobby = driver.model(LobbyViewModel.self) else { return nil }
        return lobby.rows.first { $0.player == player }
    }

    @Test func aSeatInARoomShowsForHowLongAndTheLobbyIsCurrentWhenUncovered() throws {
        let host = TestDriver.temporaryDirectory()
        let ada = try TestDriver(games: Self.games, dataDirectory: host, player: "ada")
        ada.press(.character("g"), .enter, .character("o"))
        let code = try #require(ada.model(RoomViewModel.self)?.code, "\(ada.text)")

        // carol comes later: ada has sat in her room for a while, and the lobby says how long.
        let carol = try TestDriver(games: Self.games, dataDirectory: host, player: "carol")
        carol.advance(by: .seconds(90))
        let seated = try #require(row(carol, "ada"))
        #expect(seated.game == "room \(code) · Duel" && seated.playing == "1m", "\(seated)")

        // carol watches the room; ada leaves it meanwhile. Back in the lobby, carol sees where
        // ada is now at once, not a second later.
        let lobby = try #require(carol.model(LobbyViewModel.self))
        carol.send(LobbyViewModel.Intent.select(lobby.entries.count))
        carol.press(.character("w"))
        #expect(carol.screenID == "host.room")
        ada.press(.character("q"))
        #expect(ada.screenID == "host.preferences", "\(ada.screenIDs)")
        carol.keyDuration = .zero
        carol.press(.character("q"))
        #expect(carol.screenID == "host.lobby")
        // (ada is on the game's page now: the lobby says so, audit K4.)
        #expect(row(carol, "ada")?.game == "Duel · its page" || row(carol, "ada")?.game == "Duel",
                "\(String(describing: row(carol, "ada")))")
        #expect(row(carol, "ada")?.playing == "", "\(String(describing: row(carol, "ada")))")
    }
}
