import Foundation

/// One player's opinion of one topic: a step on a five-step scale.
public enum Rating: Int, Codable, CaseIterable, Comparable, Sendable {
    case terrible = 1, bad, okay, good, great

    public static func < (lhs: Rating, rhs: Rating) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The rating `steps` along the scale, stopping at its ends.
    func moved(by steps: Int) -> Rating {
        let value = Swift.min(Rating.great.rawValue, Swift.max(Rating.terrible.rawValue, rawValue + steps))
        return Rating(rawValue: value)!
    }
}

/// The two seats at the game; player 1 always rates first.
public enum Player: Int, Codable, CaseIterable, Sendable {
    case first = 1, second = 2
}
