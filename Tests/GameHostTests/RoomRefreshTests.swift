import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// A seat's once-a-second look at the room's state (`RoomViewModel.Intent.refresh`) most
/// often finds the room as it was. Then it changed nothing drawn, and the session keeps the
/// frame it drew: a Snake room's seats drew one whole frame more a second for it, 8–12 % more
/// frames than ticks. A seat away is the exception: its time away is shown, and counts up.
@Suite struct RoomRefreshTests {
    @Test func aLookThatFindsTheRoomAsItWasChangesNothingDrawn() throws {
        let room = try DuelRoom()
        let (rooms, code) = (room.rooms, room.code)
        let model = room.adasSeat()
        defer { model.leave() }
        var bob: Int32?
        defer { if let bob { close(bob) } }
        var quiet: [Bool] = []
        func look() {
            room.now += 1
            _ = model.handle(.refresh)
            quiet.append(model.lastIntentChangedNothing)
        }
        look() // waiting, as it was
        _ = try rooms.join(code, player: "bob", now: room.now)
        bob = rooms.sit(code, Seat(1))
        look() // bob joined
        look() // as it was
        close(try #require(bob))
        bob = nil
        look() // bob went
        look() // bob still away: his time away counts up
        bob = rooms.sit(code, Seat(1))
        look() // bob came back
        look() // as it was
        _ = try rooms.update(code) { $0.seats[1].player = "cy" }
        look() // cy in bob's seat
        #expect(quiet == [true, false, true, false, false, false, true, false])
    }
}
