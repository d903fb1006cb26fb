import Foundation
import GameHost
import GameHostTesting
@testable import Minesweeper
import Testing

/// Every intent in every phase (ready, playing, won, lost), through the host as a player
/// would send them, on the host's virtual clock.
@Suite struct MinesweeperViewModelTests {
    typealias Intent = MinesweeperViewModel.Intent

    static func driver(_ preferences: PreferenceValues = [:], size: Size = Size(width: 80, height: 24)) throws
        -> (TestDriver, MinesweeperViewModel) {
        let driver = try TestDriver(games: [GameEntry(MinesweeperGame.self)], play: "minesweeper",
                                    preferences: preferences, seed: 5, size: size)
        return (driver, try #require(driver.model(MinesweeperViewModel.self)))
    }

    /// The safe cells of a laid board, row by row.
    static func safeCells(_ model: MinesweeperViewModel) -> [Spot] {
        (0..<model.field.height).flatMap { y in (0..<model.field.width).map { Spot(x: $0, y: y) } }
            .filter { !model.field.mines.contains($0) }
    }

    static func win(_ driver: TestDriver, _ model: MinesweeperViewModel) {
        for spot in safeCells(model) where !model.field.opened.contains(spot) {
            driver.send(Intent.revealAt(x: spot.x, y: spot.y))
        }
    }

    static func lose(_ driver: TestDriver, _ model: MinesweeperViewModel) {
        let mine = model.field.mines.sorted { ($0.y, $0.x) < ($1.y, $1.x) }[0]
        driver.send(Intent.revealAt(x: mine.x, y: mine.y))
    }

    // MARK: - Ready

    @Test func readyMovesFlagsAndIgnoresTimeAndNewBoard() throws {
        let (driver, model) = try Self.driver()
        #expect(model.phase == .ready && model.cursor == Spot(x: 4, y: 4))
        driver.send(Intent.move(dx: -1, dy: 0), .move(dx: 0, dy: -9))
        #expect(model.cursor == Spot(x: 3, y: 0), "the cursor stops at the edge")
        driver.send(Intent.move(dx: 20, dy: 20))
        #expect(model.cursor == Spot(x: 8, y: 8))
        driver.send(Intent.flag)
        #expect(model.field.flagged == [Spot(x: 8, y: 8)] && model.phase == .ready && model.roundInPlay == true)
        driver.send(Intent.flagAt(x: 8, y: 8))
        #expect(model.field.flagged.isEmpty)
        driver.send(Intent.tick, .newGame)
        driver.advance(by: .seconds(5))
        #expect(model.phase == .ready && model.seconds == 0 && model.ticks == nil)
        driver.send(Intent.revealAt(x: 40, y: 0))
        #expect(model.phase == .ready, "a click off the board opens nothing")
    }

    @Test func theFirstRevealLaysTheMinesAwayAndStartsTheClock() throws {
        let (driver, model) = try Self.driver()
        driver.send(Intent.reveal)
        #expect(model.phase == .playing && model.field.mines.count == 10)
        #expect(!model.field.mines.contains(Spot(x: 4, y: 4)))
        #expect(model.ticks != nil && model.roundInPlay == true)
        driver.advance(by: .seconds(7))
        #expect(model.seconds == 7 && model.statusText.hasSuffix("0:07"))
    }

    @Test func aClickRevealOnAnotherCellMovesTheCursorThere() throws {
        let (driver, model) = try Self.driver()
        driver.send(Intent.revealAt(x: 0, y: 8))
        #expect(model.cursor == Spot(x: 0, y: 8) && model.field.opened.contains(Spot(x: 0, y: 8)))
    }

    // MARK: - Playing

    @Test func playingEveryIntent() throws {
        let (driver, model) = try Self.driver()
        driver.send(Intent.reveal)
        let mine = model.field.mines.sorted { ($0.y, $0.x) < ($1.y, $1.x) }[0]
        driver.send(Intent.flagAt(x: mine.x, y: mine.y))
        #expect(model.field.flagged == [mine] && model.statusText.hasPrefix("Mines 9 "))
        #expect(!model.canReveal, "a flagged cell stays shut")
        driver.send(Intent.reveal)
        #expect(model.phase == .playing)
        driver.send(Intent.flag)
        #expect(model.field.flagged.isEmpty)
        driver.send(Intent.move(dx: 1, dy: 0))
        #expect(model.cursor == Spot(x: min(mine.x + 1, 8), y: mine.y))
        let opened = model.field.opened
        driver.send(Intent.revealAt(x: 4, y: 4))
        #expect(model.field.opened == opened, "an open cell opens nothing more")
        driver.send(Intent.newGame)
        #expect(model.phase == .playing, "no new board in the middle of a round")
        driver.send(Intent.tick)
        #expect(model.phase == .playing)
    }

    // MARK: - Won and lost

    @Test func aWinIsReportedOnceWithItsTimeAndTheClockStops() throws {
        let (driver, model) = try Self.driver()
        driver.send(Intent.reveal)
        driver.advance(by: .seconds(12))
        Self.win(driver, model)
        #expect(model.phase == .won && model.roundInPlay == false && model.ticks == nil)
        let rounds = ScoreBook(store: DataStore(directory: driver.dataDirectory, report: { _ in })).rounds(game: "minesweeper")
        #expect(rounds.count == 1 && rounds[0].score == 1 && rounds[0].summary == "cleared 9×9, 10 mines")
        #expect(rounds[0].duration == model.elapsed && model.seconds >= 12)
        let shown = model.seconds
        driver.advance(by: .seconds(30))
        driver.send(Intent.tick, .reveal, .flag, .move(dx: 1, dy: 0), .revealAt(x: 0, y: 0), .flagAt(x: 0, y: 0))
        #expect(model.seconds == shown && model.phase == .won)
        #expect(ScoreBook(store: DataStore(directory: driver.dataDirectory, report: { _ in })).rounds(game: "minesweeper").count == 1)
        driver.send(Intent.newGame)
        #expect(model.phase == .ready && model.seconds == 0 && model.field.opened.isEmpty)
    }

    @Test func aLossIsReportedOnceShowsTheMinesAndTakesANewBoard() throws {
        let (driver, model) = try Self.driver()
        driver.send(Intent.reveal)
        Self.lose(driver, model)
        #expect(model.phase == .lost && model.roundInPlay == false)
        #expect(model.symbols.filter { $0 == .mine }.count == 9 && model.symbols.filter { $0 == .exploded }.count == 1)
        let rounds = ScoreBook(store: DataStore(directory: driver.dataDirectory, report: { _ in })).rounds(game: "minesweeper")
        #expect(rounds.map(\.score) == [0])
        driver.send(Intent.tick, .reveal, .flag, .move(dx: 1, dy: 0), .revealAt(x: 0, y: 0), .flagAt(x: 0, y: 0))
        #expect(model.phase == .lost)
        driver.send(Intent.newGame)
        #expect(model.phase == .ready && model.field.mines.isEmpty)
    }

    /// A wrong flag shows as such once the round is lost.
    @Test func aWrongFlagShowsAfterALoss() throws {
        let (driver, model) = try Self.driver()
        driver.send(Intent.reveal)
        let safe = try #require(Self.safeCells(model).first { !model.field.opened.contains($0) })
        driver.send(Intent.flagAt(x: safe.x, y: safe.y))
        #expect(model.symbol(at: safe) == .flag)
        Self.lose(driver, model)
        #expect(model.symbol(at: safe) == .wrongFlag)
    }
}
