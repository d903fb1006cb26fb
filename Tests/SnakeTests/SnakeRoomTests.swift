import Foundation
@testable import GameHost
import GameHostTesting
@testable import Snake
import Testing

/// Snake in a room (issue 39): each seat steers its own snake at its own terminal, the round
/// starts on a countdown once every seat steered, and the room's clock gives every seat and
/// spectator the same board at the same tick.
@Suite struct SnakeRoomTests {
    static let games = [GameEntry(SnakeGame.self)]
    static let config = #"{"games": ["snake"], "preferences": {"snake": {"players": 2}}}"#
    let host = TestDriver.temporaryDirectory()
    let size = Size(width: 80, height: 24)

    func board(_ driver: TestDriver) -> SnakeViewModel? {
        driver.model(RoomViewModel.self)?.game.top?.model as? SnakeViewModel
    }

    /// The board's rows of the frame, the same for every seat (the lines above and below it
    /// say who is where).
    func boardRows(_ driver: TestDriver) -> [String] {
        driver.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { $0.contains("│") || $0.contains("╭") || $0.contains("╰") }
    }

    @Test func twoSeatsAndASpectatorSeeTheSameBoardAtTheSameTick() throws {
        let ada = try TestDriver(games: Self.games, size: size, dataDirectory: host, configJSON: Self.config,
                                 player: "ada")
        ada.press(.character("g"), .enter, .character("o"))
        let code = try #require(ada.model(RoomViewModel.self)?.code, "\(ada.text)")
        let bob = try TestDriver(games: Self.games, size: size, dataDirectory: host, configJSON: Self.config,
                                 player: "bob")
        #expect(bob.session.hosting!.joinRoom(code) == nil)
        let cy = try TestDriver(games: Self.games, size: size, dataDirectory: host, configJSON: Self.config,
                                player: "cy")
        cy.session.hosting!.watchRoom(code)
        let all = [ada, bob, cy]
        TestDriver.align(all)
        TestDriver.run(all, for: .milliseconds(20))

        ada.press(.up)
        TestDriver.run(all, for: .seconds(1))
        #expect(board(ada)?.phase == .ready, "one seat ready: the round waits for the other")
        bob.press(.character("s"))
        TestDriver.run(all, for: .milliseconds(20))
        #expect(board(bob)?.phase == .countdown && bob.text.contains("Starting in 3"), "\(bob.text)")
        TestDriver.run(all, for: .seconds(3) + .milliseconds(400))
        let seats = try #require(board(ada))
        #expect(seats.phase == .playing && seats.board.steps >= 2, "\(ada.text)")
        #expect(seats.board.snakes[0].heading == .up && seats.board.snakes[1].heading == .down,
                "each seat steered its own snake")
        TestDriver.run([cy], for: RoomViewModel.spectatorDelay)
        #expect(board(bob)?.board == seats.board && board(cy)?.board == seats.board)
        #expect(boardRows(ada) == boardRows(bob) && boardRows(bob) == boardRows(cy),
                "cell for cell:\n\(ada.text)\n\(bob.text)\n\(cy.text)")
        #expect(ada.text.contains("ada: 0") && ada.text.contains("bob: 0"), "players by name: \(ada.text)")
    }

    /// What a seat's terminal shows in a Snake room of three (docs/hosting.md's picture of
    /// it): the host's lines for the room and who sits where, then the whole board with every
    /// snake, each player's points by name beneath.
    @Test func aSeatsScreenInARoomOfThree() throws {
        defer { try? FileManager.default.removeItem(atPath: host) }
        let config = #"{"games": ["snake"], "preferences": {"snake": {"players": 3}}}"#
        let players = try ["ada", "bob", "cy"].map {
            try TestDriver(games: Self.games, size: size, dataDirectory: host, configJSON: config, player: $0)
        }
        players[0].press(.character("g"), .enter, .character("o"))
        let code = try #require(players[0].model(RoomViewModel.self)?.code, "\(players[0].text)")
        for player in players.dropFirst() { #expect(player.session.hosting!.joinRoom(code) == nil) }
        TestDriver.align(players)
        TestDriver.run(players, for: .milliseconds(20))
        for (player, key) in zip(players, [Key.right, .left, .up]) {
            player.press(key)
            TestDriver.run(players, for: .milliseconds(20))
        }
        TestDriver.run(players, for: .seconds(3) + .milliseconds(900))
        let bob = players[1]
        #expect(board(bob)?.phase == .playing, "\(bob.text)")
        #expect(boardRows(bob) == boardRows(players[0]) && boardRows(bob) == boardRows(players[2]))
        let screen = bob.text.replacingOccurrences(of: code.text, with: "CODE")
        let golden = Golden.compare(screen, name: "snake-room-bob-80x24", directory: Golden.directory(besides: #filePath))
        #expect(golden == nil, "\(golden ?? "")")
    }
}
