@testable import CompatibilitySlider
import Foundation
import GameHost
import GameHostTesting
import Testing

/// The slider in a room: both seats rate the same topic at once, each seeing only their own
/// rating until the results; no hand-over. Inputs come tagged with their seat, interleaved.
@Suite struct RoomTests {
    static let ada = Seat(0), grace = Seat(1)

    static func room(_ preferences: SliderPreferences = SliderPreferences(player1: "Ada", player2: "Grace",
                                                                          topics: .fixed(3)),
                     seed: UInt64 = 1, context: GameContext? = nil) -> SliderViewModel {
        SliderViewModel(preferences: preferences,
                        context: context ?? .forTesting(gameID: "compatibility-slider", seed: seed, seatCount: 2, seating: .room))
    }

    static let size = Size(width: 80, height: 22)

    static func text(_ model: SliderViewModel, for seat: Seat?, _ size: Size = size) -> String {
        SliderView().render(model, in: size, for: seat).text
    }

    /// Both seats lock in the topic as their sliders stand and, unless it was the last, press
    /// on from its reveal.
    static func lockInAndGoOn(_ model: SliderViewModel) {
        for seat in [ada, grace] { _ = model.handle(.record, from: seat) }
        for seat in [ada, grace] { _ = model.handle(.nextTopic, from: seat) }
    }

    @Test func inARoomThePlayersAreCalledByTheNamesOfTheirSeats() throws {
        let context = GameContext.forTesting(gameID: "compatibility-slider", seatCount: 2, seating: .room)
        let model = Self.room(context: context)
        #expect(model.name(.first) == "Ada" && model.name(.second) == "Grace", "no one seated yet: the preferences")
        context.seatNames = { ["ann", nil] }
        #expect(model.name(.first) == "ann" && model.name(.second) == "Grace")
        context.seatNames = { ["ann", "b\u{1B}[2Job"] }
        #expect(!model.name(.second).contains("\u{1B}") && model.name(.second).hasPrefix("b"), "a name is made safe to show")
        #expect(Self.text(model, for: Self.ada).contains("ann, what do you think about"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let fingerprint = try encoder.encode(model.state)
        context.seatNames = { [] }
        #expect(try encoder.encode(model.state) == fingerprint, "names are words on screen, not state")
    }

    @Test func bothRateTheFirstTopicAtOnceWithNoTurnAndNoRoundYet() {
        let model = Self.room()
        #expect(model.phase == .together(topic: 0))
        #expect(model.turn == nil && model.roundInPlay == false && !model.canOpenPreferences)
        #expect(model.title == "Rating together")
        _ = model.handle(.choose(2), from: Self.ada)
        _ = model.handle(.choose(5), from: Self.grace)
        #expect(model.together?.slider(of: .first) == .bad && model.together?.slider(of: .second) == .great)
        // Moving a slider is only trying: the round is in play from the first lock-in.
        #expect(model.roundInPlay == false)
        _ = model.handle(.record, from: Self.grace)
        #expect(model.roundInPlay == true && model.phase == .together(topic: 0))
    }

    @Test func eachSeatSeesOnlyItsOwnRatingUntilBothLockIn() {
        let model = Self.room()
        _ = model.handle(.choose(2), from: Self.ada)
        _ = model.handle(.record, from: Self.ada)
        _ = model.handle(.choose(4), from: Self.grace)
        #expect(model.hidden(from: Self.grace) == ["Ada rated 2 · bad"])
        #expect(model.hidden(from: Self.ada) == ["Grace rated 4 · good"])
        let adaSees = Self.text(model, for: Self.ada), graceSees = Self.text(model, for: Self.grace)
        #expect(adaSees.contains("You locked in 2 · bad.") && adaSees.contains("Grace is rating…"))
        #expect(graceSees.contains("Ada has locked in.") && !graceSees.contains("locked in 2"))
        for hidden in model.hidden(from: Self.grace) { #expect(!graceSees.contains(hidden)) }
        for hidden in model.hidden(from: Self.ada) { #expect(!adaSees.contains(hidden)) }
        // A spectator sees where each player is, no slider.
        let watching = Self.text(model, for: nil)
        #expect(watching.contains("Ada has locked in.") && watching.contains("Grace is rating…"))
        #expect(!watching.contains("😐"))
        // Ada's slider is locked: her keys change nothing, and say why.
        let before = Support.json(model)
        _ = model.handle(.slide(1), from: Self.ada)
        _ = model.handle(.record, from: Self.ada)
        #expect(Support.json(model) == before)
        let adaKeys = SliderView().bindings(model, for: Self.ada)
        #expect(adaKeys.allSatisfy { !$0.isEnabled })
        #expect(SliderView().bindings(model, for: Self.grace).first { $0.label == "lock in" }?.isEnabled == true)
        _ = model.handle(.record, from: Self.grace)
        #expect(model.phase == .reveal(topic: 0), "both have locked in: the reveal (RevealTests)")
        for seat in [Self.ada, Self.grace] { _ = model.handle(.nextTopic, from: seat) }
        #expect(model.phase == .together(topic: 1) && model.together == LockIn(start: .okay))
    }

    /// At every height a seat sees whether the other has locked in: under its button where
    /// the rows allow, beside the topic count where they do not (16 to 18 rows; a 70×20
    /// terminal gives a room's game 16, where it used to fall off the bottom).
    @Test(arguments: [10, 12, 15, 16, 17, 18, 22])
    func aSeatSeesTheOthersLockInAtEveryHeight(_ height: Int) {
        let model = Self.room()
        _ = model.handle(.record, from: Self.ada)
        let text = Self.text(model, for: Self.grace, Size(width: 70, height: height))
        #expect(text.contains("Ada has locked in."), "\(height) rows:\n\(text)")
        #expect(text.contains("Topic 1 of 3"), "\(height) rows:\n\(text)")
    }

    @Test func aWholeRoundInterleavedScoresAsOnOneTerminal() {
        let model = Self.room(seed: 7), alone = Support.model(SliderPreferences(player1: "Ada", player2: "Grace",
                                                                               topics: .fixed(3)), seed: 7)
        let first = [2, 4, 5], second = [1, 4, 3]
        var effects: [Effect<SliderViewModel.Intent>] = []
        for topic in 0..<3 {
            // Grace first this time on odd topics: the order of lock-ins does not matter.
            let order = topic % 2 == 0 ? [Self.ada, Self.grace] : [Self.grace, Self.ada]
            for seat in order { _ = model.handle(.choose(seat == Self.ada ? first[topic] : second[topic]), from: seat) }
            for seat in order { effects += model.handle(.record, from: seat) }
            for seat in order { effects += model.handle(.nextTopic, from: seat) }
        }
        Support.play(alone, first, second)
        #expect(model.phase == .results && model.game.topics == alone.game.topics)
        #expect(model.compatibility == alone.compatibility && model.compatibility != nil)
        #expect(effects.compactMap(\.reportedRound).map(\.score) == [model.compatibility!])
        #expect(model.hidden(from: Self.ada).isEmpty && model.roundInPlay == false)
        // Both see the reveal: the same frame.
        #expect(Self.text(model, for: Self.ada) == Self.text(model, for: Self.grace))
        _ = model.handle(.newRound, from: Self.grace)
        #expect(model.phase == .together(topic: 0) && model.together == LockIn(start: .okay))
    }

    @Test func eachSeatScrollsItsOwnResults() {
        let model = Self.room(SliderPreferences(player1: "Ada", player2: "Grace", topics: .fixed(15)))
        for _ in 0..<15 { Self.lockInAndGoOn(model) }
        #expect(model.phase == .results && model.maxScroll > 0)
        _ = model.handle(.scroll(1), from: Self.ada)
        _ = model.handle(.scroll(1), from: Self.ada)
        #expect(model.scroll(for: Self.ada) == 2 && model.scroll(for: Self.grace) == 0 && model.scroll(for: nil) == 0)
        let small = Size(width: 40, height: 10)
        #expect(Self.text(model, for: Self.ada, small).contains("3–"))
        #expect(Self.text(model, for: Self.grace, small).contains("1–"))
        _ = model.handle(.scroll(1), from: nil)
        #expect(model.scroll(for: nil) == 1 && model.scroll(for: Self.grace) == 0)
        _ = model.handle(.newRound, from: Self.grace)
        #expect(model.scroll(for: Self.ada) == 0)
    }

    @Test func inARoomTheHandOverAndPreferencesNeverComeAndAnUntaggedRatingCountsForNobody() {
        let model = Self.room()
        let before = Support.json(model)
        for intent: SliderViewModel.Intent in [.beginSecondTurn, .newRound, .scroll(1), .openPreferences] {
            for seat in [Self.ada, Self.grace, nil] { #expect(model.handle(intent, from: seat).isEmpty) }
        }
        for intent: SliderViewModel.Intent in [.choose(5), .slide(1), .record] { _ = model.handle(intent, from: nil) }
        _ = model.handle(.choose(5), from: Seat(2))
        #expect(Support.json(model) == before)
        #expect(SliderView().bindings(model, for: nil).allSatisfy { !$0.isEnabled })
    }

    /// Every intent from every seat in every state of a room round: which change the state
    /// (at a reveal: `RevealTests.everyIntentFromEverySeatAtAReveal`).
    @Test func everyIntentFromEverySeatInEveryRoomState() {
        enum Place: CaseIterable { case start, adaLocked, results }
        func model(at place: Place) -> SliderViewModel {
            let model = Self.room()
            switch place {
            case .start: break
            case .adaLocked: _ = model.handle(.record, from: Self.ada)
            case .results:
                for _ in 0..<3 { Self.lockInAndGoOn(model) }
            }
            return model
        }
        let intents: [SliderViewModel.Intent] = [.slide(-1), .slide(1), .choose(1), .choose(5), .choose(0), .record,
                                                 .beginSecondTurn, .newRound, .scroll(1), .openPreferences, .nextTopic]
        for place in Place.allCases {
            for seat in [Self.ada, Self.grace, nil] {
                for intent in intents {
                    let model = model(at: place)
                    let before = Support.json(model)
                    _ = model.handle(intent, from: seat)
                    let rating: Bool = switch intent {
                    case .slide, .choose(1), .choose(5), .record: true
                    default: false
                    }
                    let expected = switch place {
                    case .start: seat != nil && rating
                    case .adaLocked: seat == Self.grace && rating
                    case .results: intent == .newRound
                    }
                    #expect((Support.json(model) != before) == expected, "\(intent) from \(String(describing: seat)) at \(place)")
                }
            }
        }
    }

    @Test func oneTerminalIgnoresASeatNotOnTurnAndTakesNilAsTheSeatOnTurn() {
        let model = Support.model()
        #expect(model.turn == Self.ada)
        _ = model.handle(.choose(5), from: Self.grace)
        #expect(model.slider == .okay)
        _ = model.handle(.choose(5), from: nil)
        _ = model.handle(.record, from: Self.ada)
        #expect(model.game.rating(of: .first, topic: 0) == .great)
        Support.rate(model, [1, 1])
        #expect(model.phase == .handOver && model.turn == Self.grace)
        #expect(model.hidden(from: Self.grace).contains("Player 1 rated 5 · great"))
        #expect(!Self.text(model, for: nil).contains("rated"))
    }

    /// Each seat's frame, golden: Ada has locked in 2, Grace's slider is on 4.
    @Test(arguments: [Size(width: 80, height: 22), Size(width: 40, height: 10), Size(width: 160, height: 46)])
    func goldenFramesPerSeat(_ size: Size) {
        let model = Self.room(SliderPreferences(player1: "Ada", player2: "Grace", topics: .fixed(4)), seed: 42)
        _ = model.handle(.choose(2), from: Self.ada)
        _ = model.handle(.choose(4), from: Self.grace)
        _ = model.handle(.record, from: Self.ada)
        let directory = Golden.directory(besides: #filePath)
        for (seat, name) in [(Self.ada, "room-seat0"), (Self.grace, "room-seat1"), (nil, "room-watching")] {
            let frame = SliderView().render(model, in: size, for: seat)
            let problem = Golden.compare(Golden.described(frame), name: "\(name)-\(size.width)x\(size.height)",
                                         directory: directory)
            #expect(problem == nil, "\(problem ?? "")")
            for hidden in seat.map(model.hidden(from:)) ?? [] { #expect(!frame.text.contains(hidden)) }
        }
    }
}

/// The slider in a room through the host's session, as a room's process runs it: each
/// seat's keys resolved by that seat's bindings.
@Suite struct RoomSessionTests {
    @Test func twoSeatsPlayARoundThroughTheSession() throws {
        let driver = try TestDriver(games: [Support.entry], play: Support.entry.id,
                                    preferences: ["player1": .text("Ada"), "player2": .text("Grace"), "topics": .choice("2")],
                                    seed: 42, seating: .room)
        driver.press(.digit(5), .enter, from: Seat(0))
        #expect(driver.screenText(for: Seat(0)).contains("You locked in 5 · great."))
        #expect(!driver.screenText(for: Seat(1)).contains("Ada rated"))
        // Ada's keys are locked: refused, with the reason.
        driver.press(.left, from: Seat(0))
        #expect(driver.refusal?.contains("the next topic comes when Grace has too") == true)
        driver.press(.digit(4), .enter, from: Seat(1))
        // Both press on from the first topic's reveal, then lock in the second as it stands.
        driver.press(.enter, from: Seat(1))
        driver.press(.enter, from: Seat(0))
        driver.press(.enter, from: Seat(1))
        driver.press(.enter, from: Seat(0))
        let model = try #require(driver.model(SliderViewModel.self))
        #expect(model.phase == .results && model.compatibility != nil)
        #expect(driver.screenText(for: Seat(0)) == driver.screenText(for: Seat(1)))
    }
}
