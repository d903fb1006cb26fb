@testable import ArithmeticQuiz
import GameHost
import GameHostTesting
import Testing

/// The quiz played with the mouse alone: Start, the answers, Next, Play again.
@Suite struct QuizMouseTests {
    @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
    func aWholeRoundByClicks(size: Size) throws {
        let driver = try TestDriver(games: [GameEntry(ArithmeticQuizGame.self)], play: "arithmetic-quiz",
                                    preferences: ["questions": .integer(2)], seed: 4, size: size)
        let quiz = try #require(driver.model(QuizViewModel.self))
        #expect(driver.click("Start"))
        #expect(quiz.phase == .asking)
        let problem = try #require(quiz.problem)
        // The right answer's button, by its label "N  value" (or "N value" when narrow).
        let correct = problem.correctIndex
        let label = try #require(driver.find("\(correct + 1)" + (size.width >= 60 ? "  " : " ")
                                             + "\(problem.choices[correct])"))
        driver.click(column: label.column, row: label.row)
        #expect(quiz.phase == .answered && quiz.round.correctCount == 1)
        // Answered: a click on another answer changes nothing.
        let state = driver.stateJSON
        driver.click(column: label.column, row: label.row)
        #expect(driver.stateJSON == state)
        #expect(driver.click("Next"))
        #expect(quiz.phase == .asking)
        let wrong = (try #require(quiz.problem).correctIndex + 1) % 4
        #expect(driver.click(intent: QuizViewModel.Intent.answer(wrong)))
        #expect(quiz.round.correctCount == 1 && quiz.round.answeredCount == 2 && quiz.phase == .answered)
        for _ in 0..<40 where quiz.phase != .finished {
            driver.click(intent: quiz.phase == .asking ? QuizViewModel.Intent.answer(0) : .advance)
        }
        #expect(quiz.phase == .finished)
        #expect(driver.click("Play again"))
        #expect(quiz.phase == .asking)
    }

    @Test func preferencesAndResetButtons() throws {
        let driver = try TestDriver(games: [GameEntry(ArithmeticQuizGame.self)], play: "arithmetic-quiz")
        #expect(driver.click("Preferences"))
        #expect(driver.screenID == "host.preferences")
        driver.press(.escape)
        #expect(driver.click("Reset"))
        #expect(driver.screenID == "arithmetic-quiz.quiz")
    }
}
