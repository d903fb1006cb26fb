@testable import CompatibilitySlider
import Foundation
import GameHost
import GameHostTesting
import Testing

/// The game as the host runs it: keys, screens, scores, names and sizes.
@Suite struct ScreenTests {
    static func slider(_ driver: TestDriver) -> SliderViewModel { driver.model(SliderViewModel.self)! }

    @Test func arrowsLettersAndDigitsMoveTheSliderAndEnterRecords() throws {
        let driver = try Support.driver(["topics": .choice("2")])
        #expect(Self.slider(driver).slider == .okay)
        driver.press(.right)
        #expect(Self.slider(driver).slider == .good)
        driver.type("l")
        #expect(Self.slider(driver).slider == .great)
        driver.press(.left)
        driver.type("hh")
        #expect(Self.slider(driver).slider == .bad)
        driver.type("5")
        #expect(Self.slider(driver).slider == .great)
        #expect(driver.text.contains("5 · great"))
        driver.press(.enter)
        #expect(Self.slider(driver).game.rating(of: .first, topic: 0) == .great)
        #expect(Self.slider(driver).phase == .turn(.first, topic: 1))
        #expect(driver.text.contains("3 · okay"))
    }

    /// At an end of the scale the end's own word is marked, not said twice (audit N21).
    @Test func aRatingAtAnEndIsNotSaidTwice() throws {
        let driver = try Support.driver(["topics": .choice("2")])
        func scaleRow() -> String { driver.lines.first { $0.contains("terrible") } ?? "" }
        driver.type("5")
        #expect(scaleRow().contains("5 · great"))
        #expect(scaleRow().components(separatedBy: "great").count == 2, "great once: \(scaleRow())")
        driver.type("1")
        #expect(scaleRow().hasPrefix(scaleRow().prefix { $0 == " " } + "1 · terrible"))
        #expect(scaleRow().components(separatedBy: "terrible").count == 2, "terrible once: \(scaleRow())")
        driver.type("2")
        #expect(scaleRow().contains("2 · bad") && scaleRow().contains("terrible") && scaleRow().contains("great"))
    }

    @Test func theCurrentPlayerIsFramedOnEveryTurnAndOnTheHandOver() throws {
        let driver = try Support.driver(["topics": .choice("2"), "player1": .text("Ada"), "player2": .text("Grace")])
        func framed(_ name: String) -> Bool { driver.lines.contains { $0.contains("│ ★ \(name) │") } }
        #expect(framed("Ada") && !framed("Grace") && driver.text.contains("☆ Grace"))
        #expect(driver.text.contains("Ada, what do you think about…"))
        driver.send("\r\r")
        #expect(driver.text.contains("Grace, your turn — press Enter"))
        #expect(framed("Grace") && !framed("Ada") && driver.text.contains("☆ Ada"))
        driver.press(.enter)
        #expect(driver.text.contains("Grace, what do you think about…"))
        #expect(framed("Grace") && !framed("Ada"))
    }

    @Test func theHandOverAndPlayer2sTurnsHidePlayer1sRatings() throws {
        let driver = try Support.driver(["topics": .choice("3")])
        driver.send("1\r5\r1\r")
        #expect(!driver.text.contains("█"))
        #expect(!driver.text.contains("terrible ·") && !driver.text.contains("great ·"))
        for _ in 0..<3 {
            driver.press(.enter)
            // Player 2 always starts at 3, whatever player 1 chose.
            #expect(driver.text.contains("3 · okay"))
            #expect(!driver.text.contains("█"))
        }
    }

    @Test func keysThatDoNotApplyOnTheHandOverChangeNothing() throws {
        let driver = try Support.driver(["topics": .choice("2")])
        driver.send("\r\r")
        let before = (driver.screenText, driver.stateJSON)
        driver.press(.left, .right, .up, .down)
        driver.type("hl15jkp")
        #expect((driver.screenText, driver.stateJSON) == before)
        let disabled = driver.session.topScreen!.bindings().filter { !$0.isEnabled }.flatMap(\.keys)
        #expect(Set(disabled).isSuperset(of: [.left, .right, .character("1"), .character("p")]))
    }

    @Test func theResultGoesToTheScoresAndTheActionKeyStartsANewRound() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let driver = try Support.driver(["topics": .choice("2"), "player1": .text("Ada"), "player2": .text("Grace")],
                                        dataDirectory: directory)
        driver.send("1\r1\r\r2\r2\r")
        #expect(Self.slider(driver).phase == .results)
        #expect(driver.text.contains("80%"))
        let scores = try String(contentsOfFile: directory + "/compatibility-slider/scores.json", encoding: .utf8)
        let round = ScoreBook(store: DataStore(directory: directory) { _ in }).rounds(game: "compatibility-slider").last
        #expect(round?.summary == "80% compatible" && round?.players == ["Ada", "Grace"])
        #expect(scores.contains("\"maximum\" : 100"))
        let action = CompatibilityZone.zone(for: 80).action
        #expect(driver.lines.last?.contains("Enter \(action.lowercased())") == true)
        driver.press(.enter)
        #expect(Self.slider(driver).phase == .turn(.first, topic: 0))
        #expect(driver.text.contains("Ada, what do you think about…"))
    }

    @Test func preferencesOpenFromTheFirstTopicAndANewNameRestartsTheGame() throws {
        let driver = try Support.driver()
        driver.type("p")
        #expect(driver.screenID == "host.preferences")
        // Done, Player 1: start editing, erase "Player 1", type a name, save, then Done.
        driver.press(.down, .enter)
        driver.press(Array(repeating: .backspace, count: 8))
        driver.type("Zoë")
        driver.press(.enter, .up, .enter)
        #expect(driver.screenID == "compatibility-slider.round")
        #expect(driver.text.contains("Zoë, what do you think about…"))
        driver.press(.enter)
        driver.type("p")
        #expect(driver.screenID == "compatibility-slider.round", "p is disabled once a topic is rated")
    }

    /// The player-name field is selected on entry, as every text field: "Ann" replaces
    /// "Player 1" (it used to give "Player 1Ann").
    @Test func typingANameReplacesTheOldOne() throws {
        let driver = try Support.driver()
        driver.type("p")
        driver.press(.down, .enter)
        #expect(driver.text.contains("[Player 1]▏"))
        driver.type("Ann")
        driver.press(.enter, .up, .enter)
        #expect(driver.text.contains("Ann, what do you think about…"))
    }

    @Test func everyScreenIsTheGamesAndEscReachesTheMenu() throws {
        for keys in ["", "\r", "\r\r\r\r\r", "\r\r\r\r\r\r\r\r\r\r\r", "\r\r\r\r\r\r\r\r\r\r\r\r"] {
            let driver = try Support.driver(["topics": .choice("5")])
            driver.send(keys)
            #expect(driver.screenID?.hasPrefix("compatibility-slider.") == true)
            var presses = 0
            while driver.screenIDs != ["host.menu"], presses < 10 {
                driver.press(.escape)
                presses += 1
            }
            #expect(driver.screenIDs == ["host.menu"], "from \(keys.count) Enters")
        }
    }

    @Test func longAndWideNamesFitEverySizeInEveryPhase() throws {
        let names: [PreferenceValues] = [
            ["player1": .text(String(repeating: "W", count: 20)), "player2": .text(String(repeating: "中", count: 20))],
            ["player1": .text("👨‍👩‍👧🇫🇷❤️é"), "player2": .text("A")],
        ]
        let sizes = ConformanceSuite.sizes + [Size(width: 41, height: 13), Size(width: 60, height: 17)]
        for values in names {
            let driver = try Support.driver(values.merging(["topics": .choice("15")]) { $1 })
            for step in 0..<33 {
                for size in sizes {
                    driver.size = size
                    let lines = driver.lines
                    #expect(lines.count <= size.height)
                    for line in lines { #expect(DisplayWidth.of(line) <= size.width, "\(size): \(line)") }
                }
                driver.press(step < 31 ? .enter : .down)
            }
            #expect(Self.slider(driver).phase == .results)
        }
    }

    @Test func theResultShowsAtLeastTheMinimumRowsAtTheSmallestSize() throws {
        let model = Support.model(SliderPreferences(topics: .fixed(15)))
        Support.play(model, Array(repeating: 2, count: 15), Array(repeating: 2, count: 15))
        let view = SliderView()
        let text = view.render(model, in: view.minimumSize).text
        let bars = text.split(separator: "\n").filter { $0.contains("█") }
        #expect(bars.count == SliderConstants.resultRowsAtMinimum)
    }

    @Test func fittedSentencesCutTheNameNotTheSentence() {
        let sentence = SliderView.fitted(SliderViewModel.question, name: String(repeating: "N", count: 20), width: 38)
        #expect(DisplayWidth.of(sentence) == 38)
        #expect(sentence.hasSuffix("…, what do you think about…"))
        #expect(SliderView.fitted(SliderViewModel.question, name: "Ada", width: 38) == "Ada, what do you think about…")
    }

    @Test func wrappingKeepsWordsAndMarksWhatIsLeftOut() {
        #expect(DisplayWidth.wrap("one two three", width: 7, limit: 3) == ["one two", "three"])
        #expect(DisplayWidth.wrap("one two three four", width: 7, limit: 2) == ["one two", "three…"])
        #expect(DisplayWidth.wrap("abcdefghij", width: 4, limit: 2) == ["abcd", "efg…"])
    }
}

/// Names cut to fit, in the view and in the score list.
@Suite struct NameFittingTests {
    @Test func aCutNameEndsWithAnEllipsisAndNoSpaceBeforeIt() {
        #expect(SliderView.fit("Bartholomew Longname", to: 13) == "Bartholomew…")
        #expect(SliderView.fit("Bartholomew Longname", to: 14) == "Bartholomew L…")
        #expect(SliderView.fit("Ada", to: 3) == "Ada")
        #expect(SliderView.fit("中中中", to: 4) == "中…")
    }

    /// Names are kept whole, apart from the summary (audit #20): the Scores screen cuts them
    /// only where a row has no room.
    @Test func theScoresKeepNamesWhole() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let driver = try Support.driver(["topics": .choice("2"), "player1": .text("Bartholomew Longname"),
                                         "player2": .text("Al")], dataDirectory: directory)
        driver.send("\r\r\r\r\r")
        let round = ScoreBook(store: DataStore(directory: directory) { _ in }).rounds(game: "compatibility-slider").last
        #expect(round?.summary == "100% compatible")
        #expect(round?.players == ["Bartholomew Longname", "Al"])
    }
}
