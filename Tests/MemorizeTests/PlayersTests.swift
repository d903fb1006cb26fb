import Foundation
import GameHost
import GameHostTesting
@testable import Memorize
import Testing

/// Memorize for two to four players taking turns: a turn is two cards, a match scores for
/// the player on turn and keeps the turn, a miss passes it; the end ranks the players.
@Suite struct PlayersTests {
    static let faces = ShippedThemes.all.first { $0.name == "Faces" }!

    /// A game of the Faces theme (6 pairs) for `players`, on one terminal or in a room.
    static func model(players: Int, seating: Seating = .oneTerminal, seed: UInt64 = 1) -> GameViewModel {
        let context = GameContext.forTesting(gameID: "memorize", seed: seed, seatCount: players, seating: seating)
        return GameViewModel(theme: faces, matchedCards: .dim, context: context, shelf: RoundShelf(), players: players)
    }

    /// The two cards of each pair, and two cards that do not match.
    static func pairs(_ model: GameViewModel) -> [(Int, Int)] {
        var seen: [String: Int] = [:], pairs: [(Int, Int)] = []
        for (index, card) in model.cards.enumerated() {
            if let first = seen[card.content] { pairs.append((first, index)) } else { seen[card.content] = index }
        }
        return pairs.sorted { $0.0 < $1.0 }
    }

    static func json(_ model: GameViewModel) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try! encoder.encode(model.state), as: UTF8.self)
    }

    @Test func inARoomThePlayersAreCalledByTheNamesOfTheirSeats() {
        let model = Self.model(players: 3, seating: .room)
        #expect(model.name(0) == "Player 1")
        model.context.seatNames = { ["ann", nil, "  "] }
        #expect(model.name(0) == "ann" && model.name(1) == "Player 2" && model.name(2) == "Player 3")
        #expect(model.tallyText(0, short: false) == "ann: 0")
    }

    @Test func thePlayersPreferenceSetsTheSeatsAndDefaultsToOne() {
        let entry = GameEntry(MemorizeGame.self)
        #expect(entry.seats([:]) == 1)
        #expect(entry.seats(["players": .integer(4)]) == 4)
        #expect((try? entry.schema.validate(game: "memorize", key: "players", argument: "5")) == nil)
        let alone = Self.model(players: 1)
        #expect(alone.turn == nil && alone.tallies.isEmpty)
        // One player's state reads as it always did: no players, no turn.
        #expect(!Self.json(alone).contains("players") && !Self.json(alone).contains("turn"))
    }

    @Test func aMatchScoresForThePlayerOnTurnWhoGoesAgainAndAMissPassesTheTurn() {
        let model = Self.model(players: 3)
        let pairs = Self.pairs(model)
        #expect(model.turn == Seat(0))
        _ = model.send(.chooseCard(pairs[0].0), .chooseCard(pairs[0].1))
        #expect(model.tallies[0] == Turns.Tally(points: 2, pairs: 1) && model.turn == Seat(0))
        #expect(model.message.description.contains("+2 for Player 1, who goes again"))
        _ = model.send(.chooseCard(pairs[1].0), .chooseCard(pairs[2].0))
        #expect(model.turn == Seat(1) && model.tallies[0].points == 2)
        #expect(model.message.description == "No match. Player 2's turn.")
        // Player 2 misses with a card seen before: the penalty is theirs.
        _ = model.send(.chooseCard(pairs[3].0), .chooseCard(pairs[1].0))
        #expect(model.tallies[1].points == -1 && model.turn == Seat(2))
        _ = model.send(.chooseCard(pairs[4].0), .chooseCard(pairs[5].0))
        #expect(model.turn == Seat(0), "the turn goes round")
        #expect(model.roundInPlay == true)
    }

    @Test func theEndRanksThePlayersAndReportsTheWinner() {
        let model = Self.model(players: 2)
        let pairs = Self.pairs(model)
        _ = model.send(.chooseCard(pairs[0].0), .chooseCard(pairs[0].1))   // P1 +2
        _ = model.send(.chooseCard(pairs[1].0), .chooseCard(pairs[2].0))   // P1 misses
        var effects: [Effect<GameViewModel.Intent>] = []
        // P2 takes the other five (the second card first: the first of two is still face up).
        for pair in pairs.dropFirst() { effects += model.send(.chooseCard(pair.1), .chooseCard(pair.0)) }
        #expect(model.game.isOver && model.turn == nil && model.roundInPlay == false)
        #expect(model.rankingLines == ["1. Player 2 — 10 points, 5 pairs", "2. Player 1 — 2 points, 1 pair"])
        #expect(model.winnerText == "Player 2 wins with 10 points!")
        let reported = effects.compactMap(\.reportedRound)
        #expect(reported.map(\.score) == [10] && reported.first?.summary.hasPrefix("Player 2 wins") == true)
        // Each seat's own points, for a room to record each player with theirs (audit B1).
        #expect(reported.first?.seatScores == [2, 10])
        #expect(reported.first.map { [$0.scored(by: Seat(0)).score, $0.scored(by: Seat(1)).score] } == [2, 10])
        _ = model.send(.newGame)
        #expect(model.turn == Seat(0) && model.tallies == [Turns.Tally(), Turns.Tally()])
    }

    @Test func equalPlayersShareAPlace() {
        var turns = Turns(players: 3)
        turns.record(.matched, change: 2)
        turns.record(.mismatched, change: 0)
        turns.record(.matched, change: 2)
        #expect(turns.ranking.map(\.place) == [1, 1, 3] && turns.ranking.map(\.player) == [0, 1, 2])
    }

    /// Every intent from every seat in every state of a two-player room game: a seat on turn
    /// (or nil, or anyone at the end) does what nil does; any other changes nothing.
    @Test func everyIntentFromEverySeatInEveryState() {
        enum Place: CaseIterable { case start, oneCardUp, afterAMiss, over }
        func model(at place: Place) -> GameViewModel {
            let model = Self.model(players: 2, seating: .room)
            let pairs = Self.pairs(model)
            switch place {
            case .start: break
            case .oneCardUp: _ = model.send(.chooseCard(pairs[0].0))
            case .afterAMiss: _ = model.send(.chooseCard(pairs[0].0), .chooseCard(pairs[1].0))
            case .over: for pair in pairs { _ = model.send(.chooseCard(pair.0), .chooseCard(pair.1)) }
            }
            return model
        }
        let intents: [GameViewModel.Intent] = GameViewModel.Direction.allCases.map { .move($0) }
            + [.choose, .chooseCard(0), .chooseCard(11), .newGame]
        for place in Place.allCases {
            for seat in [nil, Seat(0), Seat(1), Seat(2)] {
                for intent in intents {
                    let tagged = model(at: place), untagged = model(at: place)
                    let before = Self.json(tagged)
                    let turn = tagged.turn
                    _ = tagged.handle(intent, from: seat)
                    _ = untagged.handle(intent, from: nil)
                    let allowed = seat == nil || turn == nil || seat == turn
                    let expected = allowed ? Self.json(untagged) : before
                    #expect(Self.json(tagged) == expected, "\(intent) from \(String(describing: seat)) at \(place)")
                    // The seat's keys say the same: all enabled ones may act, a waiting seat's none.
                    let keys = GameView().bindings(tagged, for: seat)
                    if !tagged.mayAct(seat) { #expect(keys.allSatisfy { !$0.isEnabled }) }
                }
            }
        }
    }

    @Test func aSeatWaitingForItsTurnIsToldWhoseTurnItIs() {
        let model = Self.model(players: 2, seating: .room)
        let keys = GameView().bindings(model, for: Seat(1))
        #expect(keys.allSatisfy { !$0.isEnabled })
        #expect(model.waitText.description == "It is Player 1's turn: yours comes when they miss.")
        let size = Size(width: 80, height: 22)
        #expect(GameView().render(model, in: size, for: Seat(0)).text.contains("Your turn · 0 of 6 pairs"))
        #expect(GameView().render(model, in: size, for: Seat(1)).text.contains("Player 1's turn · 0 of 6 pairs"))
        #expect(GameView().render(model, in: size, for: Seat(1)).text.contains("Player 2: 0 (you)"))
        // Nobody's private: each seat sees the same cards.
        #expect(model.hidden(from: Seat(1)).isEmpty)
    }

    @Test func inARoomThroughTheSessionASeatNotOnTurnIsRefusedInWords() throws {
        let driver = try TestDriver(games: [Fixture.entry], play: Fixture.entry.id, preferences: ["players": .integer(2)],
                                    seating: .room)
        driver.selectTheme("Faces")
        driver.press(.enter)
        let game = try #require(driver.game)
        driver.press(.enter, from: Seat(1))
        #expect(!game.game.hasStarted)
        #expect(driver.refusal == "It is Player 1's turn: yours comes when they miss.")
        driver.press(.enter, from: Seat(0))
        #expect(game.game.hasStarted && driver.screenText(for: Seat(0)).contains("Your turn"))
    }

    @Test func aRoundKeptForAnotherNumberOfPlayersIsDealtAnew() {
        let context = GameContext.forTesting(gameID: "memorize")
        let shelf = RoundShelf()
        let alone = GameViewModel(theme: Self.faces, matchedCards: .dim, context: context, shelf: shelf)
        _ = alone.send(.choose)
        let again = GameViewModel(theme: Self.faces, matchedCards: .dim, context: context, shelf: shelf)
        #expect(again.game.hasStarted, "the same players resume")
        let two = GameViewModel(theme: Self.faces, matchedCards: .dim, context: context, shelf: shelf, players: 2)
        #expect(!two.game.hasStarted && two.turn == Seat(0))
    }
}

/// Golden frames of a game of three on one terminal, its end, and a room's seats.
@Suite struct PlayersGoldenTests {
    static let directory = Golden.directory(besides: #filePath)

    static func playing(_ players: Int) throws -> TestDriver {
        let driver = try Fixture.driver(["players": .integer(players)])
        driver.selectTheme("Faces")
        driver.press(.enter)
        return driver
    }

    @Test func threePlayersMidGame() throws {
        let driver = try Self.playing(3)
        let pairs = driver.pairs
        driver.turn(pairs[0].0)
        driver.turn(pairs[0].1)
        driver.turn(pairs[1].0)
        driver.turn(pairs[2].0)
        #expect(driver.game?.turn == Seat(1))
        let problem = Golden.check(driver, "players-3", directory: Self.directory)
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test func fourPlayersRanked() throws {
        let driver = try Self.playing(4)
        let pairs = driver.pairs
        driver.turn(pairs[0].0)
        driver.turn(pairs[1].0)
        for pair in pairs {
            driver.turn(pair.1)
            driver.turn(pair.0)
        }
        #expect(driver.game?.game.isOver == true)
        let problem = Golden.check(driver, "players-4-over", directory: Self.directory)
        #expect(problem == nil, "\(problem ?? "")")
    }

    /// In a room nil is a spectator: whose turn it is by name, nobody marked "you", and the
    /// cards as every seat sees them.
    @Test func aSpectatorOfARoom() {
        let model = PlayersTests.model(players: 2, seating: .room)
        model.context.seatNames = { ["ann", "bob"] }
        let pairs = PlayersTests.pairs(model)
        _ = model.handle(.chooseCard(pairs[0].0), from: Seat(0))
        _ = model.handle(.chooseCard(pairs[1].0), from: Seat(0))
        for size in [Size(width: 80, height: 22), Size(width: 40, height: 10)] {
            let frame = GameView().render(model, in: size, for: nil)
            #expect(frame.text.contains("bob's turn") && !frame.text.contains("Your turn"), "\(frame.text)")
            #expect(!frame.text.contains("(you)") && !frame.text.contains("*"), "\(frame.text)")
            let problem = Golden.compare(Golden.described(frame), name: "room-watching-\(size.width)x\(size.height)",
                                         directory: Self.directory)
            #expect(problem == nil, "\(problem ?? "")")
        }
    }

    @Test func eachSeatOfARoom() {
        let model = PlayersTests.model(players: 2, seating: .room)
        let pairs = PlayersTests.pairs(model)
        _ = model.handle(.chooseCard(pairs[0].0), from: Seat(0))
        _ = model.handle(.chooseCard(pairs[1].0), from: Seat(0))
        for (seat, name) in [(Seat(0), "room-seat0"), (Seat(1), "room-seat1")] {
            for size in [Size(width: 80, height: 22), Size(width: 40, height: 10)] {
                let frame = GameView().render(model, in: size, for: seat)
                let problem = Golden.compare(Golden.described(frame), name: "\(name)-\(size.width)x\(size.height)",
                                             directory: Self.directory)
                #expect(problem == nil, "\(problem ?? "")")
            }
        }
    }
}

/// "1 point", never "1 points" (audit K1).
@Suite struct PointsWordTests {
    @Test func onePointIsSingular() {
        #expect(GameViewModel.points(1) == "1 point")
        #expect(GameViewModel.points(0) == "0 points" && GameViewModel.points(-1) == "-1 points")
    }
}
