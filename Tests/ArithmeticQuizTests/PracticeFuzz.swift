@testable import ArithmeticQuiz
import Foundation
import GameHost
import GameHostTesting

/// Fuzz check (Fuzz/Targets/practice.swift): the bytes as the quiz's practice.json.
///
/// Weights the quiz accepts must be weights the quiz could have written (each penalty from
/// 1 to the maximum), draw operands inside every range the quiz asks for, keep so while the
/// player answers, read back the same after saving, and give a quiz whose frames fit.
enum PracticeFuzz {
    static func problems(_ bytes: [UInt8]) -> [String] {
        let store = DataStore(directory: "/nonexistent", report: { _ in })
        guard let weights = try? store.decode(PracticeWeights.self, from: Data(bytes),
                                              format: QuizConstants.practiceFormat) else { return [] }
        var failures = weightProblems(weights, context: "decoded")
        let encoded = try? JSONEncoder().encode(weights)
        if encoded.flatMap({ try? JSONDecoder().decode(PracticeWeights.self, from: $0) }) != weights {
            failures.append("the weights do not read back the same after encoding")
        }

        var random = SeededGenerator(seed: UInt64(bytes.count))
        var answered = weights
        for operation in MathProblem.Operation.allCases {
            for difficulty in QuizPreferences.Difficulty.allCases {
                let range = QuizConstants.operands(difficulty, operation)
                for _ in 0..<8 {
                    let left = answered.draw(from: range, for: operation, using: &random)
                    let right = answered.draw(from: range, for: operation, using: &random)
                    guard range.contains(left), range.contains(right) else {
                        failures.append("drew \(left) and \(right) for \(difficulty) \(operation), outside \(range)")
                        break
                    }
                    let problem = MathProblem(left: left, right: right, operation: operation, choiceCount: 4,
                                              spread: QuizConstants.spread, using: &random)
                    if Bool.random(using: &random) { answered.recordWrong(problem) } else { answered.recordRight(problem) }
                }
            }
        }
        failures += weightProblems(answered, context: "after answering")
        failures += Fuzzing.withDirectory(holding: bytes, as: "arithmetic-quiz/" + QuizConstants.practiceFile,
                                          renderProblems)
        return failures
    }

    static func weightProblems(_ weights: PracticeWeights, context: String) -> [String] {
        weights.penalties.flatMap { operation, penalties in
            penalties.compactMap { operand, penalty in
                (1...PracticeWeights.maximum).contains(penalty)
                    ? nil : "\(context): \(operation) operand \(operand) has the penalty \(penalty)"
            }
        }
    }

    /// A practice round started on the file, drawn at every size.
    static func renderProblems(directory: String) -> [String] {
        guard let driver = try? TestDriver(games: [GameEntry(ArithmeticQuizGame.self)], play: "arithmetic-quiz",
                                           preferences: ["practice": .toggle(true)], dataDirectory: directory)
        else { return ["the quiz did not start"] }
        driver.press(.enter)
        var failures = driver.session.noticeLog.map { "a file the quiz accepts was reported: \($0)" }
        for size in ConformanceSuite.sizes {
            driver.size = size
            failures += Fuzzing.frameProblems(driver.frame, size: size, context: "practice round at \(size)")
        }
        return failures
    }
}
