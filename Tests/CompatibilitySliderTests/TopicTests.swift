@testable import CompatibilitySlider
import GameHost
import Testing

@Suite struct TopicTests {
    @Test func fifteenDifferentBuiltInTopics() {
        #expect(Topics.builtIn.count == 15)
        #expect(Set(Topics.builtIn).count == 15)
    }

    @Test(arguments: TopicCount.allCases)
    func roundsNeverRepeatATopicAndKeepTheirCount(_ count: TopicCount) {
        var seen = Set<Int>()
        for seed in UInt64(0)..<300 {
            var random = SeededGenerator(seed: seed)
            let game = CompatibilityGame(topicCount: count, using: &random)
            #expect(Set(game.topics).count == game.topics.count, "seed \(seed) repeats a topic")
            #expect(game.topics.allSatisfy(Topics.builtIn.contains))
            switch count {
            case .random: #expect((2...5).contains(game.topics.count), "seed \(seed)")
            case .fixed(let wanted): #expect(game.topics.count == wanted, "seed \(seed)")
            }
            seen.insert(game.topics.count)
        }
        if count == .random { #expect(seen == [2, 3, 4, 5], "random should reach every count from 2 to 5") }
    }

    @Test func allFifteenComeOutInManyOrders() {
        var orders = Set<[String]>()
        for seed in UInt64(0)..<50 {
            var random = SeededGenerator(seed: seed)
            let topics = Topics.pick(15, using: &random)
            #expect(Set(topics) == Set(Topics.builtIn))
            orders.insert(topics)
        }
        #expect(orders.count > 40)
    }

    @Test func pickingMoreThanTheListHoldsGivesTheWholeList() {
        var random = SeededGenerator(seed: 3)
        #expect(Topics.pick(20, from: ["a", "b"], using: &random).sorted() == ["a", "b"])
        #expect(Topics.pick(-1, using: &random).isEmpty)
    }

    @Test func topicCountKeysAreRandomAndTwoToFifteen() {
        #expect(TopicCount.allCases.map(\.rawValue) == ["random"] + (2...15).map(String.init))
        for count in TopicCount.allCases { #expect(TopicCount(rawValue: count.rawValue) == count) }
        for bad in ["1", "16", "0", "02", "Random", "", " 3", "three"] {
            #expect(TopicCount(rawValue: bad) == nil, "\(bad) should be refused")
        }
        #expect(TopicCount.random.label == "Random (2–5)")
        #expect(TopicCount.fixed(7).label == "7")
    }
}
