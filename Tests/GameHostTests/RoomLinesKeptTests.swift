import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// The room's two lines above the game, kept by its model from frame to frame (`RoomView`),
/// against the lines made anew, as the room waits, starts, goes from turn to turn and is
/// drawn at another width.
@Suite struct RoomLinesKeptTests {
    func room(_ driver: TestDriver) -> RoomViewModel? { driver.model(RoomViewModel.self) }

    func expectKeptLinesAreNew(_ driver: TestDriver, _ step: String) throws {
        let model = try #require(room(driver))
        for width in [64, 40, 64] {
            let drawn = RoomView().render(model, in: Size(width: width, height: 14))
            let made = RoomView.draw(RoomView.Lines(status: model.status, seats: model.seats, width: width))
            for row in 0..<2 {
                #expect(drawn.line(row) == made.line(row), "\(step), \(width) wide, row \(row)")
                for column in 0..<width { #expect(drawn[row, column] == made[row, column], "\(step), \(row),\(column)") }
            }
        }
    }

    @Test func theKeptLinesAreTheLinesMadeAnewThroughTheRoom() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let games = [GameEntry(DuelGame.self), GameEntry(CounterGame.self)]
        let size = Size(width: 64, height: 16)
        let ada = try TestDriver(games: games, size: size, dataDirectory: host, player: "ada")
        ada.press(.character("g"), .down, .enter)
        ada.press(.escape, .up, .enter, .character("o"))
        try expectKeptLinesAreNew(ada, "open, waiting")
        let bob = try TestDriver(games: games, size: size, dataDirectory: host, player: "bob")
        let lobby = try #require(bob.model(LobbyViewModel.self))
        bob.send(LobbyViewModel.Intent.select(lobby.entries.count))
        bob.press(.enter)
        #expect(room(ada)?.watcher?.wait(milliseconds: 1000) == true)
        ada.wakeUp()
        try expectKeptLinesAreNew(ada, "started")
        try expectKeptLinesAreNew(bob, "started, bob")
        ada.press(.up)
        #expect(room(bob)?.watcher?.wait(milliseconds: 1000) == true)
        bob.wakeUp()
        ada.wakeUp()
        try expectKeptLinesAreNew(ada, "bob's turn")
        try expectKeptLinesAreNew(bob, "bob's turn, bob")
        #expect(bob.text.contains("Your turn"), "\(bob.text)")
    }
}
