import ArithmeticQuiz
import GameHost
import GameHostTesting
import Testing

/// What the player sees in each state, at the standard sizes.
@Suite struct QuizGoldenTests {
    static let directory = Golden.directory(besides: #filePath)

    /// Keys from a fresh quiz (seed 21, 3 questions) to each state worth a picture.
    static let states: [(name: String, keys: [Key])] = [
        ("initial", []),
        ("asking", [.enter, .right]),
        ("answered-right", [.enter, .digit(3)]),
        ("answered-wrong", [.enter, .digit(1)]),
        ("finished", [.enter, .digit(2), .enter, .digit(3), .enter, .digit(1)]),
        ("preferences", [.character("p")]),
        ("help", [.character("?")]),
    ]

    @Test(arguments: states.map(\.name))
    func frame(_ state: String) throws {
        let driver = try TestDriver(games: [GameEntry(ArithmeticQuizGame.self)], play: "arithmetic-quiz",
                                    preferences: ["questions": .integer(3)], seed: 21)
        driver.press(Self.states.first { $0.name == state }!.keys)
        let difference = Golden.check(driver, "quiz-\(state)", directory: Self.directory)
        #expect(difference == nil, "\(difference ?? "")")
    }
}
