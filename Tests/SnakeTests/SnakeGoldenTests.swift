import GameHost
import GameHostTesting
@testable import Snake
import Testing

/// What the player sees, at the board sizes and the terminals they fit.
@Suite struct SnakeGoldenTests {
    static let directory = Golden.directory(besides: #filePath)

    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let board: String
        let size: Size
        let wrap: Bool
        let play: @Sendable (TestDriver, SnakeViewModel) -> Void
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "start-80x24", board: "medium", size: Size(width: 80, height: 24), wrap: false) { _, _ in },
        Case(name: "turned-80x24", board: "medium", size: Size(width: 80, height: 24), wrap: false) { driver, model in
            driver.press(.right)
            driver.advance(by: model.interval * 3)
            driver.press(.up)
            driver.advance(by: model.interval * 2)
        },
        Case(name: "paused-80x24", board: "medium", size: Size(width: 80, height: 24), wrap: true) { driver, model in
            driver.press(.right)
            driver.advance(by: model.interval * 2)
            driver.press(.character("p"))
        },
        Case(name: "over-80x24", board: "medium", size: Size(width: 80, height: 24), wrap: false) { driver, model in
            driver.press(.down)
            driver.advance(by: model.interval * 20)
        },
        Case(name: "small-40x12", board: "small", size: Size(width: 40, height: 12), wrap: false) { driver, model in
            driver.press(.right)
            driver.advance(by: model.interval * 2)
        },
        Case(name: "small-over-40x12", board: "small", size: Size(width: 40, height: 12), wrap: false) { driver, model in
            driver.press(.right)
            driver.advance(by: model.interval * 20)
        },
        Case(name: "small-scaled-80x24", board: "small", size: Size(width: 80, height: 24), wrap: false) { driver, model in
            driver.press(.right)
            driver.advance(by: model.interval)
        },
        Case(name: "large-one-column-cells-42x24", board: "large", size: Size(width: 42, height: 24), wrap: false) { driver, model in
            driver.press(.right)
            driver.advance(by: model.interval)
        },
    ]

    @Test(arguments: cases)
    func frame(_ test: Case) throws {
        let driver = try TestDriver(games: [GameEntry(SnakeGame.self)], play: "snake",
                                    preferences: ["board": .choice(test.board), "wrap": .toggle(test.wrap)],
                                    seed: 3, size: test.size)
        test.play(driver, try #require(driver.model(SnakeViewModel.self)))
        let difference = Golden.compare(driver.text, name: "snake-" + test.name, directory: Self.directory)
        #expect(difference == nil, "\(difference ?? "")")
    }
}
