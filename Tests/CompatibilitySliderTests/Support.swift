@testable import CompatibilitySlider
import Foundation
import GameHost
import GameHostTesting

/// Shared helpers: a view model with a seeded context, and ways to play it along.
enum Support {
    static var entry: GameEntry { GameEntry(CompatibilitySliderGame.self) }

    static func model(_ preferences: SliderPreferences = SliderPreferences(topics: .fixed(3)),
                      seed: UInt64 = 1) -> SliderViewModel {
        SliderViewModel(preferences: preferences, context: .forTesting(gameID: "compatibility-slider", seed: seed))
    }

    /// Rates the remaining topics of the current player's turn with these values.
    static func rate(_ model: SliderViewModel, _ ratings: [Int]) {
        for rating in ratings {
            model.send(.choose(rating))
            model.send(.record)
        }
    }

    /// A whole round: player 1's ratings, the hand-over, player 2's ratings.
    static func play(_ model: SliderViewModel, _ first: [Int], _ second: [Int]) {
        rate(model, first)
        model.send(.beginSecondTurn)
        rate(model, second)
    }

    static func ratings(_ values: [Int]) -> [Rating] { values.map { Rating(rawValue: $0)! } }

    /// The state as the trace records it, to compare before and after an intent.
    static func json(_ model: SliderViewModel) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try! encoder.encode(model.state), as: UTF8.self)
    }

    static func driver(_ preferences: PreferenceValues = [:], seed: UInt64 = 42,
                       size: Size = Size(width: 80, height: 24), dataDirectory: String? = nil) throws -> TestDriver {
        try TestDriver(games: [entry], play: entry.id, preferences: preferences, seed: seed, size: size,
                       dataDirectory: dataDirectory)
    }
}
