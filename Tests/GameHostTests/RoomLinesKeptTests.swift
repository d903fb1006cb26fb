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

    /// The seats' line kept by the model (`RoomViewModel.seats`), and the players' names,
    /// against those made anew, as a player joins, goes (and the time away grows with no change to the room), comes
    /// back, and a seat's player changes.
    @Test func theKeptSeatsAreTheSeatsMadeAnew() throws {
        let room = try DuelRoom()
        let (rooms, code) = (room.rooms, room.code)
        let model = room.adasSeat()
        var bob: Int32?
        defer { if let bob { close(bob) } }
        var seen: [String] = []
        func expectSame(_ step: String) {
            // Twice: the second may be the kept one.
            for _ in 0..<2 {
                #expect(model.seats == RoomViewModel.seats(model.room.seats, for: Seat(0), now: room.now.timeIntervalSince1970),
                        "\(step)")
            }
            seen.append(model.seats)
            // The names the game's copy reads, kept with the seats as well.
            #expect(model.playerNames() == model.room.seats.map(\.player), "\(step): names")
        }
        expectSame("waiting")
        _ = try rooms.join(code, player: "bob", now: room.now)
        bob = rooms.sit(code, Seat(1))
        _ = model.handle(.refresh)
        expectSame("bob joined")
        close(try #require(bob))
        bob = nil
        room.now += 1
        _ = model.handle(.refresh)
        expectSame("bob went")
        room.now += 90
        expectSame("bob away longer")
        bob = rooms.sit(code, Seat(1))
        _ = model.handle(.refresh)
        expectSame("bob came back")
        _ = try rooms.update(code) { $0.seats[1].player = "cy" }
        _ = model.handle(.refresh)
        expectSame("cy in bob's seat")
        #expect(seen == ["1 ada (you) · 2 free", "1 ada (you) · 2 bob", "1 ada (you) · 2 bob, away 0s",
                         "1 ada (you) · 2 bob, away 1m", "1 ada (you) · 2 bob", "1 ada (you) · 2 cy"])
        model.leave()
    }
}
