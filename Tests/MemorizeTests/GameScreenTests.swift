import Foundation
import GameHost
import GameHostTesting
@testable import Memorize
import Testing

/// Every intent of the game screen, and what going back and forth does to a game.
@Suite struct GameScreenTests {
    /// A driver on the game of the Faces theme (6 pairs: a 6 × 2 board).
    static func playing(_ preferences: PreferenceValues = [:], seed: UInt64 = 1) throws -> TestDriver {
        let driver = try Fixture.driver(preferences, seed: seed)
        driver.selectTheme("Faces")
        driver.press(.enter)
        return driver
    }

    @Test func showsTheNameTheScoreAndFaceDownCards() throws {
        let driver = try Self.playing()
        let game = try #require(driver.game)
        #expect(game.cards.count == 12)
        #expect(game.columns == 6 && game.rows == 2)
        #expect(driver.text.contains("Faces"))
        #expect(driver.text.contains("Score 0 · 0 of 6 pairs"))
        #expect(driver.text.components(separatedBy: "░░░░").count > 12, "twelve card backs")
    }

    @Test func cursorMovesWithArrowsAndHJKLAndStopsAtTheEdges() throws {
        let driver = try Self.playing()
        driver.press(.right, .character("l"))
        #expect(driver.game?.cursor == 2)
        driver.press(.down)
        #expect(driver.game?.cursor == 8)
        driver.press(.character("j"))
        #expect(driver.game?.cursor == 8, "the bottom edge")
        driver.press(.left, .character("h"), .character("h"), .left)
        #expect(driver.game?.cursor == 6, "the left edge")
        driver.press(.up, .character("k"))
        #expect(driver.game?.cursor == 0, "the top edge")
        for _ in 0..<6 { driver.press(.character("l")) }
        #expect(driver.game?.cursor == 5, "the right edge")
    }

    @Test func downFromAboveAShortLastRowLandsOnItsLastCard() throws {
        // Faces with 7 pairs: 14 cards in rows of 5, 5 and 4.
        let driver = try Fixture.driver()
        driver.selectTheme("Faces")
        driver.openEditorOfSelectedTheme()
        driver.focus(.pairs)
        driver.press(.right)
        driver.closeEditorAndPlay()
        let game = try #require(driver.game)
        #expect(game.cards.count == 14 && game.columns == 5)
        driver.press(.right, .right, .right, .right, .down)
        #expect(driver.game?.cursor == 9)
        driver.press(.down)
        #expect(driver.game?.cursor == 13, "the last card of the short last row")
        #expect(driver.game?.canMove(.down) == false)
    }

    @Test func enterAndSpaceTurnCardsAndAMatchScores() throws {
        let driver = try Self.playing()
        let (first, second) = driver.pairs[0]
        driver.moveCursor(to: first)
        driver.press(.space)
        #expect(driver.game?.cards[first].isFaceUp == true)
        #expect(driver.text.contains(driver.game!.cards[first].content))
        driver.turn(second)
        #expect(driver.game?.score == 2)
        #expect(driver.text.contains("A match! +2"))
        #expect(driver.text.contains("Score 2 · 1 of 6 pairs"))
    }

    @Test func turningAFaceUpCardIsDisabledAndChangesNothing() throws {
        let driver = try Self.playing()
        driver.turn(0)
        let frame = driver.screenText, state = driver.stateJSON
        driver.press(.enter)
        driver.press(.space)
        #expect(driver.screenText == frame && driver.stateJSON == state)
    }

    @Test func aMismatchShowsBothUntilTheNextCard() throws {
        let driver = try Self.playing()
        let pairs = driver.pairs
        driver.turn(pairs[0].0)
        driver.turn(pairs[1].0)
        #expect(driver.text.contains("No match."))
        #expect(driver.game?.cards.filter(\.isFaceUp).count == 2)
        driver.turn(pairs[2].0)
        #expect(driver.game?.cards.filter(\.isFaceUp).count == 1)
        driver.turn(pairs[0].0)
        #expect(driver.game?.score == -1)
        #expect(driver.text.contains("No match: -1 for cards seen before."))
    }

    @Test func aFinishedGameReportsItsScore() throws {
        let driver = try Self.playing()
        for (first, second) in driver.pairs {
            driver.turn(first)
            driver.turn(second)
        }
        #expect(driver.game?.game.isOver == true)
        #expect(driver.text.contains("All pairs found! Final score 12."))
        let scores = try String(contentsOfFile: driver.dataDirectory + "/memorize/scores.json", encoding: .utf8)
        #expect(scores.contains("12 points with Faces, 6 pairs"))
        #expect(scores.contains("\"maximum\" : 12"))
        // Enter plays again, as at the end of every game, under the same words (audit N17).
        #expect(driver.text.contains("Enter plays again.") && driver.text.contains("Enter play again"))
        driver.press(.enter)
        #expect(driver.game?.game.isOver == false && driver.game?.score == 0)
        #expect(driver.game?.cards.allSatisfy { !$0.isFaceUp && !$0.isMatched } == true)
        #expect(driver.text.contains("Find the pairs!"))
    }

    /// The editor's help says what typing in the emoji field does: an emoji is added, a
    /// letter refused (audit #28).
    @Test func theEditorsHelpSaysTypingAddsAnEmoji() throws {
        let driver = try Fixture.driver()
        driver.editSecondTheme()
        driver.press(.down)
        driver.type("?")
        #expect(driver.text.contains("type or paste an emoji to add it"))
        #expect(!driver.text.contains("add emojis"))
    }

    /// With "matched: hide" both cards of a match are seen; the next choice clears them.
    @Test func aHiddenMatchShowsUntilTheNextChoice() throws {
        let driver = try Fixture.driver(["matched": .choice("hide")])
        driver.press(.enter)
        let pairs = driver.pairs
        let emoji = try #require(driver.game?.cards[pairs[0].0].content)
        driver.turn(pairs[0].0)
        driver.turn(pairs[0].1)
        #expect(driver.text.components(separatedBy: emoji).count - 1 == 2, "both cards of the match show")
        driver.turn(pairs[1].0)
        #expect(!driver.text.contains(emoji), "the next choice cleared them")
    }

    @Test func nDealsANewGameOfTheSameTheme() throws {
        let driver = try Self.playing()
        let (first, second) = driver.pairs[0]
        driver.turn(first)
        driver.turn(second)
        driver.press(.right)
        let old = try #require(driver.game?.cards)
        driver.press(.character("n"))
        let game = try #require(driver.game)
        #expect(game.score == 0 && game.cursor == 0)
        #expect(game.cards.allSatisfy { !$0.isFaceUp && !$0.isMatched })
        #expect(game.theme.name == "Faces" && game.cards.count == 12)
        #expect(game.cards.map(\.content) != old.map(\.content), "shuffled again")
    }

    @Test func goingBackAndReturningResumesTheGame() throws {
        let driver = try Self.playing()
        let (first, second) = driver.pairs[0]
        driver.turn(first)
        driver.turn(second)
        let game = try #require(driver.game)
        driver.press(.character("q"))
        #expect(driver.screenID == "memorize.chooser")
        #expect(driver.text.contains("Enter resume"))
        driver.press(.enter)
        #expect(driver.game?.game == game.game && driver.game?.cursor == game.cursor, "the same round")
        #expect(driver.game?.score == 2)
    }

    @Test func anotherThemeAndAnEditedThemeStartNewGames() throws {
        let driver = try Self.playing()
        driver.turn(0)
        let game = try #require(driver.game)
        driver.press(.escape, .down, .enter)
        #expect(driver.game?.theme.name == "Halloween")
        driver.press(.escape, .up, .enter)
        #expect(driver.game?.game == game.game, "Faces again: resumed")
        // Change the color of Faces, then play it again.
        driver.press(.escape)
        driver.openEditorOfSelectedTheme()
        driver.focus(.color)
        driver.press(.right)
        driver.closeEditorAndPlay()
        #expect(driver.game?.game != game.game)
        #expect(driver.game?.theme.color != game.theme.color)
        #expect(driver.game?.game.hasStarted == false)
    }

    @Test func matchedCardsAreDimmedOrHidden() throws {
        for (look, expectEmoji) in [("dim", true), ("hide", false)] {
            let driver = try Self.playing(["matched": .choice(look)])
            let (first, second) = driver.pairs[0]
            let emoji = try #require(driver.game?.cards[first].content)
            driver.turn(first)
            driver.turn(second)
            driver.turn(driver.pairs[1].0)
            #expect(driver.text.contains(emoji) == expectEmoji, "matched = \(look), after the next choice")
            #expect(driver.text.contains("╭╌╌") == expectEmoji, "dimmed cards have dashed edges")
        }
    }

    /// Many pairs: the board fits with smaller cards, and scrolls when even those do not.
    @Test(arguments: [Size(width: 40, height: 12), Size(width: 80, height: 24), Size(width: 200, height: 60)])
    func bigBoardsFitTheTerminal(_ size: Size) throws {
        let driver = try Fixture.driver(size: size)
        driver.press(.character("a"))
        driver.press(.down)
        let emojis = "🍏🍎🍐🍊🍋🍌🍉🍇🍓🫐🍈🍒🍑🥭🍍🥥🥝🍅🍆🥑🥦🥬🥒🌶🫑🌽🥕🫒🧄🧅🥔🍠🥐🥯🍞🥖🥨🧀🥚🍳🧈🥞🧇🥓🥩🍗🍖🌭🍔🍟🍕"
        driver.type(emojis)
        driver.press(.down, .down)
        for _ in 0..<60 { driver.press(.right) }
        driver.press(.escape, .enter)
        let game = try #require(driver.game)
        #expect(game.cards.count > 90)
        for _ in 0..<30 { driver.press(.down) }
        let lines = driver.lines
        #expect(lines.count <= size.height)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= size.width })
        #expect(driver.text.contains("›░░‹") || driver.text.contains("┏"), "the cursor is on screen")
        if size.height == 12 { #expect(driver.text.contains("▲"), "rows scrolled away above are marked") }
    }
}
