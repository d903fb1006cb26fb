@testable import CompatibilitySlider
import GameHost
import GameHostTesting
import Testing

/// The slider played with the mouse alone: the track and faces, the footer's record, the
/// hand-over, the result's button and the wheel; a pasted name with a line break in it.
@Suite struct SliderMouseTests {
    @Test func aClickOnTheTrackSetsTheRating() throws {
        let driver = try Support.driver(["topics": .choice("3")])
        let model = try #require(driver.model(SliderViewModel.self))
        let track = try #require(driver.find("●"))
        let frame = driver.frame
        let region = try #require(frame.region(atColumn: track.column, row: track.row))
        #expect(region.isEnabled)
        driver.click(column: track.column, row: track.row)
        #expect(model.slider == .terrible)
        driver.click(column: region.rect.column + region.rect.width - 1, row: track.row)
        #expect(model.slider == .great)
        driver.click(column: region.rect.column + region.rect.width / 2, row: track.row - 1)
        #expect(model.slider.rawValue == 3, "a face sets its rating too")
    }

    /// Wide terminals write every step's word under the track; the track still takes clicks.
    @Test(arguments: [120, 200])
    func aClickOnAWideTrackSetsTheRating(_ width: Int) throws {
        let driver = try Support.driver(["topics": .choice("3")], size: Size(width: width, height: 40))
        let model = try #require(driver.model(SliderViewModel.self))
        let track = try #require(driver.find("●"))
        driver.click(column: track.column, row: track.row)
        #expect(model.slider == .terrible)
    }

    @Test func aWholeRoundByClicks() throws {
        let driver = try Support.driver(["topics": .choice("3")])
        let model = try #require(driver.model(SliderViewModel.self))
        for _ in 0..<3 {
            #expect(driver.click(intent: SliderViewModel.Intent.record), "the Next topic button")
        }
        #expect(model.phase == .handOver)
        driver.click(intent: SliderViewModel.Intent.beginSecondTurn)
        #expect(model.phase == .turn(.second, topic: 0))
        for _ in 0..<3 { driver.click(intent: SliderViewModel.Intent.record) }
        #expect(model.phase == .results)
        #expect(driver.click(intent: SliderViewModel.Intent.newRound))
        #expect(model.phase == .turn(.first, topic: 0))
    }

    @Test func aPastedNameWithALineBreakRunsNoKeys() throws {
        let driver = try TestDriver(games: [Support.entry])
        driver.click("Compatibility Slider")
        #expect(driver.screenID == "host.preferences")
        let form = driver.frame
        let name = try #require(driver.find("‹ Player 1 ›"))
        _ = form
        driver.click(column: name.column + 4, row: name.row)
        #expect(driver.text.contains("[Player 1]"), "a click on a text value starts editing it, all selected")
        driver.press(Array(repeating: .backspace, count: 8))
        driver.paste("Bob\nAlice")
        #expect(driver.screenID == "host.preferences")
        #expect(driver.text.contains("Bob Alice▏"))
        driver.press(.enter)
        #expect(driver.text.contains("Bob Alice") && !driver.text.contains("▏"))
    }
}
