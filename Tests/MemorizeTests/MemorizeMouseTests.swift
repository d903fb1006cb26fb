import GameHost
import GameHostTesting
@testable import Memorize
import Testing

/// Memorize played with the mouse alone: the theme list (wheel too), cards, the editor.
@Suite struct MemorizeMouseTests {
    @Test func aClickOnAThemePlaysItAndTheWheelMoves() throws {
        let driver = try Fixture.driver()
        let chooser = try #require(driver.chooser)
        driver.scroll(1, column: 20, row: 5)
        #expect(chooser.selected == 1)
        driver.scroll(-1, column: 20, row: 5)
        #expect(chooser.selected == 0)
        let second = chooser.themes[1].name
        #expect(driver.click(second))
        #expect(driver.screenID == "memorize.game" && driver.game?.theme.name == second)
    }

    @Test func aClickOnACardTurnsIt() throws {
        let driver = try Fixture.driver()
        driver.press(.enter)
        let game = try #require(driver.game)
        let (first, partner) = try #require(driver.pairs.first)
        #expect(driver.click(intent: GameViewModel.Intent.chooseCard(first)))
        #expect(game.cards[first].isFaceUp)
        #expect(game.cursor == first)
        // A face-up card is a disabled region: clicking it again changes nothing.
        let state = driver.stateJSON
        driver.click(intent: GameViewModel.Intent.chooseCard(first))
        #expect(driver.stateJSON == state)
        driver.click(intent: GameViewModel.Intent.chooseCard(partner))
        #expect(game.cards[first].isMatched && game.cards[partner].isMatched)
    }

    @Test func theEditorByClicks() throws {
        let driver = try Fixture.driver()
        driver.press(.character("e"))
        driver.click(intent: ChooserViewModel.Intent.pick(0))
        let editor = try #require(driver.editor)
        let theme = try #require(editor.theme)
        #expect(driver.click("Pairs"))
        #expect(editor.field == .pairs)
        let pairs = theme.pairCount
        driver.click(intent: EditorViewModel.Intent.stepPairs(-1))
        #expect(editor.theme?.pairCount == pairs - 1)
        driver.click(intent: EditorViewModel.Intent.setColor(.purple))
        #expect(editor.theme?.color == .purple && editor.field == .color)
        driver.click(intent: EditorViewModel.Intent.stepColor(1))
        #expect(editor.theme?.color == .magenta)
        driver.click(intent: EditorViewModel.Intent.pickEmoji(2))
        #expect(editor.field == .emojis && editor.selectedEmoji == 2)
        let removed = theme.emojis[2]
        #expect(driver.click("remove", occurrence: 1), "the footer's hint, after the help line's \"removes\"")
        #expect(editor.theme?.removedEmojis == [removed])
        driver.click(intent: EditorViewModel.Intent.pickRemoved(0))
        #expect(editor.theme?.removedEmojis == [] && editor.field == .removed)
        #expect(driver.click("Name"))
        #expect(editor.field == .name)
    }

    @Test func aPastedRunOfEmojiIsOnePaste() throws {
        let driver = try Fixture.driver()
        driver.press(.character("a"))
        let editor = try #require(driver.editor)
        driver.click(intent: EditorViewModel.Intent.focusField(.emojis))
        let before = editor.theme?.emojis.count ?? 0
        driver.paste("🦊 🦁,🐯\n🐸")
        #expect(editor.theme?.emojis.suffix(4) == ["🦊", "🦁", "🐯", "🐸"])
        #expect(editor.theme?.emojis.count == before + 4)
        #expect(driver.screenID == "memorize.editor")
    }
}
