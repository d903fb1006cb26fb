@testable import CompatibilitySlider
import GameHost
import Testing

/// Every intent in every state: what it changes, and that the ones that do not apply
/// change nothing at all.
@Suite struct IntentTableTests {
    enum Place: String, CaseIterable {
        case firstTopic, laterTopic, lastTopicOfPlayer1, handOver, player2, results
    }

    /// A fresh model brought to a place in a round of three topics.
    static func model(at place: Place) -> SliderViewModel {
        let model = Support.model()
        switch place {
        case .firstTopic: break
        case .laterTopic: Support.rate(model, [2])
        case .lastTopicOfPlayer1: Support.rate(model, [2, 4])
        case .handOver: Support.rate(model, [2, 4, 5])
        case .player2:
            Support.rate(model, [2, 4, 5])
            model.send(.beginSecondTurn)
        case .results: Support.play(model, [2, 4, 5], [1, 4, 5])
        }
        return model
    }

    static let intents: [SliderViewModel.Intent] = [.slide(-1), .slide(1), .choose(1), .choose(5), .choose(0),
                                                    .record, .beginSecondTurn, .newRound, .scroll(1), .scroll(-1),
                                                    .openPreferences, .nextTopic]

    /// Which intents do something where; everything else must leave the state alone.
    static func applies(_ intent: SliderViewModel.Intent, at place: Place) -> Bool {
        let onTurn = [.firstTopic, .laterTopic, .lastTopicOfPlayer1, .player2].contains(place)
        switch intent {
        case .slide, .choose(1), .choose(5), .record: return onTurn
        case .choose: return false
        case .beginSecondTurn: return place == .handOver
        case .newRound: return place == .results
        // Three topics all fit, so the result has nothing to scroll; up at the top stays.
        case .scroll: return false
        // It opens the host's form; the state itself does not change.
        case .openPreferences: return false
        // A room's reveal only: one terminal has none.
        case .nextTopic: return false
        }
    }

    @Test(arguments: Place.allCases)
    func intentsThatDoNotApplyChangeNothing(_ place: Place) {
        for intent in Self.intents {
            let model = Self.model(at: place)
            let before = Support.json(model)
            model.send(intent)
            let changed = Support.json(model) != before
            #expect(changed == Self.applies(intent, at: place), "\(intent) at \(place)")
        }
    }

    @Test func whatEachIntentDoesOnATurn() {
        let model = Self.model(at: .laterTopic)
        model.send(.slide(1))
        #expect(model.slider == .good)
        model.send(.choose(1))
        #expect(model.slider == .terrible)
        model.send(.record)
        #expect(model.game.rating(of: .first, topic: 1) == .terrible)
        #expect(model.phase == .turn(.first, topic: 2))
    }

    @Test func recordOnTheLastTopicOfPlayer1HandsOver() {
        let model = Self.model(at: .lastTopicOfPlayer1)
        model.send(.record)
        #expect(model.phase == .handOver)
    }

    @Test func preferencesOpenOnlyBeforeRatingOrAfterTheResult() {
        let allowed = Place.allCases.filter { Self.model(at: $0).canOpenPreferences }
        #expect(allowed == [.firstTopic, .results])
    }

    @Test func scrollingAppliesOnlyToALongResult() {
        let model = Support.model(SliderPreferences(topics: .fixed(9)))
        Support.rate(model, Array(repeating: 1, count: 9))
        model.send(.scroll(1))
        #expect(model.scroll == 0)
        model.send(.beginSecondTurn)
        Support.rate(model, Array(repeating: 1, count: 9))
        model.send(.scroll(1))
        #expect(model.scroll == 1)
    }

    /// Through the host: at each place of a six-topic round, every key whose binding is
    /// disabled leaves the frame and the state as they were, and every enabled one is
    /// listed as such only where its intent applies.
    @Test(arguments: ["", "\r", String(repeating: "\r", count: 6), String(repeating: "\r", count: 7),
                      String(repeating: "\r", count: 13)])
    func disabledKeysChangeNothingThroughTheHost(_ keys: String) throws {
        let probe = try Support.driver(["topics": .choice("6")])
        probe.send(keys)
        let bindings = probe.session.topScreen!.bindings()
        for binding in bindings where !binding.isEnabled {
            for key in binding.keys {
                let driver = try Support.driver(["topics": .choice("6")])
                driver.send(keys)
                let before = (driver.screenText, driver.stateJSON, driver.screenIDs)
                driver.press(key)
                #expect((driver.screenText, driver.stateJSON, driver.screenIDs) == before,
                        "\(key.name) after \(keys.count) Enters")
            }
        }
        let model = probe.model(SliderViewModel.self)!
        let enabled = Set(bindings.filter(\.isEnabled).map(\.label))
        #expect(enabled.contains("slide") == model.canSlide)
        #expect(enabled.contains("rate") == model.canSlide)
        #expect(enabled.contains("scroll") == (model.phase == .results))
        #expect(enabled.contains("preferences") == model.canOpenPreferences)
    }
}
