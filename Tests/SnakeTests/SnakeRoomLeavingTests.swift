import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import GameHost
import GameHostTesting
@testable import Snake
import Testing

/// A seat whose connection drops loses its snake at once (issue 39): the room's journal says
/// so in a `left` line, written once, by the leaving process or by the first other seat's
/// process that finds the seat's lock free, so every copy removes the same snake at the
/// same moment.
extension SnakeRoomTests {
    /// `players` seats in a room of Snake, every one steered, the round playing.
    func playingRoom(players: Int) throws -> [TestDriver] {
        let config = #"{"games": ["snake"], "preferences": {"snake": {"players": \#(players)}}}"#
        let names = ["ada", "bob", "cy", "dee"]
        let ada = try TestDriver(games: Self.games, size: size, dataDirectory: host, configJSON: config, player: names[0])
        ada.press(.character("g"), .enter, .character("o"))
        let code = try #require(ada.model(RoomViewModel.self)?.code, "\(ada.text)")
        var seats = [ada]
        for name in names[1..<players] {
            let seat = try TestDriver(games: Self.games, size: size, dataDirectory: host, configJSON: config, player: name)
            #expect(seat.session.hosting!.joinRoom(code) == nil)
            seats.append(seat)
        }
        TestDriver.align(seats)
        TestDriver.run(seats, for: .milliseconds(20))
        for (index, seat) in seats.enumerated() {
            seat.press(index.isMultiple(of: 2) ? .up : .down)
            TestDriver.run(seats, for: .milliseconds(20))
        }
        TestDriver.run(seats, for: .seconds(3) + .milliseconds(400))
        #expect(board(ada)?.phase == .playing, "\(ada.text)")
        return seats
    }

    /// The `left` lines of the room's journal, by the seat that left.
    func leftLines(_ driver: TestDriver) throws -> [Seat?] {
        let room = try #require(driver.model(RoomViewModel.self))
        let text = try String(contentsOfFile: room.journal.path, encoding: .utf8)
        return try text.split(separator: "\n").dropFirst().map { try JSONDecoder().decode(RoomLine.self, from: Data($0.utf8)) }
            .filter { if case .input(.left, _) = $0.line { true } else { false } }.map(\.seat)
    }

    @Test func aSeatThatClosesTheRoomLosesItsSnakeAtOnce() throws {
        let seats = try playingRoom(players: 3)
        let (ada, bob, cy) = (seats[0], seats[1], seats[2])
        bob.press(.escape)
        #expect(bob.screenID == "host.lobby", "\(bob.text)")
        TestDriver.run([ada, cy], for: .milliseconds(20))
        for watcher in [ada, cy] {
            let game = try #require(board(watcher))
            #expect(game.board.snakes[1].fate == .left && !game.board.snakes[1].isIn, "\(watcher.text)")
            #expect(game.phase == .playing && game.board.snakes[0].isIn && game.board.snakes[2].isIn)
        }
        #expect(board(ada)?.board == board(cy)?.board)
        TestDriver.run([ada, cy], for: .seconds(2))
        #expect(try leftLines(ada) == [Seat(1)], "written once, by the seat that went")
    }

    @Test func aSeatWhoseProcessVanishesLosesItsSnakeOnceTheOthersSeeItsSeatFree() throws {
        let seats = try playingRoom(players: 3)
        let (ada, bob, cy) = (seats[0], seats[1], seats[2])
        // As `kill -9` does: the seat's lock is free, and its process says nothing.
        let lock = try #require(bob.model(RoomViewModel.self)?.seatLock)
        flock(lock, LOCK_UN)
        for _ in 0..<200 where board(ada)?.board.snakes[1].isIn == true {
            for watcher in [ada, cy] { watcher.send(RoomViewModel.Intent.refresh) }
            usleep(10_000)
        }
        TestDriver.run([ada, cy], for: .milliseconds(20))
        for watcher in [ada, cy] {
            #expect(board(watcher)?.board.snakes[1].fate == .left, "\(watcher.text)")
        }
        for watcher in [ada, cy] { watcher.send(RoomViewModel.Intent.refresh) }
        TestDriver.run([ada, cy], for: .seconds(2))
        #expect(try leftLines(ada) == [Seat(1)], "both saw the seat free; one of them wrote it, once")
        #expect(board(ada)?.board == board(cy)?.board)
    }

    /// bob goes, comes back to his seat and goes again without a key: the game was told he left
    /// and he did nothing since, so his second going is no second leave (his own process
    /// writes it under the journal's lock, as another's would, only if the journal does not
    /// say so already).
    @Test func aSeatThatComesBackAndGoesWithoutAKeyIsToldGoneOnce() throws {
        let seats = try playingRoom(players: 3)
        let (ada, bob, cy) = (seats[0], seats[1], seats[2])
        let code = try #require(ada.model(RoomViewModel.self)?.code)
        bob.press(.escape)
        TestDriver.run([ada, cy], for: .milliseconds(20))
        #expect(bob.session.hosting!.joinRoom(code) == nil)
        #expect(bob.model(RoomViewModel.self)?.game.gone == [Seat(1)], "his copy read that he left")
        bob.press(.escape)
        #expect(bob.screenID == "host.lobby", "\(bob.text)")
        TestDriver.run([ada, cy], for: .milliseconds(20))
        #expect(try leftLines(ada) == [Seat(1)], "told once")
        #expect(board(ada)?.board == board(cy)?.board)
    }

    /// A journal the copies cannot read (the room cannot go on) gets no `left` line from each
    /// look at the seats: the copies cannot tell whether one is written already.
    @Test func aJournalThatCannotBeReadGetsNoLeftLines() throws {
        let seats = try playingRoom(players: 3)
        let (ada, bob, cy) = (seats[0], seats[1], seats[2])
        let path = try #require(ada.model(RoomViewModel.self)?.journal.path)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("not a line of a room\n".utf8))
        try handle.close()
        let lock = try #require(bob.model(RoomViewModel.self)?.seatLock)
        flock(lock, LOCK_UN)
        for _ in 0..<3 {
            for other in [ada, cy] { other.send(RoomViewModel.Intent.refresh) }
            TestDriver.run([ada, cy], for: .milliseconds(400))
        }
        #expect(ada.text.contains("This room cannot go on"), "\(ada.text)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains(#""kind":"left""#), "\(text.suffix(400))")
    }

    /// The seat keeping the room's clock vanishes (`kill -9`): the others take the clock over
    /// and both see its seat free at the same look; its leaving is written once all the same.
    @Test func theClocksKeeperVanishingIsWrittenLeftOnce() throws {
        let seats = try playingRoom(players: 3)
        let keeper = try #require(seats[0].model(RoomViewModel.self)?.game.clockHolder)
        let others = seats.indices.filter { Seat($0) != keeper }.map { seats[$0] }
        let lock = try #require(seats[keeper.index].model(RoomViewModel.self)?.seatLock)
        flock(lock, LOCK_UN)
        TestDriver.run(others, for: .milliseconds(150))
        for _ in 0..<5 {
            for other in others { other.send(RoomViewModel.Intent.refresh) }
            TestDriver.run(others, for: .milliseconds(400))
        }
        #expect(try leftLines(others[0]) == [keeper], "both saw the seat free; one of them wrote it, once")
        #expect(board(others[0])?.board == board(others[1])?.board)
    }

    @Test func theLastSnakeLeftWinsWhenTheOtherSeatGoes() throws {
        let seats = try playingRoom(players: 2)
        let (ada, bob) = (seats[0], seats[1])
        bob.press(.escape)
        TestDriver.run([ada], for: .milliseconds(20))
        let game = try #require(board(ada))
        #expect(game.phase == .over && game.board.winners == [0], "\(ada.text)")
    }
}
