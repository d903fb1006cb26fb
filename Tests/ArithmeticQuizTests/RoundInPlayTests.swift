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

    /// ←/→ on Ready? are no round, after a kill too (audit N6).
    @Test(arguments: ResumeCheck.Stop.allCases)
    func keysBeforeStartLeaveNothingToResume(_ stop: ResumeCheck.Stop) throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try ResumeCheck.run([GameEntry(ArithmeticQuizGame.self)], game: "arithmetic-quiz",
                                          keys: [.character("x"), .down, .character("3"), .right, .left], stop: stop,
                                          dataDirectory: directory)
        #expect(outcome.offered == "arithmetic-quiz.quiz")
        #expect(stop == .killedMidWrite
            || !FileManager.default.fileExists(atPath: directory + "/arithmetic-quiz/journal.jsonl"))
    }
}
