import Foundation
import GameHost
import GameHostTesting
@testable import Snake
import Testing

/// Snake's bindings are kept between frames: after every change they depend on, those kept
/// are what a view asked afresh makes.
@Suite struct SnakeBindingsKeptTests {
    /// What a binding shows and sends, for comparing.
    func described(_ bindings: [KeyBinding<SnakeViewModel.Intent>]) -> [String] {
        bindings.map { binding in
            let sent = binding.keys.map { "\($0)→\(binding.intent(for: $0).map { "\($0)" } ?? "nil")" }
            return "\(binding.label) \(binding.isEnabled) \(binding.showsHint) \(binding.acceptsText) \(sent)"
        }
    }

    func expectFresh(_ view: SnakeView, _ model: SnakeViewModel, _ when: String) {
        for seat in [nil, Seat(0), Seat(1)] {
            let kept = described(view.bindings(model, for: seat))
            let fresh = described(SnakeView(board: model.preferences.board).bindings(model, for: seat))
            #expect(kept == fresh, "\(when), seat \(String(describing: seat))")
        }
    }

    @Test func keptBindingsFollowEveryPhaseAndName() throws {
        for players in [1, 2] {
            let driver = try TestDriver(games: [GameEntry(SnakeGame.self)], play: "snake",
                                        preferences: ["players": .integer(players)], seed: 3)
            let model = try #require(driver.model(SnakeViewModel.self))
            let view = SnakeView(board: model.preferences.board)
            expectFresh(view, model, "ready")
            driver.press(.right)
            if players == 2 { driver.press(.character("d")) }
            expectFresh(view, model, "counting down or playing")
            for _ in 0..<50 where model.phase != .playing { driver.advance(by: model.interval) }
            expectFresh(view, model, "playing")
            driver.press(.space)
            #expect(model.phase == .paused)
            expectFresh(view, model, "paused")
            model.context.seatNames = { ["Ada", "Grace"] }
            expectFresh(view, model, "named")
            model.context.seatNames = { ["Ada", "Bo"] }
            expectFresh(view, model, "renamed")
            driver.press(.space)
            driver.press(.down)
            for _ in 0..<200 where model.phase != .over { driver.advance(by: model.interval) }
            #expect(model.phase == .over)
            expectFresh(view, model, "over")
        }
    }

    @Test func aRoomsSeatSteersWithWASDToo() {
        let context = GameContext(gameID: "snake", seed: 3,
                                  storage: DataStore(directory: TestDriver.temporaryDirectory(), report: { _ in }),
                                  clock: { Date(timeIntervalSince1970: 0) }, seatCount: 2, seating: .room)
        context.seatNames = { ["Ada", "Grace"] }
        let model = SnakeViewModel(preferences: SnakePreferences(players: 2), context: context)
        let view = SnakeView(board: model.preferences.board)
        expectFresh(view, model, "room")
        #expect(view.bindings(model, for: Seat(1)).map(\.label).filter { $0 == "steer" }.count == 8)
    }
}
