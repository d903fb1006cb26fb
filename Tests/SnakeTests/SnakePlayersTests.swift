import Foundation
import GameHost
import GameHostTesting
@testable import Snake
import Testing

/// Snake for several players: two at one keyboard (the arrows and W A S D), more in a room
/// where each seat steers its own snake; the round starts on a countdown once all are ready.
@Suite struct SnakePlayersTests {
    func driver(players: Int, seed: UInt64 = 3) throws -> (TestDriver, SnakeViewModel) {
        let driver = try TestDriver(games: [GameEntry(SnakeGame.self)], play: "snake",
                                    preferences: ["players": .integer(players)], seed: seed)
        return (driver, try #require(driver.model(SnakeViewModel.self)))
    }

    /// A view model seated in a room, as each seat's process makes it.
    func room(players: Int) -> SnakeViewModel {
        let context = GameContext(gameID: "snake", seed: 3,
                                  storage: DataStore(directory: TestDriver.temporaryDirectory(), report: { _ in }),
                                  clock: { Date(timeIntervalSince1970: 0) }, seatCount: players, seating: .room)
        context.seatNames = { ["Ada", "Grace", nil][..<players].map { $0 } }
        return SnakeViewModel(preferences: SnakePreferences(players: players), context: context)
    }

    @Test func theSeatsAreThePlayers() {
        #expect(SnakeGame.seats(SnakePreferences(players: 5)) == 5)
        #expect(SnakeGame.seats(SnakePreferences()) == 1, "one player unless asked")
    }

    @Test func twoAtOneKeyboardSteerWithTheArrowsAndWASD() throws {
        let (driver, model) = try driver(players: 2)
        driver.press(.up)
        driver.press(.character("s"))
        #expect(model.board.snakes[0].plannedHeading == .up && model.board.snakes[1].plannedHeading == .down)
        #expect(driver.text.contains("steer Player 1") && driver.text.contains("steer Player 2"),
                "the footer says whose keys are whose:\n\(driver.text)")
    }

    @Test func theRoundStartsOnACountdownOnceEveryPlayerIsReady() throws {
        let (driver, model) = try driver(players: 2)
        let heads = model.board.snakes.map(\.head)
        driver.press(.right)
        #expect(model.phase == .ready && driver.text.contains("1 of 2 ready"))
        driver.advance(by: .seconds(10))
        #expect(model.board.snakes.map(\.head) == heads, "one player ready: nothing moves")
        driver.press(.character("a"))
        #expect(model.phase == .countdown && driver.text.contains("Starting in 3"))
        #expect(model.roundInPlay == false, "nothing is lost before the snakes move")
        driver.advance(by: .seconds(2))
        #expect(driver.text.contains("Starting in 1") && model.board.snakes.map(\.head) == heads)
        driver.advance(by: .seconds(1))
        #expect(model.phase == .playing)
        driver.advance(by: model.interval)
        #expect(model.board.snakes.map(\.head) != heads && model.roundInPlay == true)
    }

    @Test func theLastSnakeInWinsAndEachPlayersPointsAreReported() throws {
        let (driver, model) = try driver(players: 2)
        driver.press(.right, .character("a"))
        // Player 2 turns up at once and runs into the top wall; player 1 goes straight on.
        driver.advance(by: .seconds(3))
        driver.press(.character("w"))
        driver.advance(by: model.interval * (model.board.snakes[1].head.y + 1))
        #expect(model.phase == .over && model.board.winners == [0])
        #expect(driver.text.contains("Player 1 wins!"), "\(driver.text)")
        let rounds = ScoreBook(store: DataStore(directory: driver.dataDirectory, report: { _ in })).rounds(game: "snake")
        #expect(rounds.count == 1 && rounds.first?.seatScores == model.playerPoints)
        #expect(rounds.first?.summary.hasPrefix("Player 1 wins! Player 1 0, Player 2 0") == true)
        driver.press(.enter)
        #expect(model.phase == .ready && model.board.snakes.count == 2 && model.ready.isEmpty)
    }

    @Test func moreThanTwoAtOneTerminalAreToldToTakeARoom() throws {
        let (driver, model) = try driver(players: 3)
        #expect(model.needsRoom && !model.canSteer)
        driver.press(.right, .character("d"))
        #expect(model.phase == .ready)
        #expect(driver.text.contains("3 players take a room"), "\(driver.text)")
        #expect(driver.text.contains("On one keyboard, Snake takes 1 or 2 players."))
    }

    @Test func inARoomEachSeatSteersItsOwnSnakeAndASpectatorNone() {
        let model = room(players: 3)
        _ = model.handle(.turn(.up), from: Seat(1))
        _ = model.handle(.turn(.down, player: 0), from: Seat(2))
        _ = model.handle(.turn(.up), from: nil)
        #expect(model.board.snakes.map(\.plannedHeading) == [.right, .up, .down])
        #expect(model.phase == .ready && model.ready == [1, 2], "the spectator's key made nobody ready")
        _ = model.handle(.turnToward(x: 0, y: 0), from: Seat(0))
        #expect(model.phase == .countdown && model.board.snakes[0].plannedHeading == .up)
    }

    @Test func inARoomThePlayersAreCalledByTheirNames() {
        let model = room(players: 3)
        #expect(model.playerScores.map(\.text) == ["Ada: 0", "Grace: 0", "Player 3: 0"])
    }

    @Test func aPlayersSnakeIsDrawnInTheirColourAndShade() throws {
        let (driver, model) = try driver(players: 2)
        let second = model.board.snakes[1]
        let symbol = model.symbols[second.body[1].y * model.board.width + second.body[1].x]
        #expect(symbol == .body(player: 1) && symbol.glyph == "▓")
        #expect(driver.text.contains("▓▓") && driver.text.contains("██"))
    }
}
