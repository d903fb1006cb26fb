import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// A seat's keys that arrive together (typed fast, or in one read of the terminal) are each
/// judged on the game as the seat's earlier keys left it, not as it stood before them: the
/// process applies its own line as soon as it is appended, without waiting for the wake.
@Suite struct RoomKeyOrderTests {
    static let games = [GameEntry(DuelGame.self)]

    @Test func aSeatsSecondKeySeesWhatItsFirstDid() throws {
        let host = TestDriver.temporaryDirectory()
        let ada = try TestDriver(games: Self.games, size: Size(width: 64, height: 16), dataDirectory: host, player: "ada")
        ada.press(.character("g"), .enter, .character("o"))
        let room = try #require(ada.model(RoomViewModel.self), "\(ada.text)")
        let bob = try TestDriver(games: Self.games, size: Size(width: 64, height: 16), dataDirectory: host, player: "bob")
        #expect(bob.session.hosting!.joinRoom(room.code) == nil)
        #expect(room.watcher?.wait(milliseconds: 1000) == true)
        ada.wakeUp()
        #expect(ada.text.contains("Seat 1 to play"), "\(ada.text)")

        // Two ↑ in a row, with no wake between: the first scores and passes the turn, so the
        // second is ada's out of turn and refused here, as it would be after a wake.
        ada.press(.up)
        #expect(ada.text.contains("Points: 1 to 0") && ada.text.contains("Seat 2 to play"), "\(ada.text)")
        ada.press(.up)
        #expect(ada.refusal != nil, "\(ada.text)")
        let lines = try RoomJournalReader(path: Rooms(directory: host + "/rooms").journalPath(room.code)).readNew()
        #expect(lines.filter { $0.seat == Seat(0) }.count == 1, "only the key that did something was appended")
    }
}
