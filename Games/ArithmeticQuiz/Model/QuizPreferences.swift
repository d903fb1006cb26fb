#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The quiz's settings, as the preferences form edits them.
public struct QuizPreferences: Equatable, Sendable {
    public enum Difficulty: String, CaseIterable, Sendable { case easy, medium, hard }

    public var difficulty: Difficulty
    public var operation: MathProblem.Operation
    public var questions: Int
    public var practice: Bool

    public init(difficulty: Difficulty = .medium, operation: MathProblem.Operation = .multiplication,
                questions: Int = 5, practice: Bool = false) {
        self.difficulty = difficulty
        self.operation = operation
        self.questions = questions
        self.practice = practice
    }
}
