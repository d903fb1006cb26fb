/// The quiz's numbers, in one place.
enum QuizConstants {
    static let choiceCount = 4
    /// Wrong choices lie within this distance of the answer.
    static let spread = 5
    static let questions = 3...7

    /// Operand ranges by difficulty and operation (inclusive).
    static func operands(_ difficulty: QuizPreferences.Difficulty,
                         _ operation: MathProblem.Operation) -> ClosedRange<Int> {
        switch (difficulty, operation) {
        case (.easy, _): 5...10
        case (.medium, .addition): 7...99
        case (.medium, .multiplication): 7...15
        case (.hard, .addition): 50...999
        case (.hard, .multiplication): 12...30
        }
    }

    static let practiceFile = "practice.json"
    static let practiceFormat = 1
}
