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
        func follow() { for driver in both { driver.wakeUp() } }
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
        try replayFromTheBoard(ada, cards: try #require(game(ada)?.cards), inputs: try #require(room(ada)?.game.applied))
    }

    /// The room's round, replayed from the host's board: from its start to the same end, at
    /// its recorded pace, seat by seat.
    func replayFromTheBoard(_ ada: TestDriver, cards: [MemoryGame<String>.Card], inputs: Int) throws {
        while ada.screenID != "host.menu", ada.screenIDs.count > 1 { ada.press(.escape) }
        ada.press(.character("s"), .tab, .enter)
        #expect(ada.screenID == "host.replay", "\(ada.text)")
        let replay = try #require(ada.model(RoomReplayViewModel.self))
        #expect(ada.text.contains("ada's round in a room · Playing · 0 of \(inputs) inputs · seat 1 of 2"), "\(ada.text)")
        let copy = { replay.copy.top?.model as? GameViewModel }
        #expect(copy() == nil, "the theme chooser comes first")
        ada.press(.right, .right)
        #expect(copy()?.cards.map(\.content) == cards.map(\.content), "the same deal")
        #expect(ada.text.contains("Paused · 2 of \(inputs) inputs"))
        #expect(ada.text.contains("ada: 0") && ada.text.contains("bob: 0"), "named as in the room: \(ada.text)")
        ada.press(.tab)
        #expect(ada.text.contains("seat 2 of 2 · bob"), "\(ada.text)")
        ada.press(.space)
        ada.advance(by: .seconds(600))
        #expect(ada.text.contains("End of the round · \(inputs) of \(inputs) inputs"), "\(ada.text)")
        #expect(copy()?.cards.map(\.content) == cards.map(\.content))
        #expect(copy()?.game.isOver == true)
    }
}

extension RoomMemorizeTests {
    /// ada (80×24) opens a room for a two-player Memorize on `host`; bob (72×22) joins it by its code.
    func twoSeats(host: String) throws -> (ada: TestDriver, bob: TestDriver, code: RoomCode) {
        let ada = try TestDriver(games: [Fixture.entry], size: Size(width: 80, height: 24), dataDirectory: host,
                                 player: "ada")
        ada.press(.character("g"), .enter, .down, .down, .down, .right, .character("o"))
        let code = try #require(room(ada)?.code, "\(ada.text)")
        let bob = try TestDriver(games: [Fixture.entry], size: Size(width: 72, height: 22), dataDirectory: host,
                                 player: "bob")
        bob.press(.character("c"))
        bob.type(code.text)
        bob.press(.enter)
        return (ada, bob, code)
    }

    /// Clicks reach a room's game as keys do: a seat's click goes to the journal with its place
    /// and size, and every copy turns the card that seat's frame had there; a click where the
    /// seat's frame has nothing enabled (not its turn) and a spectator's click reach nothing.
    @Test func clicksAtEachSeatTurnCardsInEveryCopy() throws {
        let host = TestDriver.temporaryDirectory()
        let (ada, bob, code) = try twoSeats(host: host)
        let eve = try TestDriver(games: [Fixture.entry], size: Size(width: 100, height: 30), dataDirectory: host,
                                 player: "eve")
        eve.session.hosting!.watchRoom(code)
        let all = [ada, bob, eve]
        func follow() { for driver in all { driver.wakeUp(); driver.advance(by: .milliseconds(10)) } }
        follow()
        ada.press(.enter)
        follow()
        let cards = try #require(game(ada)?.cards)
        // The card regions of a seat's frame, in the order the board declares them.
        func places(_ driver: TestDriver) -> [Rect] {
            driver.frame.regions.filter { $0.click != nil && $0.rect.height > 1 }.map(\.rect)
        }
        func click(_ driver: TestDriver, card index: Int, at rect: Rect? = nil) {
            guard let rect = rect ?? places(driver).dropFirst(index).first else {
                Issue.record("no card \(index) on \(driver.text)")
                return
            }
            driver.click(column: rect.column + rect.width / 2, row: rect.row + rect.height / 2)
            follow()
        }
        #expect(places(ada).count == cards.count && places(bob).count == cards.count,
                "\(ada.frame.regions.map(\.rect)) \(ada.text)")
        let before = room(ada)?.game.applied

        // Not bob's turn: his click is refused where he clicks, and nothing is journaled.
        click(bob, card: 0)
        #expect(room(ada)?.game.applied == before)
        #expect(game(ada)?.cards[0].isFaceUp == false)
        // A spectator's click reaches nothing: his frame has no places to click.
        #expect(places(eve).isEmpty)
        click(eve, card: 0, at: places(ada)[0])
        #expect(room(ada)?.game.applied == before)

        // ada's click turns the card in every copy, each drawn at its own size.
        click(ada, card: 1)
        for driver in all { #expect(game(driver)?.cards[1].isFaceUp == true, "\(driver.text)") }
        let journal = try String(contentsOfFile: Rooms(directory: host + "/rooms").journalPath(code), encoding: .utf8)
        let last = try #require(journal.split(separator: "\n").last)
        #expect(last.contains(#""kind":"mouse""#) && last.contains(#""seat":0"#) && last.contains(#""w":80"#),
                "\(last)")
        // Her second card, then bob's turn after a miss (or hers again after a match): the
        // seat on turn clicks, and the copies agree.
        let second = cards[1].content == cards[2].content ? 3 : 2
        click(ada, card: second)
        let turn = try #require(game(ada)?.turn)
        let other = cards.indices.first { !(game(ada)?.cards[$0].isMatched ?? true) && !(game(ada)?.cards[$0].isFaceUp ?? true) }!
        click(all[turn.index], card: other)
        for driver in all {
            #expect(game(driver)?.cards.map(\.isFaceUp) == game(ada)?.cards.map(\.isFaceUp))
            #expect(game(driver)?.cards[other].isFaceUp == true)
        }
    }
}

extension RoomMemorizeTests {
    /// A room plays with its opener's themes: the game's files are in the room's journal from
    /// its making, so every copy reads the same ones, and none writes to them.
    @Test func theOpenersOwnThemesPlayInTheRoom() throws {
        let host = TestDriver.temporaryDirectory()
        let planets = try Theme(id: 100, name: "Planets", emojis: ["🪐", "🌍", "🌙", "☀️", "⭐️", "☄️"], color: .blue)
        let store = DataStore(directory: host + "/players/ada/memorize", report: { _ in })
        try store.save(ThemeLibrary(themes: [planets] + ShippedThemes.all), to: "themes.json",
                       format: MemorizeConstants.themesFormat)
        let saved = FileBytes.contents(store.path("themes.json"))

        let (ada, bob, _) = try twoSeats(host: host)
        for driver in [ada, bob] { driver.wakeUp() }
        #expect(bob.text.contains("Planets") && ada.text.contains("Planets"), "\(bob.text)")
        ada.press(.enter)
        for driver in [ada, bob] { driver.wakeUp() }
        #expect(game(bob)?.cards.allSatisfy { planets.emojis.contains($0.content) } == true, "\(bob.text)")
        #expect(game(ada)?.cards.map(\.content) == game(bob)?.cards.map(\.content))
        #expect(FileBytes.contents(store.path("themes.json")) == saved, "the room writes nothing of ada's")
        #expect(!FileManager.default.fileExists(atPath: host + "/players/bob/memorize/themes.json"))
    }
}
