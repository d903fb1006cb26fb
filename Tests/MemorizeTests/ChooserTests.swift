import Foundation
import GameHost
import GameHostTesting
@testable import Memorize
import Testing

/// Every intent of the theme chooser, through keys, as a player gives them.
@Suite struct ChooserTests {
    @Test func opensOnTheChooserWithTheShippedThemes() throws {
        let driver = try Fixture.driver()
        #expect(driver.screenID == "memorize.chooser")
        let chooser = try #require(driver.chooser)
        #expect(chooser.themes.map(\.name) == ShippedThemes.all.map(\.name))
        #expect(driver.text.contains("Vehicles"))
        #expect(driver.text.contains("8 pairs"))
        #expect(driver.text.contains("all 12 pairs"))
    }

    @Test func arrowsAndJKMoveTheSelectionAndWrap() throws {
        let driver = try Fixture.driver()
        driver.press(.down, .character("j"))
        #expect(driver.chooser?.selected == 2)
        driver.press(.up, .character("k"), .up)
        #expect(driver.chooser?.selected == ShippedThemes.all.count - 1)
        driver.press(.down)
        #expect(driver.chooser?.selected == 0)
    }

    @Test func enterPlaysTheSelectedTheme() throws {
        let driver = try Fixture.driver()
        driver.press(.down)
        driver.press(.enter)
        #expect(driver.screenID == "memorize.game")
        #expect(driver.game?.theme.name == "Animals")
        #expect(driver.game?.cards.count == 24)
        #expect(driver.text.contains("Animals"))
        driver.press(.escape)
        #expect(driver.screenID == "memorize.chooser")
        driver.press(.space)
        #expect(driver.screenID == "memorize.game", "space plays too")
    }

    @Test func addMakesAnUntitledThemeAndOpensItsEditor() throws {
        let driver = try Fixture.driver()
        driver.press(.character("a"))
        #expect(driver.screenID == "memorize.editor")
        let theme = try #require(driver.editor?.theme)
        #expect(theme.name == "Untitled")
        #expect(theme.emojis.count >= 2)
        #expect(Fixture.savedThemes(driver).last == theme, "saved at once")
        // Changed, it is kept (closed as it came, it would not be: ChooserKeysTests).
        driver.type("N")
        driver.press(.escape)
        #expect(driver.screenID == "memorize.chooser")
        #expect(driver.chooser?.selectedTheme?.id == theme.id, "the new theme is selected")
    }

    @Test func editModeShowsDeleteAndEditMarksAndEnterOpensTheEditor() throws {
        let driver = try Fixture.driver()
        #expect(!driver.text.contains("✎"))
        driver.press(.character("e"))
        #expect(driver.chooser?.isEditing == true)
        #expect(driver.text.contains("⊖"))
        #expect(driver.text.contains("✎ edit"))
        driver.press(.down, .enter)
        #expect(driver.screenID == "memorize.editor")
        #expect(driver.editor?.theme?.name == "Animals")
        driver.press(.escape)
        #expect(driver.chooser?.isEditing == true, "still in edit mode after the editor")
        driver.press(.character("e"))
        #expect(driver.chooser?.isEditing == false)
        driver.press(.character("e"), .escape)
        #expect(driver.chooser?.isEditing == false, "Esc leaves edit mode first")
        #expect(driver.screenID == "memorize.chooser")
        driver.press(.escape)
        #expect(driver.screenID == "host.preferences", "the next Esc goes back")
    }

    @Test func deleteRemovesAndUndoBringsBack() throws {
        let driver = try Fixture.driver()
        let names = ShippedThemes.all.map(\.name)
        driver.deleteSecondTheme()
        #expect(driver.chooser?.themes.map(\.name) == names.filter { $0 != "Animals" })
        #expect(Fixture.savedThemes(driver).map(\.name) == names.filter { $0 != "Animals" })
        #expect(driver.text.contains("Deleted. u brings back “Animals”"))
        driver.press(.delete)
        #expect(driver.chooser?.themes.count == names.count - 2, "Del deletes too")
        driver.press(.character("u"))
        driver.press(.character("u"))
        #expect(driver.chooser?.themes.map(\.name) == names)
        #expect(Fixture.savedThemes(driver).map(\.name) == names)
        #expect(driver.chooser?.selectedTheme?.name == "Animals")
        #expect(driver.text.contains("“Animals” is back"))
    }

    /// A long name is what a narrow screen cuts, marked, never the key that undoes.
    @Test func theUndoKeyShowsWhateverTheNameAt40Columns() throws {
        let driver = try TestDriver(games: [GameEntry(MemorizeGame.self)], play: "memorize",
                                    size: Size(width: 40, height: 12))
        driver.press(.character("a"))
        driver.type("A very long theme name")
        driver.press(.escape, .character("e"))
        while driver.chooser?.selectedTheme?.name != "A very long theme name" { driver.press(.down) }
        driver.press(.character("d"))
        let row = driver.text.split(separator: "\n").first { $0.contains("Deleted.") }.map(String.init) ?? ""
        #expect(row.contains("u brings back"), "\(driver.text)")
        #expect(row.hasSuffix("…"), "\(row)")
    }

    @Test func deletingEveryThemeLeavesAnEmptyListThatAddFills() throws {
        let driver = try Fixture.driver()
        driver.press(.character("e"))
        for _ in ShippedThemes.all { driver.press(.character("d")) }
        #expect(driver.chooser?.hasThemes == false)
        #expect(driver.text.contains("No themes. Press a to add one."))
        let before = driver.stateJSON
        driver.press(.enter, .character("d"), .up)
        #expect(driver.stateJSON == before, "edit, delete and select are disabled")
        driver.press(.character("e"), .enter)
        #expect(driver.screenID == "memorize.chooser", "play is disabled")
        driver.press(.character("a"))
        #expect(driver.screenID == "memorize.editor")
    }

    @Test func disabledKeysChangeNothing() throws {
        let driver = try Fixture.driver()
        let frame = driver.screenText, state = driver.stateJSON
        driver.press(.character("u"))
        #expect(driver.screenText == frame && driver.stateJSON == state, "nothing to undo")
        driver.press(.character("d"))
        #expect(driver.screenText == frame && driver.stateJSON == state, "d deletes only in edit mode")
        #expect(driver.chooser?.themes.count == ShippedThemes.all.count)
    }

    @Test func pOpensThePreferencesAndAChangeRestartsTheGame() throws {
        let driver = try Fixture.driver()
        driver.press(.character("p"))
        #expect(driver.screenID == "host.preferences")
        driver.press(.down, .down, .right, .up, .up, .enter)
        #expect(driver.screenIDs == ["host.menu", "host.preferences", "memorize.chooser"])
        #expect(driver.chooser?.preferences.matched == .hide)
    }

    @Test func lastThemeStartOpensTheThemePlayedLastWithTheChooserBehind() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try Fixture.driver(dataDirectory: directory)
        first.selectTheme("Sports")
        first.press(.enter)
        #expect(first.game?.theme.name == "Sports")

        let second = try Fixture.driver(["start": .choice("last-theme")], dataDirectory: directory)
        #expect(second.screenIDs == ["host.menu", "host.preferences", "memorize.chooser", "memorize.game"])
        #expect(second.game?.theme.name == "Sports")
        second.press(.escape)
        #expect(second.screenID == "memorize.chooser")
        #expect(second.chooser?.selectedTheme?.name == "Sports")

        // With nothing played yet, last-theme opens on the chooser.
        let fresh = try Fixture.driver(["start": .choice("last-theme")])
        #expect(fresh.screenID == "memorize.chooser")
    }
}
