#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One round: the topics drawn for it and what each player thinks of them.
///
/// It knows nothing of turns: whoever drives it says who rates which topic. Its
/// randomness comes from outside, so a seed replays the same round.
struct CompatibilityGame: Codable, Equatable, Sendable {
    let topicCount: TopicCount
    private(set) var topics: [String] = []
    /// Per player, one rating per topic; nil until that topic is rated.
    private(set) var ratings: [[Rating?]] = []

    init(topicCount: TopicCount, using random: inout some RandomNumberGenerator) {
        self.topicCount = topicCount
        reset(using: &random)
    }

    /// Back to the initial state: new topics, nobody has rated anything.
    mutating func reset(using random: inout some RandomNumberGenerator) {
        topics = Topics.pick(topicCount.count(using: &random), using: &random)
        ratings = Player.allCases.map { _ in Array(repeating: nil, count: topics.count) }
    }

    /// Records (or changes) a player's rating of a topic; an unknown topic is ignored.
    mutating func record(_ rating: Rating, by player: Player, topic: Int) {
        guard topics.indices.contains(topic) else { return }
        ratings[player.rawValue - 1][topic] = rating
    }

    func rating(of player: Player, topic: Int) -> Rating? {
        topics.indices.contains(topic) ? ratings[player.rawValue - 1][topic] : nil
    }

    /// A player's ratings, in topic order, once every topic is rated.
    func ratings(of player: Player) -> [Rating]? {
        let all = ratings[player.rawValue - 1].compactMap { $0 }
        return all.count == topics.count ? all : nil
    }

    func hasRatedAll(_ player: Player) -> Bool { ratings(of: player) != nil }

    /// The compatibility in percent, once both players have rated every topic.
    var compatibility: Int? {
        guard let first = ratings(of: .first), let second = ratings(of: .second) else { return nil }
        return Compatibility.percentage(first, second)
    }

    /// The same percentage over the first `count` topics, once both players have rated them
    /// (a room shows it after each topic); nil otherwise.
    func compatibility(ofFirst count: Int) -> Int? {
        guard count > 0, count <= topics.count else { return nil }
        let first = ratings[Player.first.seatIndex].prefix(count).compactMap { $0 }
        let second = ratings[Player.second.seatIndex].prefix(count).compactMap { $0 }
        guard first.count == count, second.count == count else { return nil }
        return Compatibility.percentage(first, second)
    }

    /// The same percentage for one topic alone, once both players have rated it.
    func compatibility(ofTopic topic: Int) -> Int? {
        guard let first = rating(of: .first, topic: topic), let second = rating(of: .second, topic: topic) else {
            return nil
        }
        return Compatibility.percentage([first], [second])
    }
}
