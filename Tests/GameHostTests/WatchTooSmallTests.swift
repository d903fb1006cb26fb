import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// A watcher whose terminal is too small for the game is told its terminal's rows, not the
/// rows left under the header (audit C9: at 50×16 it said "50×14 here").
@Suite struct WatchTooSmallTests {
    static let games = [GameEntry(CounterGame.self)]

    @Test func theWatcherIsToldItsOwnTerminalsRows() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let ada = try TestDriver(games: Self.games, dataDirectory: host, player: "ada")
        let bob = try TestDriver(games: Self.games, dataDirectory: host, journals: true, player: "bob")
        bob.press(.character("g"), .enter, .enter, .up)
        ada.advance(by: .seconds(1))
        ada.press(.down, .enter)
        #expect(ada.screenID == "host.watch", "\(ada.text)")
        ada.size = Size(width: 50, height: 11)
        // The counter needs 40×10 under the header and footer: 12 rows of the watcher's 11.
        #expect(ada.text.contains("11 rows here, 12 needed"), "\(ada.text)")
        ada.size = Size(width: 30, height: 11)
        #expect(ada.text.contains("30×11 here, 40×12 needed"), "\(ada.text)")
        ada.size = Size(width: 50, height: 12)
        #expect(ada.text.contains("Count: 1 of 5"), "\(ada.text)")
    }
}
