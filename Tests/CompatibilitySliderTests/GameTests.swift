@testable import CompatibilitySlider
import GameHost
import Testing

/// The model: a round's topics and ratings, and reset.
@Suite struct GameTests {
    @Test func aNewGameHasTopicsAndNoRatings() {
        var random = SeededGenerator(seed: 5)
        let game = CompatibilityGame(topicCount: .fixed(4), using: &random)
        #expect(game.topics.count == 4)
        for player in Player.allCases {
            #expect(game.ratings(of: player) == nil)
            #expect(!game.hasRatedAll(player))
            #expect((0..<4).allSatisfy { game.rating(of: player, topic: $0) == nil })
        }
        #expect(game.compatibility == nil)
    }

    @Test func recordsEachPlayerApartAndScoresWhenBothAreDone() {
        var random = SeededGenerator(seed: 5)
        var game = CompatibilityGame(topicCount: .fixed(2), using: &random)
        game.record(.great, by: .first, topic: 0)
        #expect(game.rating(of: .first, topic: 0) == .great)
        #expect(game.rating(of: .second, topic: 0) == nil)
        game.record(.bad, by: .first, topic: 1)
        #expect(game.ratings(of: .first) == [.great, .bad])
        #expect(game.compatibility == nil)
        game.record(.great, by: .second, topic: 0)
        game.record(.great, by: .second, topic: 1)
        // |5−5| + |2−5| = 3; mean 1.5 → 30 → 70%.
        #expect(game.compatibility == 70)
    }

    @Test func unknownTopicsAreIgnored() {
        var random = SeededGenerator(seed: 5)
        var game = CompatibilityGame(topicCount: .fixed(2), using: &random)
        let before = game
        game.record(.great, by: .first, topic: 2)
        game.record(.great, by: .second, topic: -1)
        #expect(game == before)
        #expect(game.rating(of: .first, topic: 9) == nil)
    }

    @Test func resetRestoresTheInitialState() {
        var random = SeededGenerator(seed: 11)
        var game = CompatibilityGame(topicCount: .random, using: &random)
        for topic in game.topics.indices {
            game.record(.terrible, by: .first, topic: topic)
            game.record(.great, by: .second, topic: topic)
        }
        #expect(game.compatibility == 20)
        var again = SeededGenerator(seed: 99)
        game.reset(using: &again)
        var fresh = SeededGenerator(seed: 99)
        #expect(game == CompatibilityGame(topicCount: .random, using: &fresh))
        #expect(game.compatibility == nil)
        #expect(Player.allCases.allSatisfy { game.ratings(of: $0) == nil })
    }

    @Test func ratingsStopAtTheEndsOfTheScale() {
        #expect(Rating.okay.moved(by: 1) == .good)
        #expect(Rating.okay.moved(by: -2) == .terrible)
        #expect(Rating.great.moved(by: 1) == .great)
        #expect(Rating.terrible.moved(by: -1) == .terrible)
        #expect(Rating.bad.moved(by: 10) == .great)
    }
}
