import Foundation
import GameHost
import GameHostTesting
@testable import Memorize
import Testing

/// Whole-terminal frames of each screen at the standard sizes, compared with the files in
/// Golden/ (`UPDATE_GOLDEN=1` rewrites them after a deliberate change).
@Suite struct GoldenFrameTests {
    static let directory = Golden.directory(besides: #filePath)

    static func check(_ driver: TestDriver, _ name: String) {
        let problem = Golden.check(driver, name, directory: directory)
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test func chooser() throws {
        let driver = try Fixture.driver()
        driver.press(.down)
        Self.check(driver, "chooser")
    }

    @Test func chooserInEditModeAfterADelete() throws {
        let driver = try Fixture.driver()
        driver.press(.character("e"), .down, .down, .character("d"))
        Self.check(driver, "chooser-edit")
    }

    @Test func editor() throws {
        let driver = try Fixture.driver()
        driver.editSecondTheme()
        driver.press(.down, .right, .character("x"), .right, .character("x"))
        driver.send("🦄a")
        Self.check(driver, "editor")
    }

    @Test func editorOnTheName() throws {
        let driver = try Fixture.driver()
        driver.press(.character("a"))
        driver.type("Birds 🐦")
        Self.check(driver, "editor-name")
    }

    /// A game under way: one pair matched (dimmed), one mismatched pair face up.
    @Test func game() throws {
        let driver = try Fixture.driver()
        driver.press(.enter)
        let pairs = driver.pairs
        driver.turn(pairs[0].0)
        driver.turn(pairs[0].1)
        driver.turn(pairs[1].0)
        driver.turn(pairs[2].0)
        driver.moveCursor(to: 5)
        Self.check(driver, "game")
    }

    /// More cards than fit at 40×12 even as one-line cards: the rows scroll with the cursor.
    @Test func bigBoardScrolls() throws {
        let driver = try Fixture.driver()
        driver.press(.character("a"), .down)
        driver.type("🍏🍎🍐🍊🍋🍌🍉🍇🍓🍈🍒🍑🥭🍍🥥🥝🍅🍆🥑🥦🥬🥒🌽🥕🧄🧅🥔🍠🥐🥯🍞🥖")
        driver.press(.down, .down)
        for _ in 0..<40 { driver.press(.right) }
        driver.press(.escape, .enter)
        for _ in 0..<5 { driver.press(.down) }
        driver.press(.right, .enter)
        Self.check(driver, "game-scrolled")
    }

    @Test func gameOver() throws {
        let driver = try Fixture.driver(["matched": .choice("hide")])
        driver.selectTheme("Faces")
        driver.press(.enter)
        for (first, second) in driver.pairs {
            driver.turn(first)
            driver.turn(second)
        }
        Self.check(driver, "game-over-hidden")
    }
}
