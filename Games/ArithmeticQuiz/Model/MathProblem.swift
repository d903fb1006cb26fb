#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One arithmetic problem with its answer choices. It knows nothing of difficulty: the
/// operands, the operation and how many choices to offer are handed to it.
public struct MathProblem: Codable, Equatable, Sendable {
    public enum Operation: String, Codable, CaseIterable, Sendable {
        case addition, multiplication

        func apply(_ left: Int, _ right: Int) -> Int {
            self == .addition ? left + right : left * right
        }
    }

    enum Status: String, Codable, Sendable { case unanswered, correct, incorrect }

    let left: Int
    let right: Int
    let operation: Operation
    /// The answers offered; exactly one is correct.
    let choices: [Int]
    let correctIndex: Int
    private(set) var chosenIndex: Int?

    var answer: Int { operation.apply(left, right) }

    var status: Status {
        guard let chosenIndex else { return .unanswered }
        return chosenIndex == correctIndex ? .correct : .incorrect
    }

    /// A problem with both operands drawn uniformly from `operands`.
    init(operands: ClosedRange<Int>, operation: Operation, choiceCount: Int, spread: Int,
         using random: inout some RandomNumberGenerator) {
        self.init(left: Int.random(in: operands, using: &random), right: Int.random(in: operands, using: &random),
                  operation: operation, choiceCount: choiceCount, spread: spread, using: &random)
    }

    /// A problem with given operands; the wrong choices are distinct, never negative and
    /// within `spread` of the answer, and the right one sits at a random place.
    init(left: Int, right: Int, operation: Operation, choiceCount: Int, spread: Int,
         using random: inout some RandomNumberGenerator) {
        self.left = left
        self.right = right
        self.operation = operation
        let answer = operation.apply(left, right)
        let nearby = (max(0, answer - spread)...(answer + spread)).filter { $0 != answer }
        let wrong = nearby.shuffled(using: &random).prefix(max(0, choiceCount - 1))
        correctIndex = Int.random(in: 0...wrong.count, using: &random)
        var choices = Array(wrong)
        choices.insert(answer, at: correctIndex)
        self.choices = choices
    }

    /// Records the player's choice; a problem is answered once.
    mutating func choose(_ index: Int) {
        guard chosenIndex == nil, choices.indices.contains(index) else { return }
        chosenIndex = index
    }
}
