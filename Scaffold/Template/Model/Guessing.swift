import Foundation

/// One round of guess-the-number: the rules, and nothing else. A model imports only
/// Foundation; it has no randomness of its own (it is given its secret) and shows nothing.
public struct Guessing: Equatable, Sendable, Encodable {
    public enum Verdict: String, Equatable, Sendable, Encodable {
        case tooLow, tooHigh, correct
    }

    public let highest: Int
    public let secret: Int
    public private(set) var guesses: [Int] = []

    public init(secret: Int, highest: Int) {
        self.secret = secret
        self.highest = highest
    }

    public var isWon: Bool { guesses.last == secret }

    /// Judges a guess and records it; nil, and nothing recorded, for a number outside
    /// 1...highest or once the round is won.
    public mutating func guess(_ number: Int) -> Verdict? {
        guard !isWon, (1...highest).contains(number) else { return nil }
        guesses.append(number)
        if number < secret { return .tooLow }
        if number > secret { return .tooHigh }
        return .correct
    }

    /// The score of a won round: fewer guesses score more, and a win scores at least 1.
    public var score: Int { max(1, 11 - guesses.count) }
}
