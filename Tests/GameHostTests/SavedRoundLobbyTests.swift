import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// The lobby says when a round waits to be resumed (audit C6), not only the game's page.
@Suite struct SavedRoundLobbyTests {
    static let games = [GameEntry(CounterGame.self)]

    @Test func theLobbySaysARoundWaitsToBeResumedAndStopsOnceItIsPlayed() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let first = try TestDriver(games: Self.games, dataDirectory: host, journals: true, player: "ada")
        #expect(!first.text.contains("waits to be resumed"), "\(first.text)")
        first.press(.character("g"), .enter, .enter, .up)
        #expect(first.screenID == "counter.main")
        // The connection drops mid-round: the journal is kept for the next visit.
        first.session.closeJournal()

        let again = try TestDriver(games: Self.games, dataDirectory: host, journals: true, player: "ada")
        #expect(again.screenID == "host.lobby")
        #expect(again.text.contains("Counter: a round waits to be resumed"), "\(again.text)")
        // At a small terminal it goes after the summary.
        again.size = Size(width: 80, height: 12)
        #expect(again.text.contains("Counter: a round waits"), "\(again.text)")
        again.size = Size(width: 80, height: 24)
        again.press(.character("g"), .enter, .enter)
        #expect(again.screenID == "host.resume")
        again.press(.character("r"))
        // Played to its end, nothing waits any more: the lobby says so when it comes back.
        again.press(.up, .up, .up, .up)
        for _ in 0..<4 where again.screenID != "host.menu" { again.press(.escape) }
        again.press(.character("o"))
        #expect(again.screenID == "host.lobby", "\(again.screenIDs)")
        #expect(!again.text.contains("waits to be resumed"), "\(again.text)")
    }
}
