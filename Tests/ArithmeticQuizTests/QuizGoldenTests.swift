import ArithmeticQuiz
import GameHost
import GameHostTesting
import Testing

/// What the player sees in each state, at 80×24 and 40×12.
@Suite struct QuizGoldenTests {
    static let sizes = [Size(width: 80, height: 24), Size(width: 40, height: 12)]
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

    @Test(arguments: states.map(\.name), sizes)
    func frame(_ state: String, _ size: Size) throws {
        let driver = try TestDriver(games: [GameEntry(ArithmeticQuizGame.self)], play: "arithmetic-quiz",
                                    preferences: ["questions": .integer(3)], seed: 21, size: size)
        driver.press(Self.states.first { $0.name == state }!.keys)
        let name = "quiz-\(state)-\(size.width)x\(size.height)"
        let difference = Golden.compare(driver.text, name: name, directory: Self.directory)
        #expect(difference == nil, "\(difference ?? "")")
    }
}
