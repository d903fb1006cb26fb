import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// The host's screens use a large terminal (issue 26): the menu shows each game's summary
/// beside its title, the form each field's help beside its value, the scores a table of
/// many rounds with their times and dates; and at 40×12 and 80×24 they still fit.
@Suite struct LargeTerminalTests {
    static let large = Size(width: 200, height: 60)

    func driver(size: Size = large) throws -> TestDriver {
        try TestDriver(games: [GameEntry(CounterGame.self), GameEntry(SecondCounter.self)], size: size)
    }

    /// The row of the frame holding `text`, or nil.
    func row(_ driver: TestDriver, _ text: String) -> Int? { driver.find(text)?.row }

    @Test func theMenuShowsEachSummaryBesideItsTitle() throws {
        let driver = try driver()
        let title = try #require(row(driver, "1  Counter"))
        #expect(row(driver, "Count up to a limit") == title)
        #expect(driver.text.contains("Choose a game"), "a box with a heading holds the games")
        // Centred, not in a corner.
        let column = try #require(driver.find("1  Counter")).column
        #expect(column > 60 && column < 120)
    }

    @Test func theFormShowsEveryFieldsHelpAtOnce() throws {
        let driver = try driver()
        driver.press(.enter, .down)
        let limit = try #require(row(driver, "‹ 5 ›"))
        #expect(row(driver, "Where counting stops") == limit)
        #expect(row(driver, "How much ↑ adds") == limit + 1)
        #expect(row(driver, "Count up to a limit") == limit - 3, "the heading gives the game's summary")
        // What the selected field takes, near the list rather than at the bottom edge.
        let allowed = try #require(row(driver, "a whole number from 1 to 9"))
        #expect(allowed < Self.large.height / 2 + 8)
    }

    @Test func scoresShowManyRoundsWithTheirTimesAndDates() throws {
        var rounds: [RoundResult] = []
        for index in 0..<60 {
            var round = RoundResult(score: index % 7, summary: "reached \(index % 7)", duration: Double(30 + index))
            round.date = Date(timeIntervalSince1970: 1_780_000_000 + Double(index) * 3_600)
            rounds.append(round)
        }
        let model = ScoresViewModel(game: CounterGame.info, rounds: rounds, timeZone: TimeZone(identifier: "UTC")!)
        let lines = ScoresView().render(model, in: Size(width: 200, height: 58)).lines
        let rows = lines.filter { $0.contains("reached") }
        #expect(rows.count >= 50, "\(rows.count) rows of rounds at 200×60")
        #expect(lines.contains { $0.contains("Result") && $0.contains("Time") && $0.contains("Date") })
        #expect(lines.contains { $0.contains("Best") && $0.contains("Recent") }, "best and recent side by side")
        #expect(lines.contains { $0.contains("1:29") && $0.contains("2026-") })
        // More than fit: a mark under the lists says so, and covers no date.
        #expect(rows.allSatisfy { $0.wholeMatch(of: /.* \d{4}-\d\d-\d\d \d\d:\d\d/) != nil })
        #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces) == "▼" })
        // A classic terminal still shows the best five and, under them, the recent rounds.
        let small = ScoresView().render(model, in: Size(width: 80, height: 22)).lines
        #expect(small.contains { $0.contains("Recent") } && small.contains { $0.contains(" 5. ") })
    }

    @Test(arguments: [Size(width: 40, height: 12), Size(width: 80, height: 24), Size(width: 132, height: 43), large])
    func everyHostScreenFits(_ size: Size) throws {
        let driver = try driver(size: size)
        for keys: [Key] in [[], [.enter], [.character("s")], [.enter, .down, .down, .down, .enter]] {
            driver.press(keys)
            #expect(driver.frame.invariantProblems().isEmpty)
            #expect(driver.frame.lines.allSatisfy { DisplayWidth.of($0) <= size.width })
            driver.press(.escape, .escape)
        }
    }
}
