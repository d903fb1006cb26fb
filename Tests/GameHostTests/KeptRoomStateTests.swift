import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import GameHost
import GameHostTesting
import Testing

/// A seat's once-a-second look at its room decodes `room.json` only when the file changed,
/// and never answers with a state the file no longer holds.
@Suite struct KeptRoomStateTests {
    @Test func aStateUnchangedIsNotDecodedAgainAndEveryChangeIsSeen() throws {
        let room = try DuelRoom()
        let (rooms, code, now) = (room.rooms, room.code, room.now)
        let kept = KeptRoomState()
        let path = rooms.statePath(code)
        #expect(kept.read(path) == rooms.state(code))
        #expect(kept.read(path) == rooms.state(code))
        #expect(kept.decodes == 1, "nothing changed: decoded once")
        // Replaced whole, as every write does: a state of the same size is seen too.
        try rooms.update(code) { $0.title = "Duem" }
        #expect(kept.read(path)?.title == "Duem")
        #expect(kept.read(path) == rooms.state(code))
        _ = try rooms.join(code, player: "bob", now: now)
        #expect(kept.read(path) == rooms.state(code))
        #expect(kept.read(path)?.seats.map(\.player) == ["ada", "bob"])
        #expect(kept.decodes == 3)
        // Written in place (nothing of the host does), another size is seen as well.
        let longer = try #require(rooms.state(code).map { state -> Data in
            var state = state
            state.title = "A longer title"
            return try JSONEncoder().encode(state)
        })
        let descriptor = open(path, O_WRONLY | O_TRUNC)
        #expect(longer.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == longer.count)
        close(descriptor)
        #expect(kept.read(path)?.title == "A longer title")
        // Gone: nil, and a state written again is read.
        unlink(path)
        #expect(kept.read(path) == nil)
        try longer.write(to: URL(fileURLWithPath: path))
        #expect(kept.read(path)?.title == "A longer title")
    }

    @Test func observingThroughTheKeptStateAnswersAsObservingAfresh() throws {
        let room = try DuelRoom()
        let (rooms, code, now) = (room.rooms, room.code, room.now)
        _ = try rooms.join(code, player: "bob", now: now)
        let kept = KeptRoomState()
        let ada = try #require(rooms.sit(code, Seat(0)))
        defer { close(ada) }
        // Bob never sat: marked away at the first look, written, and read again.
        let first = rooms.observe(code, now: now, kept: kept)
        #expect(first?.seats.map(\.away) == [nil, now.timeIntervalSince1970])
        #expect(rooms.observe(code, now: now.addingTimeInterval(1), kept: kept) == rooms.state(code))
        let bob = try #require(rooms.sit(code, Seat(1)))
        defer { close(bob) }
        #expect(rooms.observe(code, now: now.addingTimeInterval(2), kept: kept)?.seats.map(\.away) == [nil, nil])
        #expect(rooms.observe(code, now: now.addingTimeInterval(3), kept: kept) == rooms.state(code))
    }
}
