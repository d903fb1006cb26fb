import Foundation
@testable import GameHost
import GameHostTesting
@testable import Memorize
import Testing

/// Memorize for two in a room (issue 29): two hosted players, each a session of its own on
/// one host folder, play a whole game through the room's journal; each seat's frames are
/// compared with golden files, and the round goes to both players' scores.
@Suite struct RoomMemorizeTests {
    static let directory = Golden.directory(besides: #filePath)

    func room(_ driver: TestDriver) -> RoomViewModel? { driver.model(RoomViewModel.self) }

    /// The room's copy of the game, as ada's process holds it.
    func game(_ driver: TestDriver) -> GameViewModel? { room(driver)?.game.top?.model as? GameViewModel }

    func check(_ driver: TestDriver, _ name: String, code: RoomCode) {
        let text = driver.text.replacingOccurrences(of: code.text, with: "CODE")
        let failure = Golden.compare(text, name: name, directory: Self.directory)
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func twoPlayersPlayAWholeGameInARoom() throws {
        let host = TestDriver.temporaryDirectory()
        let size = Size(width: 80, height: 24)
        let ada = try TestDriver(games: [Fixture.entry], size: size, dataDirectory: host, player: "ada")
        // On the game's page: two players, and the room is offered.
        ada.press(.character("g"), .enter)
        #expect(!ada.text.contains("open a room"))
        ada.press(.down, .down, .down, .right)
        #expect(ada.text.contains("o open a room"), "\(ada.text)")
        ada.press(.character("o"))
        let code = try #require(room(ada)?.code, "\(ada.text)")
        let bob = try TestDriver(games: [Fixture.entry], size: Size(width: 72, height: 22), dataDirectory: host,
                                 player: "bob")
        bob.press(.character("c"))
        bob.type(code.text)
        bob.press(.enter)
        #expect(room(bob)?.seat == Seat(1), "\(bob.text)")
        let both = [ada, bob]
        func follow() { for driver in both { driver.session.wakeUp() } }
        follow()
        // The chooser first: ada picks the first theme for both.
        ada.press(.enter)
        follow()
        let board = try #require(game(ada))
        #expect(game(bob)?.cards.map(\.content) == board.cards.map(\.content), "both processes deal the same")
        check(ada, "room-memorize-ada-start", code: code)
        check(bob, "room-memorize-bob-start", code: code)

        /// The seat on turn moves the shared cursor to `index` and turns the card.
        func turn(_ index: Int) {
            guard let seat = game(ada)?.turn ?? nil else { return }
            let driver = both[seat.index]
            while let game = game(ada), game.cursor != index {
                let columns = game.columns
                let key: Key = game.cursor / columns < index / columns ? .down : game.cursor / columns > index / columns
                    ? .up : game.cursor < index ? .right : .left
                driver.press(key)
                follow()
            }
            driver.press(.enter)
            follow()
        }
        // ada misses once (the turn passes), then whoever is on turn finds pair after pair.
        let cards = board.cards
        let miss = try #require(cards.indices.dropFirst().first { cards[$0].content != cards[0].content })
        turn(0)
        turn(miss)
        #expect(game(bob)?.turn == Seat(1) && bob.text.contains("Your turn"), "\(bob.text)")
        check(bob, "room-memorize-bob-turn", code: code)
        var guardrail = 0
        while let game = game(ada), !game.game.isOver, guardrail < 100 {
            guardrail += 1
            let open = game.cards.indices.filter { !game.cards[$0].isMatched }
            guard let first = open.first, let second = open.dropFirst().first(where: { game.cards[$0].content == game.cards[first].content })
            else { break }
            turn(first)
            turn(second)
        }
        #expect(game(ada)?.game.isOver == true && game(bob)?.game.isOver == true)
        #expect(room(ada)?.game.applied == room(bob)?.game.applied)
        check(ada, "room-memorize-ada-end", code: code)
        check(bob, "room-memorize-bob-end", code: code)
        // The round is in each seat's own scores, once.
        #expect(ada.session.setup.scores.rounds(game: "memorize").count == 1)
        #expect(bob.session.setup.scores.rounds(game: "memorize").count == 1)
    }
}
