@testable import ArithmeticQuiz
import GameHost
import GameHostTesting
import Testing

/// Every intent in every state, through the host as a player would reach them.
@Suite struct QuizViewModelTests {
    typealias Phase = QuizViewModel.Phase

    static func driver(questions: Int = 3, seed: UInt64 = 4, practice: Bool = false) throws -> TestDriver {
        try TestDriver(games: [GameEntry(ArithmeticQuizGame.self)], play: "arithmetic-quiz",
                       preferences: ["questions": .integer(questions), "practice": .toggle(practice)], seed: seed)
    }

    static func quiz(_ driver: TestDriver) throws -> QuizViewModel {
        try #require(driver.model(QuizViewModel.self))
    }

    /// Brings a fresh quiz to a phase: initial, asking, answered (right) or finished.
    static func reach(_ phase: Phase, _ driver: TestDriver) throws -> QuizViewModel {
        typealias Intent = QuizViewModel.Intent
        let quiz = try Self.quiz(driver)
        if phase == .initial { return quiz }
        driver.send(Intent.advance)
        if phase == .asking { return quiz }
        if phase == .answered {
            driver.send(Intent.answer(quiz.round.current!.correctIndex))
            return quiz
        }
        while quiz.phase != .finished {
            driver.send(quiz.phase == .asking ? Intent.answer(quiz.round.current!.correctIndex) : Intent.advance)
        }
        return quiz
    }

    @Test func initialStateShowsNoProblem() throws {
        let quiz = try Self.quiz(try Self.driver())
        #expect(quiz.phase == .initial)
        #expect(quiz.problem == nil)
        #expect(quiz.advanceTitle == "Start")
        #expect(quiz.canAdvance && !quiz.canAnswer && quiz.canOpenPreferences)
        #expect(quiz.statusRow == ["--", "--", "--"])
    }

    @Test func startAsksTheFirstProblemInRange() throws {
        let quiz = try Self.reach(.asking, try Self.driver())
        #expect(quiz.phase == .asking)
        let problem = try #require(quiz.problem)
        #expect(quiz.operandRange == 7...15)
        #expect(quiz.operandRange.contains(problem.left) && quiz.operandRange.contains(problem.right))
        #expect(quiz.advanceTitle == "Next" && !quiz.canAdvance, "Next is disabled until answered")
        #expect(!quiz.canOpenPreferences)
    }

    @Test(arguments: [true, false])
    func answeringMarksTheProblem(_ right: Bool) throws {
        let quiz = try Self.reach(.asking, try Self.driver())
        let problem = try #require(quiz.problem)
        quiz.send(.answer(right ? problem.correctIndex : (problem.correctIndex + 1) % 4))
        #expect(quiz.phase == .answered)
        #expect(quiz.problem?.status == (right ? .correct : .incorrect))
        #expect(quiz.statusRow == [right ? "✓" : "✗", "--", "--"])
        #expect(quiz.scoreLine == "\(right ? 1 : 0) of 1 correct")
        #expect(quiz.canAdvance && !quiz.canAnswer)
    }

    @Test func nextAsksAnotherProblem() throws {
        let quiz = try Self.reach(.answered, try Self.driver())
        quiz.send(.advance)
        #expect(quiz.phase == .asking)
        #expect(quiz.questionNumber == 2)
    }

    @Test func theLastAnswerFinishesTheRoundAndReportsIt() throws {
        let driver = try Self.driver()
        let quiz = try Self.reach(.finished, driver)
        #expect(quiz.advanceTitle == "Play again")
        #expect(quiz.statusRow == ["✓", "✓", "✓"])
        #expect(quiz.duration != nil)
        let rounds = ScoreBook(store: DataStore(directory: driver.dataDirectory) { _ in }).rounds(game: "arithmetic-quiz")
        #expect(rounds.count == 1)
        // The row in Scores says what the round was played on (audit #11).
        #expect(rounds.first?.score == 3 && rounds.first?.maximum == 3
                && rounds.first?.summary == "3 of 3 correct · Medium ×")
        quiz.send(.advance)
        #expect(quiz.phase == .asking && quiz.questionNumber == 1, "Play again starts over")
        #expect(quiz.statusRow == ["--", "--", "--"])
    }

    /// The round's end says the score once, under the problem, and its time (audit N26).
    @Test func theEndSaysTheScoreOnce() throws {
        let driver = try Self.driver()
        _ = try Self.reach(.finished, driver)
        #expect(driver.text.components(separatedBy: "of 3 correct").count == 2, "\(driver.text)")
        #expect(driver.text.contains("Round complete") && driver.text.contains("Finished in "))
    }

    /// Practice mode shows on the quiz, before and during a round (audit #26), and in Scores.
    @Test func practiceModeIsShown() throws {
        let driver = try Self.driver(practice: true)
        #expect(driver.text.contains("Medium · Multiplication · Practice · 3 questions"))
        let quiz = try Self.reach(.asking, driver)
        #expect(driver.text.contains("Question 1 of 3 · Medium · Multiplication · Practice"))
        #expect(quiz.settingsText.hasSuffix("· Practice"))
        let plain = try Self.driver(practice: false)
        #expect(!plain.text.contains("Practice"))
    }

    @Test func aPracticeRoundSaysSoInScores() throws {
        let driver = try Self.driver(practice: true)
        _ = try Self.reach(.finished, driver)
        let rounds = ScoreBook(store: DataStore(directory: driver.dataDirectory) { _ in }).rounds(game: "arithmetic-quiz")
        #expect(rounds.last?.summary == "3 of 3 correct · Medium × · practice")
    }

    @Test(arguments: [Phase.initial, .asking, .answered, .finished])
    func resetAlwaysReturnsToTheInitialState(_ phase: Phase) throws {
        let quiz = try Self.reach(phase, try Self.driver())
        quiz.send(.reset)
        #expect(quiz.phase == .initial && quiz.problem == nil && quiz.round.problems.isEmpty)
    }

    @Test(arguments: [Phase.initial, .answered, .finished])
    func answersAreIgnoredUnlessAsking(_ phase: Phase) throws {
        let quiz = try Self.reach(phase, try Self.driver())
        let before = (quiz.round, quiz.selected)
        quiz.send(.answer(0))
        quiz.send(.moveSelection(1))
        #expect(quiz.round == before.0 && quiz.phase == phase && quiz.selected == before.1)
    }

    @Test func arrowsMoveTheSelectionWhileAsking() throws {
        let quiz = try Self.reach(.asking, try Self.driver())
        #expect(quiz.selected == nil, "a new question has no answer picked")
        quiz.send(.moveSelection(1))
        quiz.send(.moveSelection(1))
        #expect(quiz.selected == 1)
        quiz.send(.moveSelection(-3))
        #expect(quiz.selected == 2, "wraps around")
    }

    /// Enter, Enter: the second Enter (after Next) must not answer a choice nobody picked.
    @Test func noKeyAnswersForThePlayer() throws {
        let driver = try Self.driver()
        driver.press(.enter, .digit(2), .enter)
        let quiz = try Self.quiz(driver)
        #expect(quiz.phase == .asking && quiz.questionNumber == 2)
        driver.press(.enter)
        #expect(quiz.phase == .asking && quiz.problem?.status == .unanswered, "Enter answered nothing")
        #expect(driver.text.contains("No answer picked yet: ←/→ pick one, or press 1–4."))
        driver.press(.left, .enter)
        #expect(quiz.problem?.chosenIndex == 3, "← picks the last answer, Enter answers it")
    }

    @Test func refusedKeysSayWhy() throws {
        let driver = try Self.driver()
        driver.press(.digit(1))
        #expect(driver.text.contains("No question yet: Enter starts the round."))
        driver.press(.enter, .character("p"))
        #expect(driver.text.contains("Preferences open before a round starts: r ends this one."))
        driver.press(.digit(1), .digit(2))
        #expect(driver.text.contains("This question is answered: Enter goes on."))
    }

    @Test func advanceIsIgnoredWhileAsking() throws {
        let quiz = try Self.reach(.asking, try Self.driver())
        let before = quiz.round
        quiz.send(.advance)
        #expect(quiz.round == before && quiz.phase == .asking)
    }

    @Test(arguments: [Phase.asking, .answered, .finished])
    func preferencesOpenOnlyInTheInitialState(_ phase: Phase) throws {
        let driver = try Self.driver()
        _ = try Self.reach(phase, driver)
        driver.press(.character("p"))
        #expect(driver.screenID == "arithmetic-quiz.quiz")
    }

    @Test func preferencesFromTheGameApplyWhenTheyClose() throws {
        let driver = try Self.driver(questions: 3)
        driver.press(.character("p"))
        #expect(driver.screenID == "host.preferences")
        // Rows: Done, difficulty, operation, questions, practice, reset.
        driver.press(.down, .down, .down, .right, .right)
        driver.press(.escape)
        let quiz = try Self.quiz(driver)
        #expect(quiz.preferences.questions == 5)
        #expect(quiz.statusRow.count == 5)
    }

    @Test func keysReachTheIntents() throws {
        let driver = try Self.driver()
        driver.press(.enter)
        let quiz = try Self.quiz(driver)
        #expect(quiz.phase == .asking)
        driver.press(.right, .right, .right)
        #expect(quiz.selected == 2)
        driver.press(.enter)
        #expect(quiz.phase == .answered && quiz.problem?.chosenIndex == 2)
        driver.press(.space)
        #expect(quiz.phase == .asking)
        driver.press(.digit(4))
        #expect(quiz.problem?.chosenIndex == 3)
        driver.press(.character("r"))
        #expect(quiz.phase == .initial)
    }

    /// Disabled keys change nothing but the line that says why.
    @Test func disabledKeysChangeNothing() throws {
        let driver = try Self.driver()
        let initial = driver.stateJSON
        driver.press(.digit(1), .left, .right)
        #expect(driver.stateJSON == initial)
        driver.press(.enter)
        let asking = driver.stateJSON
        driver.press(.character("p"))
        #expect(driver.stateJSON == asking)
        #expect(driver.screenID == "arithmetic-quiz.quiz")
    }

    @Test func practiceWeightsPersistAcrossRuns() throws {
        let driver = try Self.driver(practice: true)
        let quiz = try Self.reach(.asking, driver)
        let problem = try #require(quiz.problem)
        quiz.send(.answer((problem.correctIndex + 1) % 4))
        let store = DataStore(directory: driver.dataDirectory + "/arithmetic-quiz") { _ in }
        let saved = try #require(store.load(PracticeWeights.self, from: QuizConstants.practiceFile,
                                            format: QuizConstants.practiceFormat))
        #expect(saved.penalty(problem.left, for: .multiplication) > 0)
        let again = try TestDriver(games: [GameEntry(ArithmeticQuizGame.self)], play: "arithmetic-quiz",
                                   preferences: ["practice": .toggle(true)], dataDirectory: driver.dataDirectory)
        _ = again
    }

    @Test func theSameSeedAsksTheSameProblems() throws {
        let first = try Self.reach(.finished, try Self.driver(seed: 77))
        let second = try Self.reach(.finished, try Self.driver(seed: 77))
        #expect(first.round == second.round)
        let other = try Self.reach(.finished, try Self.driver(seed: 78))
        #expect(first.round != other.round)
    }
}
