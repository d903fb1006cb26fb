import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// The guide's whole two-seat example (docs/guide.md, "A whole game for two"), whose files
/// the guide shows as they are here: the rules, one terminal, a room, and the suite.
@Suite struct ConnectFourTests {
    static let first = Seat(0), second = Seat(1)

    @Test func fourInARowWinsAcrossUpAndDiagonally() {
        for (moves, winner) in [([0, 0, 1, 1, 2, 2, 3], 0), ([1, 0, 1, 0, 1, 0, 2, 0], 1),
                                ([0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3], 0)] {
            var board = ConnectFourBoard()
            for column in moves { board.drop(in: column) }
            #expect(board.winner == winner && board.isOver, "\(moves)")
        }
        var board = ConnectFourBoard()
        for column in [0, 1, 2, 0, 1, 2] { board.drop(in: column) }
        #expect(board.winner == nil && !board.isOver)
    }

    @Test func aFullColumnTakesNoDiscAndAFullBoardIsADraw() {
        var board = ConnectFourBoard()
        for _ in 0..<6 { board.drop(in: 0) }
        #expect(!board.mayDrop(in: 0))
        // Found by a search: 42 discs, no four in a row.
        var full = ConnectFourBoard()
        for column in [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 4, 3, 3, 3, 3, 3, 3,
                       4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6] { full.drop(in: column) }
        #expect(full.isFull && full.winner == nil && full.isOver)
    }

    @Test func onOneTerminalEachKeyIsThePlayerOnTurns() throws {
        let driver = try TestDriver(games: [GameEntry(ConnectFourGame.self)], play: ConnectFourGame.info.id)
        driver.press(.enter, .right, .enter)
        let model = try #require(driver.model(ConnectFourViewModel.self))
        #expect(model.board.disc(column: 3, row: 0) == 0 && model.board.disc(column: 4, row: 0) == 1)
        #expect(driver.text.contains("Player 1 ● to play") && model.roundInPlay == true)
        for column in [1, 2, 1, 2, 1, 2, 1] { driver.press(.digit(column)) }
        #expect(driver.text.contains("Player 1 ● wins") && model.turn == nil && model.roundInPlay == false)
        driver.press(.character("n"))
        #expect(model.board.isEmpty && model.turn == Self.second, "the other player starts the next game")
    }

    @Test func inARoomOnlyTheSeatOnTurnMovesAndASpectatorIsNobody() throws {
        let driver = try TestDriver(games: [GameEntry(ConnectFourGame.self)], play: ConnectFourGame.info.id,
                                    seating: .room)
        let model = try #require(driver.model(ConnectFourViewModel.self))
        driver.press(.enter, .left, .digit(1), from: Self.second)
        #expect(model.board.isEmpty && model.column == 3, "the waiting seat neither aims nor drops")
        #expect(driver.refusal == "It is Player 1's turn.")
        driver.press(.digit(1), from: Self.first)
        driver.press(.digit(2), from: Self.second)
        #expect(model.board.disc(column: 0, row: 0) == 0 && model.board.disc(column: 1, row: 0) == 1)
        let aim = ConnectFourViewModel.aim
        #expect(driver.screenText(for: Self.first).contains(aim), "the seat on turn aims")
        #expect(!driver.screenText(for: Self.second).contains(aim) && !driver.screenText(for: nil).contains(aim))
        #expect(!driver.screenText(for: nil).lowercased().contains("you"))
    }

    /// What a room seat's terminal shows around the game's frame (the guide's picture of it):
    /// the host's lines for whose turn it is and who sits where, then the seat's own frame.
    @Test func aRoomSeatsWholeScreen() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let games = [GameEntry(ConnectFourGame.self)]
        let ann = try TestDriver(games: games, dataDirectory: host, player: "ann")
        ann.press(.character("g"), .enter, .character("o"))
        let code = try #require(ann.model(RoomViewModel.self)?.code)
        let bob = try TestDriver(games: games, dataDirectory: host, player: "bob")
        let lobby = try #require(bob.model(LobbyViewModel.self))
        bob.send(LobbyViewModel.Intent.select(lobby.entries.count))
        bob.press(.enter)
        #expect(bob.model(RoomViewModel.self)?.seat == Self.second, "\(bob.text)")
        // Each process reads the room's journal when its watcher wakes it.
        func follow(_ driver: TestDriver) {
            _ = driver.model(RoomViewModel.self)?.watcher?.wait(milliseconds: 1000)
            driver.wakeUp()
        }
        follow(ann)
        for (driver, other, key) in [(ann, bob, Key.digit(4)), (bob, ann, .digit(4)), (ann, bob, .digit(5))] {
            driver.press(key)
            follow(other)
        }
        #expect(bob.refusal == nil, "\(bob.text)")
        #expect(bob.text.contains("Your turn") && ann.text.contains("bob's turn"), "\(bob.text)")
        let screen = bob.text.replacingOccurrences(of: code.text, with: "CODE")
        let golden = Golden.compare(screen, name: "connect-four-room-bob-80x24",
                                    directory: Golden.directory(besides: Path.folder(of: #filePath)))
        #expect(golden == nil, "\(golden ?? "")")
    }

    @Test func itPassesTheConformanceSuite() {
        let report = ConformanceSuite.check(ConnectFourGame.self)
        #expect(report.passed, "\(report.text)")
    }
}
