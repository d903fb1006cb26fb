import Foundation
import GameHost
import GameHostTesting
@testable import Memorize
import Testing

/// A paste of several emojis says how many were added; an emoji the terminal was measured
/// not to draw as one 2-cell glyph is kept, with a word that it may look different here.
@Suite struct EditorPasteTests {
    @Test func aPastedRunSaysHowManyWereAdded() throws {
        let driver = try EditorTests.editing()
        driver.press(.down)
        driver.send("🦄 🐙,🦑")
        #expect(driver.editor?.message == "Added 3 emojis: 🦄🐙🦑.")
        #expect(driver.editor?.theme?.emojis.suffix(3) == ["🦄", "🐙", "🦑"])
        driver.send("🦒")
        #expect(driver.editor?.message == "Added 4 emojis: 🦄🐙🦑🦒.", "keys in a row make one run")
        driver.press(.right, .left)
        driver.send("🦓")
        #expect(driver.editor?.message == "Added 🦓.")
    }

    @Test func anEmojiThisTerminalDrawsDifferentlyIsKeptWithAWord() throws {
        try TerminalWidths.$current.withValue(TerminalWidths(drawn: [.emoji(age: 1500): 0, .vs16: 1])) {
            let driver = try EditorTests.editing()
            driver.press(.down)
            driver.send("🪿")
            #expect(driver.editor?.message == "Added 🪿. 🪿 may look different in this terminal.")
            driver.press(.right)
            driver.send("🦬❤️")
            #expect(driver.editor?.message == "Added 2 emojis: 🦬❤️. ❤️ may look different in this terminal.")
            #expect(driver.editor?.theme?.emojis.contains("🪿") == true)
        }
    }
}
