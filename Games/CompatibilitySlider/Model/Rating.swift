#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One player's opinion of one topic: a step on a five-step scale.
enum Rating: Int, Codable, CaseIterable, Sendable {
    case terrible = 1, bad, okay, good, great

    /// The rating `steps` along the scale, stopping at its ends.
    func moved(by steps: Int) -> Rating {
        Rating(rawValue: min(Rating.great.rawValue, max(Rating.terrible.rawValue, rawValue + steps)))!
    }
}

/// The two seats at the game; player 1 always rates first.
enum Player: Int, Codable, CaseIterable, Sendable {
    case first = 1, second = 2
}
