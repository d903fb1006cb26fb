#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The built-in topics and how a round's topics are drawn from them.
enum Topics {
    static let builtIn = [
        "Pineapple on pizza", "Camping", "Horror movies", "Cats", "Early mornings",
        "Karaoke", "Spicy food", "Board games", "Road trips", "Jazz",
        "Cold showers", "Museums", "Reality TV", "Sushi", "Rainy days",
    ]

    /// `count` different topics in random order (clamped to what the list holds).
    static func pick(_ count: Int, from topics: [String] = builtIn,
                     using random: inout some RandomNumberGenerator) -> [String] {
        var free = topics
        var chosen: [String] = []
        for _ in 0..<max(0, min(count, topics.count)) {
            // Removing what was chosen is what keeps a topic from coming twice.
            chosen.append(free.remove(at: Int.random(in: free.indices, using: &random)))
        }
        return chosen
    }
}
