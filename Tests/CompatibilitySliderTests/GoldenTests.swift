@testable import CompatibilitySlider
import GameHost
import GameHostTesting
import Testing

/// Whole-terminal frames of a turn, the hand-over and the result, at the standard sizes.
/// `UPDATE_GOLDEN=1` rewrites them; look at each file before keeping it.
@Suite struct GoldenTests {
    static let preferences: PreferenceValues = ["player1": .text("Ada"), "player2": .text("Grace"),
                                                "topics": .choice("4")]

    /// Ada rates 2 4 5 1, Grace 3 4 4 2: differences 1 0 1 1, mean 0.75 → 15 → 85%.
    static func driver() throws -> TestDriver {
        try Support.driver(preferences, seed: 42)
    }

    static func check(_ driver: TestDriver, _ name: String) {
        let problem = Golden.check(driver, name, directory: Golden.directory(besides: #filePath))
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test func turn() throws {
        let driver = try Self.driver()
        driver.type("2")
        driver.press(.enter)
        driver.press(.right)
        Self.check(driver, "turn")
    }

    @Test func handOver() throws {
        let driver = try Self.driver()
        driver.send("2\r4\r5\r1\r")
        #expect(driver.model(SliderViewModel.self)?.phase == .handOver)
        Self.check(driver, "hand-over")
    }

    @Test func results() throws {
        let driver = try Self.driver()
        driver.send("2\r4\r5\r1\r")
        driver.press(.enter)
        driver.send("3\r4\r4\r2\r")
        #expect(driver.model(SliderViewModel.self)?.compatibility == 85)
        Self.check(driver, "results")
    }

    @Test func resultsOfFifteenTopicsScrolled() throws {
        let driver = try Support.driver(["topics": .choice("15")], seed: 42)
        driver.send(String(repeating: "1\r", count: 15))
        driver.press(.enter)
        driver.send(String(repeating: "5\r4\r3\r", count: 5))
        driver.press(.down, .down)
        Self.check(driver, "results-15-scrolled")
    }
}
