@testable import ArithmeticQuiz
import Foundation
import GameHost
import GameHostTesting
import Testing

/// Audit N8: r in the middle of a round threw it away at once, saying nothing. Now it says
/// so, and u brings the round back until the next key (the one rule for what loses progress).
@Suite struct QuizUndoTests {
    @Test func resetMidRoundSaysSoAndUBringsItBack() throws {
        let driver = try QuizViewModelTests.driver()
        let quiz = try QuizViewModelTests.reach(.answered, driver)
        let before = driver.stateJSON
        driver.press(.character("r"))
        #expect(quiz.phase == .initial && quiz.canUndo)
        #expect(driver.session.notices == [QuizViewModel.resetNotice])
        #expect(quiz.roundInPlay == false)
        driver.press(.character("u"))
        #expect(driver.stateJSON == before && quiz.phase == .answered && quiz.roundInPlay == true)
        #expect(!quiz.canUndo)
    }

    @Test func theUndoLastsUntilTheNextKeyTheQuizTakes() throws {
        let driver = try QuizViewModelTests.driver()
        let quiz = try QuizViewModelTests.reach(.answered, driver)
        driver.press(.character("r"), .enter)
        #expect(quiz.phase == .asking && quiz.round.answeredCount == 0, "a new round started")
        driver.press(.character("u"))
        #expect(quiz.phase == .asking && quiz.round.answeredCount == 0, "the new round stays")
        #expect(driver.refusal == "u (undo) does nothing now.", "\(driver.refusal ?? "")")
    }

    /// Reset is always offered (the seed's rule), so before a round it says why it does
    /// nothing rather than look as if it did something (`check --strict`, audit M6).
    @Test func resetBeforeARoundLosesNothingAndSaysWhy() throws {
        let driver = try QuizViewModelTests.driver()
        let quiz = try QuizViewModelTests.reach(.initial, driver)
        driver.press(.character("r"))
        #expect(driver.session.notices == [QuizViewModel.nothingToResetNotice] && !quiz.canUndo)
    }

    /// Enter answers the answer the arrows picked: with none picked it is shown unavailable,
    /// with why, and answers nothing.
    @Test func enterWithNothingPickedIsShownUnavailable() throws {
        let driver = try QuizViewModelTests.driver()
        let quiz = try QuizViewModelTests.reach(.initial, driver)
        driver.press(.enter)
        let choose = driver.session.topScreen?.bindings().first { $0.keys.contains(.enter) }
        #expect(choose?.label == "choose" && choose?.isEnabled == false)
        driver.press(.enter)
        #expect(quiz.problem?.status == .unanswered && driver.refusal?.hasPrefix("No answer picked yet") == true,
                "\(driver.refusal ?? "")")
        driver.press(.right)
        #expect(driver.session.topScreen?.bindings().first { $0.keys.contains(.enter) }?.isEnabled == true)
    }
}

/// Audit #22: at 36×12 the seven marks of a 7-question round were cut beside the score.
@Suite struct QuizNarrowProgressTests {
    @Test func sevenMarksFitBesideTheScoreAt36Columns() throws {
        let driver = try TestDriver(games: [GameEntry(ArithmeticQuizGame.self)], play: "arithmetic-quiz",
                                    preferences: ["questions": .integer(7)], size: Size(width: 36, height: 12))
        driver.press(.enter)
        let row = try #require(driver.lines.first { $0.contains("correct") })
        #expect(row.components(separatedBy: "--").count - 1 == 7 && !row.contains("…"), "\(row)")
    }
}
