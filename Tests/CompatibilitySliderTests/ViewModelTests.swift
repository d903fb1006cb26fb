@testable import CompatibilitySlider
import Testing

/// Turns, the hand-over, the result and a new round, straight on the view model.
@Suite struct ViewModelTests {
    @Test func player1RatesEveryTopicThenTheHandOverThenPlayer2() {
        let model = Support.model()
        #expect(model.phase == .turn(.first, topic: 0))
        #expect(model.currentPlayer == .first)
        model.send(.record)
        #expect(model.phase == .turn(.first, topic: 1))
        model.send(.record)
        #expect(model.phase == .turn(.first, topic: 2))
        model.send(.record)
        #expect(model.phase == .handOver)
        #expect(model.currentPlayer == .second)
        model.send(.beginSecondTurn)
        #expect(model.phase == .turn(.second, topic: 0))
        model.send(.record)
        model.send(.record)
        #expect(model.phase == .turn(.second, topic: 2))
        model.send(.record)
        #expect(model.phase == .results)
        #expect(model.currentPlayer == nil)
    }

    @Test func bothPlayersRateTheSameTopicsInTheSameOrder() {
        let model = Support.model(SliderPreferences(topics: .fixed(5)))
        var firstTopics: [String] = []
        var secondTopics: [String] = []
        for _ in 0..<5 {
            firstTopics.append(model.topic!)
            model.send(.record)
        }
        #expect(model.topic == nil)
        model.send(.beginSecondTurn)
        for _ in 0..<5 {
            secondTopics.append(model.topic!)
            model.send(.record)
        }
        #expect(firstTopics == secondTopics)
        #expect(firstTopics == model.game.topics)
    }

    @Test func everyTopicStartsAtThreeAndTheSliderMoves() {
        let model = Support.model()
        #expect(model.slider == .okay)
        model.send(.slide(1))
        #expect(model.slider == .good)
        model.send(.slide(1))
        model.send(.slide(1))
        #expect(model.slider == .great)
        model.send(.record)
        #expect(model.slider == .okay)
        model.send(.slide(-1))
        model.send(.slide(-1))
        model.send(.slide(-1))
        #expect(model.slider == .terrible)
        for value in 1...5 {
            model.send(.choose(value))
            #expect(model.slider.rawValue == value)
        }
        model.send(.choose(0))
        model.send(.choose(6))
        #expect(model.slider == .great)
        model.send(.record)
        model.send(.record)
        model.send(.beginSecondTurn)
        #expect(model.slider == .okay)
        #expect(model.game.ratings(of: .first) == [.great, .great, .okay])
    }

    @Test func theResultFollowsTheFormulaAndTheRows() {
        let model = Support.model()
        Support.play(model, [1, 3, 5], [2, 3, 3])
        // |1−2| + 0 + |5−3| = 3; mean 1 → 20 → 80%.
        #expect(model.compatibility == 80)
        #expect(model.zone?.title == CompatibilityZone.zone(for: 80).title)
        #expect(model.resultRows.map(\.first) == Support.ratings([1, 3, 5]))
        #expect(model.resultRows.map(\.second) == Support.ratings([2, 3, 3]))
        #expect(model.resultRows.map(\.topic) == model.game.topics)
    }

    @Test func nothingOfTheResultShowsBeforeTheEnd() {
        let model = Support.model()
        Support.rate(model, [1, 2, 3])
        #expect(model.phase == .handOver)
        #expect(model.compatibility == nil)
        #expect(model.zone == nil)
        #expect(model.resultRows.isEmpty)
    }

    @Test func aNewRoundResetsEverything() {
        let model = Support.model(SliderPreferences(topics: .random), seed: 8)
        Support.play(model, [1, 1, 1, 1, 1], [5, 5, 5, 5, 5])
        #expect(model.phase == .results)
        model.send(.scroll(1))
        model.send(.newRound)
        #expect(model.phase == .turn(.first, topic: 0))
        #expect(model.slider == .okay)
        #expect(model.scroll == 0)
        #expect(model.compatibility == nil)
        #expect(Player.allCases.allSatisfy { model.game.ratings(of: $0) == nil })
        #expect((2...5).contains(model.topicCount))
        Support.play(model, Array(repeating: 2, count: model.topicCount), Array(repeating: 2, count: model.topicCount))
        #expect(model.compatibility == 100)
    }

    @Test func scrollingStaysWithinTheTopics() {
        let model = Support.model(SliderPreferences(topics: .fixed(15)))
        Support.play(model, Array(repeating: 3, count: 15), Array(repeating: 4, count: 15))
        #expect(model.maxScroll == 15 - SliderConstants.resultRowsAtMinimum)
        model.send(.scroll(-1))
        #expect(model.scroll == 0)
        for _ in 0..<30 { model.send(.scroll(1)) }
        #expect(model.scroll == model.maxScroll)
        model.send(.scroll(-2))
        #expect(model.scroll == model.maxScroll - 2)
    }

    @Test func namesAreCleanedAndNeverEmpty() {
        let model = Support.model(SliderPreferences(player1: "  Ada\u{1B}[31m \u{202E}x ", player2: " \t "))
        #expect(model.name(.first) == "Ada[31m x")
        #expect(model.name(.second) == "Player 2")
        #expect(Support.model().name(.first) == "Player 1")
    }
}
