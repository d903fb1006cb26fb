import Foundation
import GameHost
import GameHostTesting
@testable import Memorize
import Testing

/// The theme chooser's back keys and a theme added and closed at once (audits #9, #10).
@Suite struct ChooserKeysTests {
    let games = [GameEntry(MemorizeGame.self)]

    /// #9: in edit mode Esc left edit mode and q left the themes; both are one step back now.
    @Test func qAndEscBothLeaveEditModeFirst() throws {
        for key in [Key.character("q"), .escape] {
            let driver = try TestDriver(games: games, play: "memorize")
            let chooser = try #require(driver.model(ChooserViewModel.self))
            driver.press(.character("e"))
            #expect(chooser.isEditing)
            driver.press(key)
            #expect(!chooser.isEditing && driver.screenID == "memorize.chooser", "\(key)")
        }
    }

    /// #9: help listed Esc twice (done, and back).
    @Test func helpListsEachKeyOnce() throws {
        let driver = try TestDriver(games: games, play: "memorize")
        driver.press(.character("e"), .character("?"))
        let text = driver.text
        #expect(!text.contains("q Esc"), "\(text)")
        #expect(text.components(separatedBy: "Esc").count == 2, "Esc once: \(text)")
    }

    /// #10: a then Esc left an Untitled theme, one more each time.
    @Test func aThemeAddedAndClosedAsItCameIsNotKept() throws {
        let driver = try TestDriver(games: games, play: "memorize")
        let chooser = try #require(driver.model(ChooserViewModel.self))
        let count = chooser.themes.count
        driver.press(.character("a"))
        #expect(driver.screenID == "memorize.editor")
        driver.press(.escape)
        #expect(driver.screenID == "memorize.chooser" && chooser.themes.count == count)
        #expect(driver.session.notices == [EditorViewModel.notAddedText])
        // Named, it stays.
        driver.press(.character("a"))
        driver.type("Zed")
        driver.press(.escape)
        #expect(chooser.themes.count == count + 1 && chooser.themes.contains { $0.name == "Zed" })
    }
}
