import GameHost
import GameHostTesting
@testable import Snake
import Testing

/// What the board and its banner tell the player: which end of the snake leads, and keys
/// named as the bindings name them.
@Suite struct SnakeScreenTests {
    func driver(size: Size = Size(width: 80, height: 24)) throws -> (TestDriver, SnakeViewModel) {
        let driver = try TestDriver(games: [GameEntry(SnakeGame.self)], play: "snake", seed: 3, size: size)
        return (driver, try #require(driver.model(SnakeViewModel.self)))
    }

    /// The head's symbol, and the text of the rows the snake is on.
    func head(_ model: SnakeViewModel) -> SnakeViewModel.Symbol {
        model.symbols[model.board.head.y * model.board.width + model.board.head.x]
    }

    @Test func theHeadPointsTheWayTheSnakeGoes() throws {
        let (driver, model) = try driver()
        #expect(head(model) == .head(.right))
        #expect(driver.text.contains("██▶▶"), "the head leads, drawn apart from the body:\n\(driver.text)")
        let steps: [(Key, Direction, String)] = [(.up, .up, "▲"), (.left, .left, "◀"), (.down, .down, "▼"),
                                                 (.right, .right, "▶")]
        for (key, direction, glyph) in steps {
            driver.press(key)
            driver.advance(by: model.interval)
            #expect(head(model) == .head(direction))
            #expect(driver.text.contains(glyph) && driver.text.components(separatedBy: glyph).count == 3,
                    "one head, two columns wide, pointing \(direction):\n\(driver.text)")
        }
    }

    /// A steering key shows at once, not at the next step: the head points where the snake
    /// will go, so a player (and in a room every other seat) sees the key taken between ticks.
    @Test func aSteeringKeyTurnsTheHeadBeforeTheStep() throws {
        let (driver, model) = try driver()
        driver.press(.right)
        driver.advance(by: model.interval)
        let head = model.board.head
        driver.press(.up)
        #expect(model.board.head == head, "no step yet")
        #expect(self.head(model) == .head(.up))
        #expect(driver.text.contains("▲▲"), "\(driver.text)")
    }

    /// A head at every scale: the 1-column cells of a large board at 42×24 too.
    @Test func theHeadShowsAtOneColumnPerCell() throws {
        let driver = try TestDriver(games: [GameEntry(SnakeGame.self)], play: "snake",
                                    preferences: ["board": .choice("large")], seed: 3, size: Size(width: 42, height: 24))
        #expect(driver.text.contains("███▶"), "\(driver.text)")
    }

    /// Where a terminal draws the triangles 2 cells wide, the host writes ASCII for them, as
    /// for the border; the same for a dumb terminal's plain frames.
    @Test func theHeadHasAnASCIIForm() throws {
        let (driver, model) = try driver()
        var encoder = FrameEncoder(colors: false, widths: TerminalWidths(drawn: [.ambiguous: 2], ambiguousIsWide: true))
        let written = String(decoding: encoder.encode(driver.frame), as: UTF8.self)
        #expect(written.contains(">>") && !written.contains("▶") && !written.contains("█") && !written.contains("╭"))
        let plain = String(decoding: driver.frame.plainPage(narrowGlyphs: true), as: UTF8.self)
        #expect(plain.contains("######>>") && plain.contains("+-") && !plain.contains("▶"), "\(plain)")
        for (key, ascii) in [(Key.up, "^^"), (.left, "<<"), (.down, "vv")] {
            driver.press(key)
            driver.advance(by: model.interval)
            let page = String(decoding: driver.frame.plainPage(narrowGlyphs: true), as: UTF8.self)
            #expect(page.contains(ascii), "\(page)")
        }
    }

    /// The paused note names the pause key as the bindings do, not in words typed by hand,
    /// and sits in the board's bottom edge: it hides no cell (audit N13).
    @Test func thePausedNoteTakesItsKeyFromTheBindingsAndHidesNoCell() throws {
        let (driver, model) = try driver()
        driver.press(.right)
        driver.advance(by: model.interval)
        let moving = driver.lines
        driver.press(.space)
        #expect(model.banner == nil)
        let note = try #require(model.waitingNote)
        #expect(note.long.description == "Paused · press [pause] to go on")
        let view = SnakeView(board: model.preferences.board)
        let key = view.keyName(.pause, model)
        #expect(key == "p" && driver.text.contains("Paused · press \(key) to go on"), "\(driver.text)")
        let paused = driver.lines
        let changed = zip(moving, paused).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        let layout = BoardLayout(board: model.preferences.board, in: Size(width: 80, height: 24 - Session.chromeHeight))
        // Only the bottom edge (row 1 is the content's first) and the footer's label changed.
        #expect(changed == [1 + layout.top + layout.outerHeight - 1, 23], "\(changed)")
    }

    /// On a small board only the short note fits the edge.
    @Test func aNarrowBoardShowsTheShortNote() throws {
        let driver = try TestDriver(games: [GameEntry(SnakeGame.self)], play: "snake",
                                    preferences: ["board": .choice("small")], size: Size(width: 20, height: 12))
        #expect(driver.text.contains("Steer to start") && !driver.text.contains("Press an arrow key"), "\(driver.text)")
    }

    /// The round's end shows its points and a Play again button naming its key.
    @Test func theEndShowsAPlayAgainButton() throws {
        let (driver, model) = try driver()
        driver.press(.down)
        driver.advance(by: model.interval * 20)
        #expect(model.phase == .over)
        let banner = try #require(model.banner)
        #expect(banner.title == "Game over" && banner.lines.map(\.description) == ["0 points"]
                && banner.playAgain == "Play again")
        #expect(driver.text.contains("[ Enter Play again ]"), "\(driver.text)")
    }

    /// At speed 1 a food is worth one point: "1 point".
    @Test func onePointIsOnePoint() throws {
        let driver = try TestDriver(games: [GameEntry(SnakeGame.self)], play: "snake", preferences: ["speed": .integer(1)],
                                    seed: 3)
        let model = try #require(driver.model(SnakeViewModel.self))
        while model.board.eaten == 0, let food = model.board.food {
            driver.send(SnakeViewModel.Intent.turnToward(x: food.x, y: food.y))
            driver.advance(by: model.interval)
        }
        driver.press(model.board.heading == .up || model.board.heading == .down ? .left : .up)
        driver.advance(by: model.interval * 30)
        #expect(model.phase == .over && model.points == 1)
        #expect(driver.text.contains(" 1 point ") && !driver.text.contains("1 points"), "\(driver.text)")
    }
}
