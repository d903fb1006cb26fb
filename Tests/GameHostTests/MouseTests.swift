import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// Clicks, the wheel and pastes on the host's own screens, through the test driver; the
/// counter declares no regions at all, so it shows the footer alone makes a game clickable.
@Suite struct MouseTests {
    func driver(play: Bool = false, trace: Bool = false, size: Size = Size(width: 80, height: 24)) throws -> TestDriver {
        try TestDriver(games: [GameEntry(CounterGame.self), GameEntry(SecondCounter.self)],
                       play: play ? "counter" : nil, size: size, trace: trace)
    }

    @Test func aClickOnAMenuItemSelectsAndOpensIt() throws {
        let driver = try driver()
        #expect(driver.click("2  Second"))
        #expect(driver.screenIDs == ["host.menu", "host.preferences"])
        #expect(driver.text.contains("Second"))
        driver.press(.escape)
        #expect(driver.model(MenuViewModel.self)?.selected == 1)
        let summary = try #require(driver.find("Count up to a limit"))
        driver.click(column: summary.column + 3, row: summary.row)
        #expect(driver.screenIDs == ["host.menu", "host.preferences"], "the summary line opens the game too")
    }

    @Test func clicksOutsideAnyRegionDoNothing() throws {
        let driver = try driver()
        let before = driver.stateJSON
        driver.click(column: 0, row: 0)
        driver.click(column: 79, row: 16)
        driver.click(column: 500, row: 500)
        #expect(driver.screenIDs == ["host.menu"] && driver.stateJSON == before)
    }

    @Test func theWheelMovesTheMenu() throws {
        let driver = try driver()
        driver.scroll(1, column: 40, row: 12)
        #expect(driver.model(MenuViewModel.self)?.selected == 1)
        driver.scroll(-1, column: 40, row: 12)
        #expect(driver.model(MenuViewModel.self)?.selected == 0)
    }

    @Test func otherButtonsAndReleasesDoNothing() throws {
        let driver = try driver()
        let place = try #require(driver.find("2  Second"))
        driver.handle([.mouse(MouseEvent(.press(2), column: place.column, row: place.row)),
                       .mouse(MouseEvent(.release(0), column: place.column, row: place.row))])
        #expect(driver.screenIDs == ["host.menu"])
    }

    @Test func footerHintsAreTheirKeys() throws {
        let driver = try driver(play: true)
        #expect(driver.screenIDs.last == "counter.main")
        #expect(driver.click("↑ add"))
        #expect(driver.text.contains("Count: 1 of 5"))
        #expect(driver.click("? help"))
        #expect(driver.screenIDs.last == "host.help")
        #expect(driver.click("q back"))
        #expect(driver.screenIDs.last == "counter.main")
    }

    @Test func aDisabledRegionChangesNothing() throws {
        let driver = try driver(play: true)
        for _ in 0..<5 { driver.click("↑ add") }
        #expect(driver.text.contains("Count: 5 of 5"))
        let frame = driver.frame
        let state = driver.stateJSON
        let hint = try #require(driver.find("↑ add"))
        #expect(frame.region(atColumn: hint.column, row: hint.row)?.isEnabled == false)
        driver.click(column: hint.column, row: hint.row)
        #expect(driver.frame == frame && driver.stateJSON == state)
    }

    @Test func thePreferencesFormIsPlayedByClicks() throws {
        let driver = try driver()
        driver.click("1  Counter")
        let form = try #require(driver.model(PreferencesFormViewModel.self))
        #expect(driver.click("Step"))
        #expect(form.selectedRow == .field(1))
        // ‹ and › step the value; a click on the value steps it on.
        let limit = try #require(driver.find("‹ 5 ›"))
        driver.click(column: limit.column, row: limit.row)
        #expect(driver.text.contains("‹ 4 ›") && form.selectedRow == .field(0))
        driver.click(column: limit.column + 4, row: limit.row)
        driver.click(column: limit.column + 4, row: limit.row)
        #expect(driver.text.contains("‹ 6 ›"))
        driver.click(column: limit.column + 2, row: limit.row)
        #expect(driver.text.contains("‹ 7 ›"))
        #expect(driver.click("Reset to defaults"))
        #expect(driver.text.contains("‹ 5 ›") && driver.text.contains("Reset to defaults: u brings back your value."))
        #expect(driver.click("Scores"))
        #expect(driver.screenIDs.last == "host.scores")
        driver.press(.escape)
        #expect(driver.click("▶ Play"))
        #expect(driver.screenIDs.last == "counter.main")
    }

    @Test func theWheelScrollsHelpAndScores() throws {
        // The menu's nine keys (1/2 on one line) at 60×12: eight rows, so help scrolls by one at most.
        let driver = try driver(size: Size(width: 60, height: 12))
        driver.press(.character("?"))
        let help = try #require(driver.model(HelpViewModel.self))
        driver.scroll(3, column: 30, row: 5)
        #expect(help.offset == 1)
        driver.scroll(-1, column: 30, row: 5)
        #expect(help.offset == 0)
        driver.press(.escape, .enter)
        driver.press(.character("j"), .character("j"))
        #expect(driver.click("Scores"))
        let scores = try #require(driver.model(ScoresViewModel.self))
        driver.scroll(1, column: 30, row: 5)
        #expect(scores.offset == 1)
    }

    @Test func aNoticeCoversWhatIsUnderIt() throws {
        let driver = try driver(play: true)
        driver.paste("text")
        #expect(driver.text.contains("Nothing here takes pasted text"))
        let row = try #require(driver.find("Nothing here")).row
        let frame = driver.frame
        #expect(frame.region(atColumn: 40, row: row)?.isEnabled == false)
    }

    @Test func aPasteWithNoTextFieldIsDroppedAndSaysSo() throws {
        let driver = try driver(play: true)
        driver.paste("↑r\nq")
        #expect(driver.screenIDs.last == "counter.main")
        #expect(driver.text.contains("Count: 0 of 5"))
        #expect(driver.session.noticeLog.last == "Nothing here takes pasted text: paste into a text field.")
    }

    @Test func mouseBytesWorkThroughTheDecoder() throws {
        let driver = try driver()
        let place = try #require(driver.find("2  Second"))
        driver.send(MouseEvent.click(column: place.column, row: place.row).sgrBytes + "\u{1B}[<0;1;1m")
        #expect(driver.screenIDs == ["host.menu", "host.preferences"])
    }

    @Test func regionsFollowTheContentBelowTheHeader() throws {
        let driver = try driver()
        let frame = driver.frame
        let content = try #require(driver.session.topScreen).render(Size(width: 80, height: 22))
        let first = try #require(content.regions.first)
        #expect(frame.regions.contains { $0.rect == Rect(column: first.rect.column, row: first.rect.row + 1,
                                                           width: first.rect.width, height: first.rect.height) })
    }

    @Test func theTraceRecordsClicks() throws {
        let driver = try driver(trace: true)
        driver.click("2  Second")
        let line = try #require(driver.traceLines.last)
        #expect(line.contains(#""input":"click "#) && line.contains(#""intent":{"pick":{"_0":1}}"#))
    }

    @Test func noMouseIsAnOptionAndAConfigSwitch() throws {
        #expect(try Arguments.parse(["--no-mouse"]).noMouse)
        #expect(try !Arguments.parse([]).noMouse)
        let games = [GameEntry(CounterGame.self)]
        #expect(try !Config.parse(Data(#"{"mouse": false}"#.utf8), source: "c", games: games).mouse)
        #expect(try Config.parse(Data("{}".utf8), source: "c", games: games).mouse)
    }

    @Test func theTerminalTurnsTheMouseAndPasteOffOnTheWayOut() {
        for mode in ["1000", "1006", "2004"] {
            #expect(RawTerminal.leaveBytes.contains("\u{1B}[?\(mode)l"))
        }
        #expect(RawTerminal.mouseOn.contains("\u{1B}[?1006h") && RawTerminal.pasteOn == "\u{1B}[?2004h")
    }
}

/// The counter under another id and title, for a menu of two.
enum SecondCounter: GameModule {
    static let info = GameInfo(id: "second", title: "Second", summary: "Count again")
    static var preferences: PreferenceSchema<CounterPreferences> { CounterGame.preferences }
    static func makeRoot(_ preferences: CounterPreferences, _ context: GameContext) -> Screen {
        CounterGame.makeRoot(preferences, context)
    }
}
