import Foundation
@testable import GameHost
import GameHostTesting

/// Ada's room of Duel, in a host folder of its own (removed at exit), on a clock the test moves:
/// for tests of what a seat keeps from one look at the room to the next.
final class DuelRoom {
    let host = TestDriver.temporaryDirectory()
    let rooms: Rooms
    let opened: RoomState
    let code: RoomCode
    var now = Date(timeIntervalSince1970: 1_700_000_000)

    init() throws {
        rooms = Rooms(directory: host + "/rooms")
        opened = try rooms.create(game: RoomJournalTests.duel, title: "Duel", values: [:], seed: 1, player: "ada", now: now)
        code = try RoomCode(parsing: opened.code)
    }

    /// Ada's seat, sat, as her process sees the room on this clock; `leave()` gives it back.
    func adasSeat() -> RoomViewModel {
        RoomViewModel(code: code, rooms: rooms, room: opened, entry: RoomJournalTests.duel, seat: Seat(0),
                      seatLock: rooms.sit(code, Seat(0)), watcher: nil, clock: { self.now },
                      reported: { _, _ in })
    }
}
