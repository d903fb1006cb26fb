import Foundation
import GameHost
import GameHostTesting
@testable import Minesweeper
import Testing

/// Minesweeper as the player sees and handles it: the mouse's buttons, the footer and the
/// help, the preferences' rule, the Scores screen's order, and golden frames.
@Suite struct MinesweeperScreenTests {
    static let directory = Golden.directory(besides: #filePath)
    typealias Intent = MinesweeperViewModel.Intent

    /// The terminal cell of a board cell (the host's header is row 0).
    static func place(_ spot: Spot, _ driver: TestDriver) -> (column: Int, row: Int) {
        let layout = MinefieldLayout(MinesweeperPreferences(), in: Size(width: driver.size.width, height: driver.size.height - 2))
        return (layout.left + spot.x * layout.cellWidth + 1, layout.top + spot.y + 1)
    }

    /// The SGR report a terminal sends for a press of `button` at a terminal cell.
    static func press(_ button: Int, _ place: (column: Int, row: Int)) -> String {
        "\u{1B}[<\(button);\(place.column + 1);\(place.row + 1)M"
    }

    @Test func aLeftClickOpensARightClickFlagsAMiddleClickDoesNothing() throws {
        let (driver, model) = try MinesweeperViewModelTests.driver()
        driver.send(Self.press(2, Self.place(Spot(x: 1, y: 2), driver)))
        #expect(model.field.flagged == [Spot(x: 1, y: 2)] && model.cursor == Spot(x: 1, y: 2))
        driver.send(Self.press(2, Self.place(Spot(x: 1, y: 2), driver)))
        #expect(model.field.flagged.isEmpty)
        driver.send(Self.press(1, Self.place(Spot(x: 6, y: 6), driver)))
        #expect(model.cursor == Spot(x: 1, y: 2) && model.phase == .ready)
        driver.send(Self.press(0, Self.place(Spot(x: 6, y: 6), driver)))
        #expect(model.field.opened.contains(Spot(x: 6, y: 6)) && model.phase == .playing)
    }

    @Test func theFooterAndTheHelpNameTheRightClickBesideF() throws {
        let (driver, _) = try MinesweeperViewModelTests.driver()
        #expect(driver.lines.last?.contains("f/right-click flag") == true, "\(driver.lines.last ?? "")")
        driver.press(.character("?"))
        #expect(driver.text.contains("f right-click"), "\(driver.text)")
    }

    /// The keyboard does everything the mouse does: a whole round with keys only.
    @Test func aWholeRoundWithKeysOnly() throws {
        let (driver, model) = try MinesweeperViewModelTests.driver()
        driver.press(.enter)
        for spot in MinesweeperViewModelTests.safeCells(model) where !model.field.opened.contains(spot) {
            let (dx, dy) = (spot.x - model.cursor.x, spot.y - model.cursor.y)
            driver.press(Array(repeating: dx < 0 ? Key.left : .right, count: abs(dx)))
            driver.press(Array(repeating: dy < 0 ? Key.up : .down, count: abs(dy)))
            if !model.field.opened.contains(spot) { driver.press(.space) }
        }
        #expect(model.phase == .won)
        #expect(driver.text.contains("Cleared in"))
    }

    @Test func theSchemaBoundsTheMinesByTheBoard() {
        let schema = AnyPreferenceSchema(MinesweeperGame.preferences)
        #expect(schema.conflict(in: ["mines": .integer(72)]) == nil)
        #expect(schema.conflict(in: ["mines": .integer(73)])?.reason
                == "73 mines do not fit a 9×9 board: it takes at most 72")
        #expect(schema.conflict(in: ["width": .integer(5), "height": .integer(5), "mines": .integer(16)]) == nil)
        #expect(schema.conflict(in: ["width": .integer(5), "height": .integer(5), "mines": .integer(17)]) != nil)
    }

    /// Best time ranks first; a lost round is recent, never among the best.
    @Test func theScoresScreenRanksTheFastestWinFirst() throws {
        let data = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let book = ScoreBook(store: DataStore(directory: data, report: { _ in }))
        for (score, seconds, hour) in [(1, 95.0, 0.0), (0, 4.0, 1.0), (1, 41.0, 2.0)] {
            var round = RoundResult(score: score, maximum: 1, summary: score == 1 ? "cleared 9×9, 10 mines" : "lost 9×9, 10 mines: 3 of 71 opened",
                                    duration: seconds)
            round.date = Date(timeIntervalSince1970: 1_780_000_000 + hour * 3_600)
            try book.record(round, game: "minesweeper")
        }
        let driver = try TestDriver(games: [GameEntry(MinesweeperGame.self)], dataDirectory: data)
        driver.press(.character("s"))
        let lines = driver.lines
        let best = try #require(lines.firstIndex { $0.contains("Best (fastest wins)") })
        #expect(lines[best + 2].contains("0:41") && lines[best + 3].contains("1:35"), "\(driver.text)")
        #expect(!lines[best + 4].contains("0:04"))
        let difference = Golden.check(driver, "minesweeper-scores", directory: Self.directory,
                                      sizes: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
        #expect(difference == nil, "\(difference ?? "")")
    }

    /// On a host, a lost round of this fastest-win game stays off the shared board; a win goes on.
    @Test func aLostRoundStaysOffTheHostsBoardAndAWinGoesOnIt() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let driver = try TestDriver(games: [GameEntry(MinesweeperGame.self)], play: "minesweeper", seed: 5,
                                    dataDirectory: host, player: "ann")
        let model = try #require(driver.model(MinesweeperViewModel.self))
        let board = HostBoard(directory: host + "/scoreboard", report: { _ in })
        driver.press(.enter)
        MinesweeperViewModelTests.lose(driver, model)
        #expect(model.phase == .lost)
        #expect(board.entries(game: "minesweeper", order: .fastestWin).isEmpty)
        driver.send(Intent.newGame, .reveal)
        MinesweeperViewModelTests.win(driver, model)
        #expect(board.entries(game: "minesweeper", order: .fastestWin).map(\.round.score) == [1])
    }

    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let preferences: PreferenceValues
        let sizes: [Size]
        let play: @Sendable (TestDriver, MinesweeperViewModel) -> Void
        var description: String { name }
    }

    static let classic = [Size(width: 80, height: 24)]
    static let small = [Size(width: 80, height: 24), Size(width: 30, height: 13)]
    static let cases: [Case] = [
        Case(name: "ready", preferences: [:], sizes: small) { _, _ in },
        Case(name: "playing", preferences: [:], sizes: small) { driver, model in
            driver.press(.enter)
            driver.advance(by: .seconds(9))
            let mine = model.field.mines.sorted { ($0.y, $0.x) < ($1.y, $1.x) }[0]
            driver.send(Intent.flagAt(x: mine.x, y: mine.y))
        },
        Case(name: "lost", preferences: [:], sizes: small) { driver, model in
            driver.press(.enter)
            driver.advance(by: .seconds(3))
            MinesweeperViewModelTests.lose(driver, model)
        },
        Case(name: "won", preferences: [:], sizes: small) { driver, model in
            driver.press(.enter)
            driver.advance(by: .seconds(42))
            MinesweeperViewModelTests.win(driver, model)
        },
        Case(name: "expert", preferences: ["width": .integer(30), "height": .integer(16), "mines": .integer(99)],
             sizes: classic) { driver, _ in driver.press(.enter) },
    ]

    @Test(arguments: cases)
    func goldenFrames(_ test: Case) throws {
        let (driver, model) = try MinesweeperViewModelTests.driver(test.preferences)
        test.play(driver, model)
        let difference = Golden.check(driver, "minesweeper-" + test.name, directory: Self.directory, sizes: test.sizes)
        #expect(difference == nil, "\(difference ?? "")")
    }
}
