import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// One meaning per key (issue 37): q leads back the same way from every start, s opens a
/// game's scores from its form as from the menu, and the too-small notice says what q does
/// and what is short.
@Suite struct OneMeaningKeysTests {
    func driver(size: Size = Size(width: 80, height: 24)) throws -> TestDriver {
        try TestDriver(games: [GameEntry(CounterGame.self)], size: size)
    }

    /// Audit N7: `gamehost play ID` took three q to reach the shell.
    @Test func aGamePlayedAloneIsTwoQFromTheShell() throws {
        let driver = try driver()
        driver.session.play("counter", alone: true)
        #expect(driver.screenID == "counter.main")
        driver.press(.character("q"))
        #expect(driver.screenID == "host.preferences" && !driver.session.isFinished)
        driver.press(.character("q"))
        #expect(driver.session.isFinished, "back from its form goes back to the shell")
    }

    @Test func aGameOpenedFromTheMenuGoesBackToIt() throws {
        let driver = try driver()
        driver.session.play("counter")
        driver.press(.character("q"), .character("q"))
        #expect(driver.screenIDs == ["host.menu"] && !driver.session.isFinished)
    }

    /// Audit N22: on a game's form, s (scores in the menu) did nothing.
    @Test func sOnAGamesFormOpensItsScores() throws {
        let driver = try driver()
        driver.press(.enter)
        #expect(driver.screenID == "host.preferences")
        driver.press(.character("s"))
        #expect(driver.screenID == "host.scores")
    }

    /// Audit #25: at the top of the stack q quits, and the notice says so.
    @Test func theTooSmallNoticeSaysWhatQDoes() throws {
        let driver = try driver(size: Size(width: 36, height: 11))
        #expect(driver.text.contains("Enlarge it, or press q to quit"), "\(driver.text)")
        driver.size = Size(width: 80, height: 24)
        driver.press(.enter)
        driver.size = Size(width: 36, height: 11)
        #expect(driver.text.contains("Enlarge it, or press q to go back"), "\(driver.text)")
    }

    /// Audit N14: only what is short is named.
    @Test func theTooSmallNoticeNamesWhatIsShort() throws {
        let driver = try driver(size: Size(width: 80, height: 9))
        #expect(driver.text.contains("9 rows here, 12 needed"), "\(driver.text)")
        driver.size = Size(width: 30, height: 24)
        #expect(driver.text.contains("30 columns here, 40 needed"), "\(driver.text)")
        driver.size = Size(width: 30, height: 9)
        #expect(driver.text.contains("30×9 here, 40×12 needed"), "\(driver.text)")
    }
}

/// Audit N20 and N22: help says "1-4", not four lines; the header says a title once.
@Suite struct HelpAndHeaderTests {
    @Test func helpJoinsDigitsOfOneMeaning() throws {
        let driver = try TestDriver(games: [GameEntry(CounterGame.self), GameEntry(RoundInPlayTests.RoundsGame.self),
                                            GameEntry(ApplyPreferencesTests.SheetGame.self)])
        driver.press(.character("?"))
        #expect(driver.text.contains("1-3    open"), "\(driver.text)")
        #expect(!driver.text.contains("2  open") && !driver.text.contains("2 open"), "\(driver.text)")
    }

    @Test func theHeaderSaysATitleOnce() throws {
        let driver = try TestDriver(games: [GameEntry(CounterGame.self)], play: "counter")
        let header = try #require(driver.lines.first)
        #expect(header.contains("GameHost › Counter") && !header.contains("Counter › Counter"), "\(header)")
    }
}

/// Audit #5: plain text cannot dim, so a key that does nothing now looked like one that did.
@Suite struct PlainFooterTests {
    @Test func plainTextLeavesOutTheKeysATerminalDims() throws {
        let driver = try TestDriver(games: [GameEntry(CounterGame.self)], play: "counter")
        driver.press(.up, .up, .up, .up, .up)
        #expect(driver.lines.last?.contains("↑ add") == true, "a terminal shows it, dimmed")
        driver.session.showsStyles = false
        let footer = try #require(driver.lines.last)
        #expect(!footer.contains("add") && footer.contains("r reset") && footer.contains("q back"), "\(footer)")
    }
}
