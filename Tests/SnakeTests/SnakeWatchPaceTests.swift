import Foundation
@testable import GameHost
import GameHostTesting
@testable import Snake
import Testing

/// A watcher of a Snake round sees the snake move at the pace it moved for the player, even
/// when the player's moves reach it all at once, and sees the same board.
@Suite struct SnakeWatchPaceTests {
    let games = [GameEntry(SnakeGame.self)]

    @Test func movesReadTogetherArePlayedAtTheirRecordedPace() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let ada = try TestDriver(games: games, dataDirectory: host, player: "ada")
        let bob = try TestDriver(games: games, play: "snake", dataDirectory: host, journals: true, player: "bob")
        #expect(bob.model(SnakeViewModel.self)?.phase == .ready)
        // The first key starts the round: the watcher then has one input to begin from.
        bob.press(.right)
        ada.advance(by: .seconds(1))
        ada.press(.down, .enter)
        let watch = try #require(ada.model(WatchViewModel.self))
        #expect(watch.state.inputs == 1)

        // A second and a half of Bob's round is written at once, as if his session had been held up.
        bob.advance(by: .milliseconds(1500))
        let journal = try Journal.parse(try #require(FileManager.default.contents(atPath: host + "/players/bob/snake/journal.jsonl")))
        let recorded = journal.inputs.map(\.time)
        #expect(recorded.count > 5)
        // When Ada's copy plays each, on her clock, looked at every millisecond.
        var playedAt: [Double] = []
        for _ in 0..<2000 where playedAt.count < recorded.count - 1 {
            ada.advance(by: .milliseconds(1))
            while watch.state.inputs - 1 > playedAt.count { playedAt.append(ada.elapsed.seconds) }
        }
        #expect(playedAt.count == recorded.count - 1, "\(playedAt.count) of \(recorded.count - 1) played")
        func gaps(_ times: [Double]) -> [Int] { zip(times.dropFirst(), times).map { Int((($0 - $1) * 1000).rounded()) } }
        #expect(gaps(playedAt) == gaps(Array(recorded.dropFirst())), "played \(gaps(playedAt)), recorded \(gaps(recorded))")
        // And the board is Bob's.
        let size = Size(width: 60, height: 20)
        #expect(watch.copy?.topScreen?.render(size).text == bob.session.topScreen?.render(size).text)
    }
}
