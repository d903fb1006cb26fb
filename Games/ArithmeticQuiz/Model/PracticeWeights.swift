#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Operands the player got wrong, and how much more often they should come back.
///
/// After BSD arithmetic(6): a wrong answer adds a penalty to both operands, a right answer
/// forgives one step, so troublesome numbers return more often until they are mastered.
struct PracticeWeights: Codable, Equatable, Sendable {
    static let penalty = 3
    static let maximum = 12

    /// Penalties by operation, then by operand.
    private(set) var penalties: [String: [Int: Int]] = [:]

    func penalty(_ operand: Int, for operation: MathProblem.Operation) -> Int {
        penalties[operation.rawValue]?[operand] ?? 0
    }

    mutating func recordWrong(_ problem: MathProblem) {
        for operand in Set([problem.left, problem.right]) {
            let old = penalty(operand, for: problem.operation)
            penalties[problem.operation.rawValue, default: [:]][operand] = min(Self.maximum, old + Self.penalty)
        }
    }

    mutating func recordRight(_ problem: MathProblem) {
        for operand in Set([problem.left, problem.right]) {
            let old = penalty(operand, for: problem.operation)
            penalties[problem.operation.rawValue, default: [:]][operand] = old > 1 ? old - 1 : nil
        }
        if penalties[problem.operation.rawValue]?.isEmpty == true { penalties[problem.operation.rawValue] = nil }
    }

    /// An operand from the range, each weighted 1 + its penalty.
    func draw(from range: ClosedRange<Int>, for operation: MathProblem.Operation,
              using random: inout some RandomNumberGenerator) -> Int {
        let weighted = penalties[operation.rawValue]?.filter { range.contains($0.key) } ?? [:]
        let extra = weighted.values.reduce(0, +)
        var pick = Int.random(in: 0..<(range.count + extra), using: &random)
        if pick < range.count { return range.lowerBound + pick }
        pick -= range.count
        for (operand, weight) in weighted.sorted(by: { $0.key < $1.key }) {
            if pick < weight { return operand }
            pick -= weight
        }
        return range.lowerBound
    }
}

extension PracticeWeights {
    private enum CodingKeys: String, CodingKey { case penalties }

    /// Only penalties the quiz could have written are read: `draw` gives each operand
    /// 1 + its penalty chances, so a negative or huge one from a damaged file would trap
    /// there (an empty or overflowing range) or make one operand come up forever.
    init(from decoder: Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        penalties = try values.decode([String: [Int: Int]].self, forKey: .penalties)
        if let bad = penalties.values.flatMap(\.values).first(where: { !(1...Self.maximum).contains($0) }) {
            throw DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.penalties],
                                                    debugDescription: "a penalty of \(bad) is not from 1 to \(Self.maximum)"))
        }
    }
}
