#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The problems of one round and how each went.
///
/// The status symbols are handed in by whoever starts the round: the round only gives
/// them back, one per question, and never decides what they look like.
struct QuizRound: Codable, Equatable, Sendable {
    struct Symbols: Codable, Equatable, Sendable {
        let unanswered: String
        let correct: String
        let incorrect: String
    }

    let questionCount: Int
    let symbols: Symbols
    private(set) var problems: [MathProblem] = []

    init(questionCount: Int, symbols: Symbols) {
        self.questionCount = questionCount
        self.symbols = symbols
    }

    var current: MathProblem? { problems.last }
    var correctCount: Int { problems.filter { $0.status == .correct }.count }
    var answeredCount: Int { problems.filter { $0.status != .unanswered }.count }
    var isComplete: Bool { answeredCount == questionCount }

    /// One symbol per question of the round, asked or not.
    var statusRow: [String] {
        (0..<questionCount).map { index in
            guard index < problems.count else { return symbols.unanswered }
            switch problems[index].status {
            case .unanswered: return symbols.unanswered
            case .correct: return symbols.correct
            case .incorrect: return symbols.incorrect
            }
        }
    }

    mutating func ask(_ problem: MathProblem) {
        guard problems.count < questionCount, current?.status != .unanswered else { return }
        problems.append(problem)
    }

    mutating func answerCurrent(_ index: Int) {
        guard !problems.isEmpty else { return }
        problems[problems.count - 1].choose(index)
    }
}
