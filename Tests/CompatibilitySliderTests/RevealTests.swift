@testable import CompatibilitySlider
import Foundation
import GameHost
import GameHostTesting
import Testing

/// A topic's reveal in a room: once both have locked in a topic that is not the last, every
/// terminal shows both ratings, how alike they are on it and the compatibility so far, and
/// the next topic starts when both seats have pressed on. One terminal has no reveal.
@Suite struct RevealTests {
    static let ada = RoomTests.ada, grace = RoomTests.grace

    /// A room of three topics where Ada rated the first 2 and Grace 5, both locked in.
    static func revealed(seed: UInt64 = 1) -> SliderViewModel {
        let model = RoomTests.room(seed: seed)
        _ = model.handle(.choose(2), from: ada)
        _ = model.handle(.choose(5), from: grace)
        _ = model.handle(.record, from: ada)
        _ = model.handle(.record, from: grace)
        return model
    }

    @Test func bothLockedInRevealsTheTopicToEverySeatWithNoTurnAndTheRoundInPlay() {
        let model = Self.revealed()
        #expect(model.phase == .reveal(topic: 0) && model.ready == Readiness() && model.together == nil)
        #expect(model.turn == nil && model.roundInPlay == true && model.title == "Both locked in")
        #expect(model.hidden(from: Self.ada).isEmpty && model.hidden(from: Self.grace).isEmpty)
        // 2 and 5 are three steps apart: 100 − round(100 × 3 / 5) = 40, for the topic and so far.
        #expect(model.topicCompatibility == 40 && model.compatibilitySoFar == 40)
        #expect(model.compatibility == nil, "the results' figure waits for every topic")
        for seat in [Self.ada, Self.grace, nil] {
            let text = RoomTests.text(model, for: seat)
            #expect(text.contains("🙁") && text.contains("2 · bad") && text.contains("😍") && text.contains("5 · great"),
                    "\(text)")
            #expect(text.contains(model.game.topics[0]) && text.contains("This topic: 40% alike")
                    && text.contains("So far: 40% compatible"), "\(text)")
            #expect(!text.contains("Waiting for") || seat == nil, "\(text)")
        }
        #expect(RoomTests.text(model, for: Self.ada).contains("[ Enter Next topic ]"))
        #expect(!RoomTests.text(model, for: nil).contains("Next topic"), "a spectator has no button")
    }

    @Test func theNextTopicStartsWhenBothHavePressedOnAndEachSeesWhoIsReady() {
        let model = Self.revealed()
        _ = model.handle(.nextTopic, from: Self.grace)
        #expect(model.phase == .reveal(topic: 0) && model.ready?.isReady(.second) == true)
        let graceSees = RoomTests.text(model, for: Self.grace), adaSees = RoomTests.text(model, for: Self.ada)
        #expect(graceSees.contains("Waiting for Ada…") && !graceSees.contains("Next topic"), "\(graceSees)")
        #expect(adaSees.contains("Grace is ready.") && adaSees.contains("Next topic"), "\(adaSees)")
        let watching = RoomTests.text(model, for: nil)
        #expect(watching.contains("Waiting for Ada…") && watching.contains("Grace is ready."), "\(watching)")
        // Grace has pressed on: Enter is hers no more, and says why; the slider's keys neither.
        // (Their reasons in words: RevealSessionTests.)
        let graceKeys = SliderView().bindings(model, for: Self.grace)
        #expect(graceKeys.allSatisfy { !$0.isEnabled })
        #expect(graceKeys.first { $0.keys.contains(.enter) }?.label == "next topic")
        #expect(SliderView().bindings(model, for: Self.ada).filter(\.isEnabled).map(\.label) == ["next topic"])
        #expect(SliderView().bindings(model, for: nil).allSatisfy { !$0.isEnabled })
        _ = model.handle(.nextTopic, from: Self.ada)
        #expect(model.phase == .together(topic: 1) && model.together == LockIn(start: .okay) && model.ready == nil)
        #expect(model.compatibilitySoFar == nil)
    }

    @Test func afterTheLastTopicTheResultsComeAtOnceAndShowEveryTopic() {
        let model = Self.revealed()
        for topic in 1..<3 {
            for seat in [Self.ada, Self.grace] { _ = model.handle(.nextTopic, from: seat) }
            #expect(model.phase == .together(topic: topic))
            _ = model.handle(.choose(topic == 1 ? 4 : 3), from: Self.ada)
            _ = model.handle(.choose(4), from: Self.grace)
            _ = model.handle(.record, from: Self.ada)
            let effects = model.handle(.record, from: Self.grace)
            if topic == 1 {
                // So far over two topics: distances 3 and 0, 100 − round(100 × 3 / 10) = 70.
                #expect(model.phase == .reveal(topic: 1) && model.topicCompatibility == 100
                        && model.compatibilitySoFar == 70)
            } else {
                #expect(model.phase == .results && model.ready == nil)
                #expect(effects.compactMap(\.reportedRound).map(\.score) == [model.compatibility!])
            }
        }
        #expect(model.resultRows.count == 3)
    }

    /// The button is a click too, for a seat that has not pressed on (the host sends a seat's
    /// click as that seat's); a spectator's frame has none.
    @Test func theNextTopicButtonIsAClickForASeatThatHasNotPressedOn() {
        let model = Self.revealed()
        func sendsNextTopic(_ seat: Seat?, _ size: Size) -> Bool {
            SliderView().render(model, in: size, for: seat).regions.contains { region in
                if case .intent(let value)? = region.click { return value as? SliderViewModel.Intent == .nextTopic }
                return false
            }
        }
        for size in [RoomTests.size, Size(width: 40, height: 10)] {
            #expect(sendsNextTopic(Self.ada, size) && sendsNextTopic(Self.grace, size) && !sendsNextTopic(nil, size))
        }
        _ = model.handle(.nextTopic, from: Self.grace)
        #expect(sendsNextTopic(Self.ada, RoomTests.size) && !sendsNextTopic(Self.grace, RoomTests.size))
    }

    /// Every intent from each seat and from nil at a reveal, nobody ready or one seat ready:
    /// only a seat's first Next topic changes anything.
    @Test func everyIntentFromEverySeatAtAReveal() {
        let intents: [SliderViewModel.Intent] = [.slide(-1), .slide(1), .choose(1), .choose(5), .choose(0), .record,
                                                 .beginSecondTurn, .newRound, .scroll(1), .scroll(-1), .openPreferences,
                                                 .nextTopic]
        for readyFirst in [nil, Self.ada, Self.grace] {
            for seat in [Self.ada, Self.grace, nil, Seat(2)] {
                for intent in intents {
                    let model = Self.revealed()
                    if let readyFirst { _ = model.handle(.nextTopic, from: readyFirst) }
                    let before = Support.json(model)
                    let effects = model.handle(intent, from: seat)
                    let expected = intent == .nextTopic && seat != nil && seat != Seat(2) && seat != readyFirst
                    #expect((Support.json(model) != before) == expected,
                            "\(intent) from \(String(describing: seat)), \(String(describing: readyFirst)) ready")
                    #expect(effects.isEmpty)
                }
            }
        }
    }

    /// The model's figures so far are the round's formula over the first topics, nothing new.
    @Test func soFarIsTheRoundsFormulaOverTheTopicsRatedSoFar() {
        var random = SeededGenerator(seed: 3)
        var game = CompatibilityGame(topicCount: .fixed(3), using: &random)
        #expect(game.compatibility(ofFirst: 1) == nil && game.compatibility(ofTopic: 0) == nil)
        let first = Support.ratings([1, 4, 5]), second = Support.ratings([5, 4, 2])
        for topic in 0..<3 {
            game.record(first[topic], by: .first, topic: topic)
            #expect(game.compatibility(ofFirst: topic + 1) == nil, "one player's rating is not enough")
            game.record(second[topic], by: .second, topic: topic)
            #expect(game.compatibility(ofFirst: topic + 1)
                    == Compatibility.percentage(Array(first.prefix(topic + 1)), Array(second.prefix(topic + 1))))
            #expect(game.compatibility(ofTopic: topic) == Compatibility.percentage([first[topic]], [second[topic]]))
        }
        #expect(game.compatibility(ofFirst: 3) == game.compatibility && game.compatibility(ofFirst: 4) == nil)
        #expect(game.compatibility(ofFirst: 0) == nil && game.compatibility(ofTopic: 3) == nil)
    }

    @Test func theRevealIsStateSoACopyFedTheSameInputsAgrees() throws {
        let model = Self.revealed(seed: 9), copy = Self.revealed(seed: 9)
        _ = model.handle(.nextTopic, from: Self.ada)
        _ = copy.handle(.nextTopic, from: Self.ada)
        let json = Support.json(model)
        #expect(json == Support.json(copy))
        #expect(json.contains(#""phase":{"reveal":{"topic":0}}"#) && json.contains(#""ready":{"ready":[true,false]}"#),
                "\(json)")
    }

    @Test func oneTerminalHasNoRevealAndIgnoresNextTopic() {
        for place in IntentTableTests.Place.allCases {
            let model = IntentTableTests.model(at: place)
            let before = Support.json(model)
            #expect(model.handle(.nextTopic, from: nil).isEmpty)
            #expect(Support.json(model) == before && !before.contains("ready"), "\(place)")
        }
        let model = Support.model()
        Support.rate(model, [2, 4, 5])
        #expect(model.phase == .handOver, "one terminal goes on from topic to topic, as before")
    }

    /// The reveal as each seat and a spectator see it, golden: Ada rated 2, Grace 5; Grace has
    /// pressed on, Ada not yet.
    @Test(arguments: [Size(width: 80, height: 22), Size(width: 40, height: 10), Size(width: 160, height: 46)])
    func goldenFramesOfTheReveal(_ size: Size) {
        let model = RoomTests.room(SliderPreferences(player1: "Ada", player2: "Grace", topics: .fixed(4)), seed: 42)
        _ = model.handle(.choose(2), from: Self.ada)
        _ = model.handle(.choose(5), from: Self.grace)
        _ = model.handle(.record, from: Self.ada)
        _ = model.handle(.record, from: Self.grace)
        _ = model.handle(.nextTopic, from: Self.grace)
        let directory = Golden.directory(besides: #filePath)
        for (seat, name) in [(Self.ada, "room-reveal-seat0"), (Self.grace, "room-reveal-seat1"), (nil, "room-reveal-watching")] {
            let frame = SliderView().render(model, in: size, for: seat)
            let problem = Golden.compare(Golden.described(frame), name: "\(name)-\(size.width)x\(size.height)",
                                         directory: directory)
            #expect(problem == nil, "\(problem ?? "")")
        }
    }
}

/// The reveal through the host's session, as a room's process runs it.
@Suite struct RevealSessionTests {
    @Test func bothSeatsPressOnThroughTheSessionAndAPressedSeatIsRefusedInWords() throws {
        let driver = try TestDriver(games: [Support.entry], play: Support.entry.id,
                                    preferences: ["player1": .text("Ada"), "player2": .text("Grace"), "topics": .choice("2")],
                                    seed: 42, seating: .room)
        driver.press(.digit(5), .enter, from: Seat(0))
        driver.press(.digit(4), .enter, from: Seat(1))
        #expect(driver.screenText(for: Seat(0)).contains("5 · great") && driver.screenText(for: Seat(0)).contains("4 · good"))
        driver.press(.left, from: Seat(0))
        #expect(driver.refusal?.contains("the next topic has a slider of its own") == true, "\(driver.refusal ?? "")")
        driver.press(.space, from: Seat(1))
        driver.press(.enter, from: Seat(1))
        #expect(driver.refusal == "You are ready: the next topic comes when Ada is too.", "\(driver.refusal ?? "")")
        #expect(driver.screenText(for: Seat(1)).contains("Waiting for Ada…"))
        driver.press(.enter, from: Seat(0))
        let model = try #require(driver.model(SliderViewModel.self))
        #expect(model.phase == .together(topic: 1))
        #expect(driver.screenText(for: Seat(0)).contains("Topic 2 of 2"))
    }
}
