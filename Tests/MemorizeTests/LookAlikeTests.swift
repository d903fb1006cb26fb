import Foundation
import GameHost
import GameHostTesting
@testable import Memorize
import Testing

/// Audit N4: 👍 and 👍🏽 (and ❤ and ❤️) were dealt as two different cards that a terminal
/// drew alike, so turning both was a miss. A round deals one card per look, and the editor
/// says so when a look-alike is added.
@Suite struct LookAlikeTests {
    @Test func aLookIsTheEmojiWithoutToneOrPresentation() {
        #expect(Theme.look("👍🏽") == "👍" && Theme.look("👍") == "👍")
        #expect(Theme.look("❤️") == Theme.look("❤"))
        #expect(Theme.look("👨‍👩‍👧") == "👨‍👩‍👧" && Theme.look("🇺🇸") == "🇺🇸")
        #expect(Theme.distinctLooking(["👍", "❤", "👍🏽", "❤️", "🚀"]) == ["👍", "❤", "🚀"])
        #expect(Theme.distinctLooking(["👍", "👍🏽"]) == ["👍", "👍🏽"], "fewer than two looks: all")
    }

    @Test func theEditorSaysALookAlikeIsDealtOnce() throws {
        let driver = try EditorTests.editing()
        driver.press(.down)
        driver.send("👍")
        driver.press(.right)
        driver.send("👍🏽")
        #expect(driver.editor?.message?.hasSuffix("👍🏽 looks like 👍: a round deals only one of them.") == true,
                "\(driver.editor?.message ?? "")")
    }

    @Test(arguments: 1...6 as ClosedRange<UInt64>)
    func aRoundNeverDealsTwoOfOneLook(_ seed: UInt64) throws {
        let driver = try Fixture.driver(seed: seed)
        driver.editSecondTheme()
        driver.press(.down)
        driver.send("👍👍🏽👍🏿❤❤️")
        let theme = try #require(driver.editor?.theme)
        // Every emoji dealt: pairs up to all of them.
        for _ in 0..<theme.emojis.count { driver.send(EditorViewModel.Intent.stepPairs(1)) }
        driver.press(.escape)
        try #require(driver.screenID == "memorize.chooser")
        driver.press(.character("e"), .enter)
        let game = try #require(driver.game)
        let looks = Set(game.game.cards.map { Theme.look($0.content) })
        #expect(looks.count * 2 == game.game.cards.count, "one pair per look: \(game.game.cards.map(\.content))")
    }
}
