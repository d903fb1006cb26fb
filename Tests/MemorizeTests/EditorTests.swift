import Foundation
import GameHost
import GameHostTesting
@testable import Memorize
import Testing

/// Every intent of the theme editor; each edit is live and saved at once.
@Suite struct EditorTests {
    /// A driver on the editor of the Animals theme (12 emojis, all 12 pairs), on its name.
    static func editing() throws -> TestDriver {
        let driver = try Fixture.driver()
        driver.editSecondTheme()
        return driver
    }

    static func saved(_ driver: TestDriver) -> Theme? {
        Fixture.savedThemes(driver).first { $0.name == driver.editor?.theme?.name }
    }

    /// Layouts hold still: more emojis (wrapping to a second line) and a longer color name
    /// move no other field, and the palette stays where it was.
    @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12), Size(width: 200, height: 60)])
    func theFormHoldsStillWhileValuesChange(_ size: Size) throws {
        let driver = try Self.editing()
        driver.size = size
        func row(_ label: String) -> Int? { driver.lines.firstIndex { $0.contains(label) } }
        func paletteColumn() -> Int? {
            driver.lines.first { $0.contains("Color") }.flatMap { $0.range(of: "▐") }
                .map { DisplayWidth.of(String(driver.lines.first { $0.contains("Color") }![..<$0.lowerBound])) }
        }
        let before = (row("Pairs"), row("Color"), row("Removed"), paletteColumn())
        driver.press(.down)
        driver.type("🦄🐸🐵🐔🐧🐦🐤🦆🦅🦉")
        driver.press(.down, .down, .down, .right)
        #expect(driver.editor?.theme?.color == .yellow, "from orange, a shorter name")
        driver.press(.right)
        #expect((row("Pairs"), row("Color"), row("Removed"), paletteColumn()) == before)
    }

    /// A large terminal gets a bigger grid, more emojis to a line and more lines: a theme of
    /// 60 emojis shows whole where 80×24 shows 45 of them.
    @Test func aLargeTerminalShowsMoreEmojis() throws {
        let driver = try Self.editing()
        driver.press(.down)
        driver.type("🍏🍎🍐🍊🍋🍌🍉🍇🍓🍈🍒🍑🥭🍍🥥🥝🍅🍆🥑🥦🥬🥒🌽🥕🧄🧅🥔🍠🥐🥯🍞🥖⚽🏀🏈⚾🎾🏐🏉🎱🏓🏸🥊⛳🚲🚂🚁🚜")
        driver.press(.left)
        let emojis = driver.editor?.theme?.emojis ?? []
        #expect(emojis.count == 60)
        func shown(_ size: Size) -> (count: Int, perLine: Int) {
            driver.size = size
            let firstLine = driver.lines.first { $0.contains("Emojis") } ?? ""
            return (emojis.filter { driver.text.contains($0) }.count, emojis.filter { firstLine.contains($0) }.count)
        }
        #expect(shown(Size(width: 80, height: 24)) == (45, 15))
        #expect(shown(Size(width: 40, height: 12)) == (18, 6))
        #expect(shown(Size(width: 160, height: 48)) == (60, 22))
        #expect(shown(Size(width: 200, height: 60)) == (60, 29))
        #expect(!driver.text.contains("▼"), "nothing to scroll to")
    }

    @Test func opensOnTheNameField() throws {
        let driver = try Self.editing()
        #expect(driver.screenID == "memorize.editor")
        #expect(driver.editor?.field == .name)
        #expect(driver.text.contains("[Animals]▏"), "selected, as every text field on entry, seen without colour")
        #expect(driver.text.contains("none"), "nothing removed yet")
    }

    @Test func focusMovesWithArrowsTabAndJK() throws {
        let driver = try Self.editing()
        driver.press(.down)
        #expect(driver.editor?.field == .emojis)
        driver.press(.tab, .character("j"))
        #expect(driver.editor?.field == .pairs)
        driver.press(.backTab, .character("k"), .up)
        #expect(driver.editor?.field == .name)
        driver.press(.up)
        #expect(driver.editor?.field == .color, "wraps around")
        driver.press(.down)
        driver.press(.enter)
        #expect(driver.editor?.field == .emojis, "Enter in the name goes on")
    }

    @Test func typingReplacesTheSelectedNameThenAppends() throws {
        let driver = try Self.editing()
        #expect(driver.editor?.isNameSelected == true)
        driver.type("Zoo")
        #expect(driver.editor?.theme?.name == "Zoo")
        driver.press(.backspace)
        #expect(driver.editor?.theme?.name == "Zo")
        driver.press(.down, .up)
        #expect(driver.editor?.isNameSelected == true, "coming back selects the name again")
        driver.press(.backspace)
        #expect(driver.editor?.nameDraft == "")
        #expect(driver.editor?.theme?.name == "Zo", "an empty name is not saved")
    }

    @Test func typingRenamesLiveAndEveryLetterIsTyped() throws {
        let driver = try Self.editing()
        for _ in 0..<7 { driver.press(.backspace) }
        driver.type("Pets jk hlxq?")
        #expect(driver.editor?.theme?.name == "Pets jk hlxq?")
        #expect(Fixture.savedThemes(driver)[1].name == "Pets jk hlxq?", "saved at once")
        #expect(driver.screenID == "memorize.editor", "q and ? are letters in the name")
    }

    @Test func anEmptyNameIsNeverSavedAndLeavingItKeepsTheOldName() throws {
        let driver = try Self.editing()
        driver.press(.backspace)
        #expect(driver.editor?.nameDraft == "", "Backspace clears the selected name")
        #expect(driver.text.contains("Type a name, or it stays “Animals”."))
        #expect(Fixture.savedThemes(driver)[1].name == "Animals", "an empty name is never saved")
        driver.press(.backspace)
        driver.press(.down)
        #expect(driver.editor?.theme?.name == "Animals")
        #expect(Fixture.savedThemes(driver)[1].name == "Animals")
        driver.press(.up)
        for _ in 0..<7 { driver.press(.backspace) }
        driver.press(.escape)
        #expect(driver.screenID == "memorize.chooser")
        #expect(Fixture.savedThemes(driver)[1].name == "Animals", "closing with no name keeps the old one")
    }

    @Test func namesAreSanitizedAndLimited() throws {
        let driver = try Self.editing()
        driver.press(.character("\u{202E}"))
        #expect(driver.editor?.theme?.name == "Animals", "a bidi override is dropped")
        #expect(driver.editor?.isNameSelected == true, "and does not count as typing")
        driver.type(String(repeating: "x", count: 40))
        #expect(driver.editor?.theme?.name.count == Theme.maximumNameLength)
        #expect(driver.text.contains("A name has 30 characters at most."))
    }

    @Test func typingOrPastingEmojisAddsThem() throws {
        let driver = try Self.editing()
        driver.press(.down)
        driver.send("🦄👨‍👩‍👧 🇫🇷,👍🏽❤️")
        let emojis = try #require(driver.editor?.theme?.emojis)
        #expect(emojis.suffix(5) == ["🦄", "👨‍👩‍👧", "🇫🇷", "👍🏽", "❤️"])
        #expect(Self.saved(driver)?.emojis == emojis)
        #expect(driver.editor?.selectedEmoji == emojis.count - 1, "the last one added is selected")
        #expect(driver.editor?.theme?.pairCount == 12, "adding does not change the pairs")
    }

    @Test func nonEmojisAreRefusedWithAMessageAndDuplicatesIgnored() throws {
        let driver = try Self.editing()
        driver.press(.down)
        let before = try #require(driver.editor?.theme)
        driver.press(.character("a"))
        #expect(driver.text.contains("“a” is not an emoji."))
        driver.press(.character("中"))
        #expect(driver.text.contains("“中” is not an emoji."))
        driver.press(.character("🐶"))
        #expect(driver.text.contains("🐶 is already in the theme."))
        #expect(driver.editor?.theme == before)
        driver.press(.character("q"))
        #expect(driver.screenID == "memorize.chooser", "q still goes back from the emojis")
    }

    @Test func xRemovesTheSelectedEmojiAndTheRemovedOneCanBeRestored() throws {
        let driver = try Self.editing()
        driver.press(.down, .right, .character("l"), .left)
        #expect(driver.editor?.selectedEmoji == 1)
        driver.press(.character("x"))
        var theme = try #require(driver.editor?.theme)
        #expect(!theme.emojis.contains("🐱") && theme.removedEmojis == ["🐱"])
        #expect(theme.pairCount == 11, "pairs clamped to the emojis")
        #expect(Self.saved(driver) == theme)
        driver.press(.delete, .backspace)
        theme = try #require(driver.editor?.theme)
        #expect(theme.removedEmojis == ["🐱", "🐭", "🐹"])
        #expect(driver.text.contains("[🐱]") == false)

        driver.press(.down)
        #expect(driver.editor?.field == .removed)
        driver.press(.right, .character("h"), .right, .enter)
        theme = try #require(driver.editor?.theme)
        #expect(theme.removedEmojis == ["🐱", "🐹"] && theme.emojis.last == "🐭")
        driver.press(.character("r"), .character("r"))
        theme = try #require(driver.editor?.theme)
        #expect(theme.removedEmojis.isEmpty && theme.emojis.count == 12)
        #expect(Self.saved(driver) == theme)
        let frame = driver.screenText
        driver.press(.enter, .left, .right)
        #expect(driver.screenText == frame, "nothing to restore or select")
    }

    @Test func removingBelowTwoEmojisIsRefused() throws {
        let driver = try Fixture.driver()
        driver.press(.character("a"), .down)
        driver.press(.character("x"), .character("x"))
        #expect(driver.editor?.theme?.emojis.count == 2)
        #expect(driver.editor?.canRemove == false)
        let frame = driver.screenText, state = driver.stateJSON
        driver.press(.character("x"))
        #expect(driver.screenText == frame && driver.stateJSON == state, "remove is disabled at two emojis")
        #expect(driver.refusal == "A theme needs 2 emojis or more.", "and says why")
    }

    @Test func removingTheLastButOneEmojiGivesTheMessage() throws {
        // The view model refuses on its own too, whatever the bindings say.
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = ThemeStore(storage: DataStore(directory: directory, report: { _ in }))
        let theme = try store.addUntitled()
        let editor = EditorViewModel(store: store, themeID: theme.id)
        editor.send(.focus(1))
        for _ in 0..<3 { editor.send(.remove) }
        #expect(store.theme(theme.id)?.emojis.count == 2)
        #expect(editor.message == "A theme needs 2 emojis or more.")
    }

    @Test func thePairsStepperIsClampedAndDisabledAtItsEnds() throws {
        let driver = try Self.editing()
        driver.press(.down, .down, .down)
        #expect(driver.editor?.field == .pairs)
        #expect(driver.editor?.canStepPairs(1) == false)
        let frame = driver.screenText
        driver.press(.right)
        #expect(driver.screenText == frame, "already all 12")
        driver.press(.left, .character("h"), .character("-"))
        #expect(driver.editor?.theme?.pairCount == 9)
        #expect(Self.saved(driver)?.pairCount == 9)
        driver.press(.character("+"), .character("l"))
        #expect(driver.editor?.theme?.pairCount == 11)
        for _ in 0..<20 { driver.press(.left) }
        #expect(driver.editor?.theme?.pairCount == 2)
        #expect(driver.text.contains("‹ 2 ›"))
    }

    @Test func theColorPickerCyclesThroughThePalette() throws {
        let driver = try Self.editing()
        driver.press(.up)
        #expect(driver.editor?.field == .color)
        driver.press(.right)
        #expect(driver.editor?.theme?.color == .yellow)
        #expect(Self.saved(driver)?.color == .yellow)
        driver.press(.left, .character("h"))
        #expect(driver.editor?.theme?.color == .red)
        driver.press(.left)
        #expect(driver.editor?.theme?.color == ThemeColor.allCases.last, "wraps around")
        driver.press(.character("l"))
        #expect(driver.editor?.theme?.color == .red)
        #expect(driver.text.contains("Red"))
    }

    @Test func escClosesTheEditorAndTheChooserShowsTheEdits() throws {
        let driver = try Self.editing()
        for _ in 0..<7 { driver.press(.backspace) }
        driver.type("Zoo")
        driver.press(.escape)
        #expect(driver.screenID == "memorize.chooser")
        #expect(driver.text.contains("Zoo"))
    }

    @Test func aThemeDeletedElsewhereLeavesAnEditorThatOnlyCloses() throws {
        let driver = try Self.editing()
        let id = try #require(driver.editor?.themeID)
        let other = ThemeStore(storage: DataStore(directory: driver.dataDirectory + "/memorize", report: { _ in }))
        _ = try other.delete(id)
        driver.press(.character("x"))   // the store re-reads the file on its next change
        driver.press(.down, .character("🐸"))
        #expect(driver.editor?.theme == nil)
        #expect(driver.text.contains("This theme was deleted in another window."))
        driver.press(.escape)
        #expect(driver.screenID == "memorize.chooser")
    }
}
