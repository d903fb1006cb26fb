import Foundation
import Testing
@testable import GameHost
import GameHostTesting

/// A module that needs time: it counts the ticks it gets, one a second.
private final class TickerViewModel: ViewModel {
    enum Intent: String, Codable, Sendable { case tick, bump }
    private(set) var count = 0
    var state: Int { count }
    var ticks: Ticks<Intent>? { Ticks(every: .seconds(1), .tick) }
    func handle(_ intent: Intent) -> [Effect<Intent>] {
        count += intent == .tick ? 1 : 100
        return []
    }
}

private struct TickerView: ScreenView {
    func title(_ model: TickerViewModel) -> String { "Ticker" }
    func render(_ model: TickerViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        frame.write("Count \(model.count)", row: 1, column: 1)
        return frame
    }
    func bindings(_ model: TickerViewModel) -> [KeyBinding<TickerViewModel.Intent>] {
        [.keys(.character("b"), label: "bump", .bump)]
    }
}

private enum TickerGame: GameModule {
    static let info = GameInfo(id: "ticker", title: "Ticker", summary: "Counts seconds")
    static func makeRoot(_ preferences: NoPreferences, _ context: GameContext) -> Screen {
        Screen(id: "ticker.main", model: TickerViewModel(), view: TickerView())
    }
}

@Suite struct JournalTimeTests {
    let games = [GameEntry(TickerGame.self)]

    /// Ticks are journaled with their times and replayed as recorded; after the resume the
    /// game's time carries on from where it stopped, and deadlines are on the clock's time.
    @Test func ticksReplayAndTimeCarriesOn() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try TestDriver(games: games, play: "ticker", dataDirectory: directory, journals: true)
        first.keyDuration = .milliseconds(2500)
        first.press(.character("b"), .character("b"))
        #expect(first.text.contains("Count 205"))
        first.session.closeJournal()
        let journal = try Journal.parse(FileManager.default.contents(atPath: directory + "/ticker/journal.jsonl")!)
        #expect(journal.inputs.map(\.input.name) == ["tick", "tick", "b", "tick", "tick", "tick", "b"])
        #expect(journal.inputs.map(\.time) == [1, 2, 2.5, 3, 4, 5, 5])

        let second = try TestDriver(games: games, play: "ticker", dataDirectory: directory, journals: true)
        second.keyDuration = .zero
        second.press(.enter)
        #expect(second.text.contains("Count 205"))
        // The next tick is a second of the game's time away, whatever the clock says.
        let deadline = try #require(second.session.nextDeadline)
        #expect(abs(deadline.timeIntervalSince(second.session.setup.clock()) - 1) < 0.001)
        second.session.advanceTime(to: second.session.setup.clock().addingTimeInterval(3))
        #expect(second.text.contains("Count 208"))
    }
}
