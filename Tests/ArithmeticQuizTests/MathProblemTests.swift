@testable import ArithmeticQuiz
import GameHost
import Testing

/// Property tests over thousands of seeds for every difficulty × operation.
@Suite struct MathProblemTests {
    static let combinations = QuizPreferences.Difficulty.allCases.flatMap { difficulty in
        MathProblem.Operation.allCases.map { (difficulty, $0) }
    }

    @Test(arguments: combinations)
    func problemsKeepTheirPromises(_ difficulty: QuizPreferences.Difficulty, _ operation: MathProblem.Operation) {
        let range = QuizConstants.operands(difficulty, operation)
        var random = SeededGenerator(seed: 42)
        var positions = Set<Int>()
        var seenOperands = Set<Int>()
        for _ in 0..<5_000 {
            let problem = MathProblem(operands: range, operation: operation, choiceCount: 4, spread: 5, using: &random)
            #expect(range.contains(problem.left) && range.contains(problem.right))
            #expect(problem.choices.count == 4)
            #expect(Set(problem.choices).count == 4, "choices are distinct")
            #expect(problem.choices.filter { $0 == problem.answer }.count == 1, "exactly one is correct")
            #expect(problem.choices[problem.correctIndex] == problem.answer)
            for wrong in problem.choices where wrong != problem.answer {
                #expect(abs(wrong - problem.answer) <= 5 && wrong >= 0)
            }
            positions.insert(problem.correctIndex)
            seenOperands.formUnion([problem.left, problem.right])
        }
        #expect(positions == [0, 1, 2, 3], "the correct answer's position is random")
        #expect(seenOperands.min() == range.lowerBound && seenOperands.max() == range.upperBound,
                "both ends of the range are drawn")
    }

    @Test func operandRangesMatchTheTable() {
        #expect(QuizConstants.operands(.easy, .addition) == 5...10)
        #expect(QuizConstants.operands(.easy, .multiplication) == 5...10)
        #expect(QuizConstants.operands(.medium, .addition) == 7...99)
        #expect(QuizConstants.operands(.medium, .multiplication) == 7...15)
        #expect(QuizConstants.operands(.hard, .addition) == 50...999)
        #expect(QuizConstants.operands(.hard, .multiplication) == 12...30)
    }

    @Test func smallAnswersNeverGetNegativeChoices() {
        var random = SeededGenerator(seed: 1)
        for _ in 0..<1_000 {
            let problem = MathProblem(left: 0, right: 1, operation: .addition, choiceCount: 4, spread: 5, using: &random)
            #expect(problem.choices.allSatisfy { $0 >= 0 })
            #expect(Set(problem.choices).count == 4)
        }
    }

    @Test func aProblemIsAnsweredOnce() {
        var random = SeededGenerator(seed: 3)
        var problem = MathProblem(left: 6, right: 7, operation: .multiplication, choiceCount: 4, spread: 5, using: &random)
        #expect(problem.status == .unanswered)
        let wrong = (problem.correctIndex + 1) % 4
        problem.choose(wrong)
        #expect(problem.status == .incorrect)
        problem.choose(problem.correctIndex)
        #expect(problem.status == .incorrect, "a second choice is ignored")
        problem.choose(9)
        #expect(problem.chosenIndex == wrong)
    }

    @Test func roundsHandBackTheSymbolsTheyWereGiven() {
        let symbols = QuizRound.Symbols(unanswered: "?", correct: "Y", incorrect: "N")
        var round = QuizRound(questionCount: 3, symbols: symbols)
        var random = SeededGenerator(seed: 9)
        #expect(round.statusRow == ["?", "?", "?"])
        round.ask(MathProblem(left: 2, right: 3, operation: .addition, choiceCount: 4, spread: 5, using: &random))
        round.answerCurrent(round.current!.correctIndex)
        round.ask(MathProblem(left: 2, right: 3, operation: .addition, choiceCount: 4, spread: 5, using: &random))
        round.answerCurrent((round.current!.correctIndex + 1) % 4)
        #expect(round.statusRow == ["Y", "N", "?"])
        #expect(round.correctCount == 1 && round.answeredCount == 2 && !round.isComplete)
    }

    @Test func practiceWeightsFavourMissedOperandsAndForgiveThem() {
        var weights = PracticeWeights()
        var random = SeededGenerator(seed: 5)
        let missed = MathProblem(left: 7, right: 8, operation: .multiplication, choiceCount: 4, spread: 5, using: &random)
        weights.recordWrong(missed)
        weights.recordWrong(missed)
        #expect(weights.penalty(7, for: .multiplication) == 6)
        #expect(weights.penalty(7, for: .addition) == 0, "penalties are per operation")
        var sevens = 0
        for _ in 0..<10_000 where weights.draw(from: 5...10, for: .multiplication, using: &random) == 7 { sevens += 1 }
        // 7 has weight 1 + 6 against 1 for the others: 7/18 of the draws, far above 1/6.
        #expect(sevens > 3_000)
        for _ in 0..<10 { weights.recordRight(missed) }
        #expect(weights.penalty(7, for: .multiplication) == 0, "forgiven step by step")
        #expect(weights == PracticeWeights())
    }
}
