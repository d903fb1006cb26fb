@testable import ArithmeticQuiz
import Foundation
import GameHost
import GameHostTesting
import Testing

/// A quiz round is in play from the first question to the last answer.
@Suite struct QuizRoundInPlayTests {
    @Test(arguments: [(QuizViewModel.Phase.initial, false), (.asking, true), (.answered, true), (.finished, false)])
    func eachPhaseSaysWhetherARoundIsInPlay(_ phase: QuizViewModel.Phase, _ inPlay: Bool) throws {
        let quiz = try QuizViewModelTests.reach(phase, try QuizViewModelTests.driver())
        #expect(quiz.roundInPlay == inPlay)
    }

    @Test func keysBeforeStartLeaveNothingToResume() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try ResumeCheck.run([GameEntry(ArithmeticQuizGame.self)], game: "arithmetic-quiz",
                                          keys: [.character("x"), .down, .character("3")], stop: .controlC,
                                          dataDirectory: directory)
        #expect(outcome.offered == "arithmetic-quiz.quiz")
        #expect(!FileManager.default.fileExists(atPath: directory + "/arithmetic-quiz/journal.jsonl"))
    }
}
