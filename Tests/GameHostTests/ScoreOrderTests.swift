import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// The Counter game scored the other way round: fewer is better. Its score is the limit the
/// counter reached, so a player's preferences pick it.
enum LowCounterGame: GameModule {
    static let info = GameInfo(id: "low-counter", title: "Low counter", summary: "Count up to a limit, lowest wins",
                               scoreMeaning: "counted", scoreOrder: .lowerIsBetter)
    static let preferences = CounterGame.preferences
    static func makeRoot(_ preferences: CounterPreferences, _ context: GameContext) -> Screen {
        Screen(id: "low-counter.main", model: CounterViewModel(preferences), view: CounterView())
    }
}

/// A game says how its rounds compare (audit F1): the Scores screen, the host's board and a
/// room's results (which go to the same board) rank by it.
@Suite struct ScoreOrderTests {
    static func round(_ score: Int, _ duration: Double?, at seconds: Double = 0) -> RoundResult {
        var round = RoundResult(score: score, summary: "scored \(score)", duration: duration)
        round.date = Date(timeIntervalSince1970: 1_780_000_000 + seconds)
        return round
    }

    @Test func higherIsBetterStaysTheDefault() {
        #expect(GameInfo(id: "g", title: "G", summary: "s").scoreOrder == .higherIsBetter)
        let rounds = [Self.round(3, 10), Self.round(5, 20), Self.round(5, 12)]
        #expect(ScoreBook.best(rounds, count: 3).map(\.duration) == [12, 20, 10])
    }

    @Test func lowerIsBetterRanksTheLowestScoreFirstAndTheShorterOfATie() {
        let rounds = [Self.round(5, 10), Self.round(3, 20), Self.round(3, 12), Self.round(9, 1)]
        #expect(ScoreBook.best(rounds, count: 4, order: .lowerIsBetter).map(\.duration) == [12, 20, 10, 1])
    }

    @Test func fastestWinRanksWinsByTimeAndLeavesLossesOut() {
        let rounds = [Self.round(1, 30), Self.round(0, 5), Self.round(1, 12), Self.round(1, nil)]
        let best = ScoreBook.best(rounds, count: 10, order: .fastestWin)
        #expect(best.map(\.duration) == [12, 30, nil])
        #expect(ScoreOrder.fastestWin.ranks(Self.round(0, 5)) == false)
    }

    @Test func theBoardRanksByTheGamesOrder() {
        let entries = [("ann", 5, 10.0), ("bob", 3, 50.0), ("cy", 3, 20.0)].map {
            HostBoard.Entry(player: $0.0, round: Self.round($0.1, $0.2))
        }
        #expect(HostBoard.ranked(entries).map(\.player) == ["ann", "cy", "bob"])
        #expect(HostBoard.ranked(entries, order: .lowerIsBetter).map(\.player) == ["cy", "bob", "ann"])
        #expect(HostBoard.ranked(entries, order: .fastestWin).map(\.player) == ["ann", "cy", "bob"])
    }

    @Test func aLostRoundOfAFastestWinGameStaysOffTheBoard() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let board = HostBoard(directory: host + "/scoreboard", report: { _ in })
        try board.record(Self.round(0, 3), player: "ann", game: "g", order: .fastestWin)
        try board.record(Self.round(1, 40), player: "bob", game: "g", order: .fastestWin)
        try board.record(Self.round(1, 20), player: "cy", game: "g", order: .fastestWin)
        #expect(board.entries(game: "g", order: .fastestWin).map(\.player) == ["cy", "bob"])
        #expect(try board.reconcile([Self.round(0, 1, at: 9)], player: "ann", game: "g", order: .fastestWin) == 0)
    }

    /// Two hosted players of a lower-is-better game: the one who counted less leads the board
    /// the session wrote, and the Scores screen shows it so.
    @Test func aHostedSessionWritesAndShowsTheBoardInTheGamesOrder() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        var last: TestDriver?
        for (player, limit) in [("ann", 5), ("bob", 2)] {
            let driver = try TestDriver(games: [GameEntry(LowCounterGame.self)], play: "low-counter",
                                        preferences: ["limit": .integer(limit)], dataDirectory: host, player: player)
            driver.press(Array(repeating: Key.up, count: limit))
            last = driver
        }
        let board = HostBoard(directory: host + "/scoreboard", report: { _ in })
        #expect(board.entries(game: "low-counter", order: .lowerIsBetter).map(\.player) == ["bob", "ann"])
        let bob = try #require(last)
        bob.press(.escape, .escape, .character("s"))
        let text = bob.text
        #expect(text.contains("Everyone (counted, lowest first)"), "\(text)")
        let bobRow = try #require(text.range(of: "bob")), annRow = try #require(text.range(of: "ann"))
        #expect(bobRow.lowerBound < annRow.lowerBound, "\(text)")
    }

    /// The Scores screen of a lower-is-better game: its best list heads with the order and
    /// puts the lowest first.
    @Test func goldenFramesOfALowerIsBetterScoresScreen() throws {
        let data = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let book = ScoreBook(store: DataStore(directory: data, report: { _ in }))
        for (index, score) in [7, 3, 5].enumerated() {
            try book.record(Self.round(score, Double(10 * (index + 1)), at: Double(3_600 * index)), game: "low-counter")
        }
        let driver = try TestDriver(games: [GameEntry(LowCounterGame.self)], dataDirectory: data)
        driver.press(.character("s"))
        let difference = Golden.check(driver, "host-scores-lower-is-better", directory: HostGoldenTests.directory,
                                      sizes: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
        #expect(difference == nil, "\(difference ?? "")")
    }
}
