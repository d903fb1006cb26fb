import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// A room's process that the kernel gave no inotify instance (the hosting account past
/// `max_user_instances`) follows the room's journal at the room's pace: a quarter of a tick in
/// a ticking game, 40 ms in a game of turns. It used to read it once a second (issue 39 point 3).
@Suite struct RoomWithoutInotifyTests {
    let host = TestDriver.temporaryDirectory()
    let size = Size(width: 64, height: 16)

    /// ada opens a room of `games[0]`; `joiner` joins it (sits, or watches) as its player.
    func room(_ games: [GameEntry], joiner: String, watching: Bool = false,
              inotify: Bool = false) throws -> (ada: TestDriver, other: TestDriver) {
        let ada = try TestDriver(games: games, size: size, dataDirectory: host, player: "ada")
        ada.press(.character("g"), .enter, .character("o"))
        let code = try #require(ada.model(RoomViewModel.self)?.code, "\(ada.text)")
        let other = try TestDriver(games: games, size: size, dataDirectory: host, player: joiner)
        // Where the room's watcher is made: as if the kernel refused this process an instance.
        if !inotify { other.session.hosting!.folders = nil }
        if watching {
            other.session.hosting!.watchRoom(code)
        } else {
            #expect(other.session.hosting!.joinRoom(code) == nil)
        }
        #expect(other.model(RoomViewModel.self)?.watcher == nil)
        ada.wakeUp()
        TestDriver.align([ada, other])
        return (ada, other)
    }

    func pacer(_ driver: TestDriver) -> PacerViewModel? {
        driver.model(RoomViewModel.self)?.game.top?.model as? PacerViewModel
    }

    @Test func aSeatOfATickingRoomAppliesAnotherSeatsLinesWithinATick() throws {
        let (ada, bob) = try room([GameEntry(PacerGame.self)], joiner: "bob")
        ada.press(.up)
        // When each line of the game's log first showed at each seat, in ms after ada's key.
        var shown: (ada: [Int], bob: [Int]) = ([], [])
        for now in stride(from: 5, through: 420, by: 5) {
            TestDriver.run([ada, bob], for: .milliseconds(5))
            while shown.ada.count < pacer(ada)?.log.count ?? 0 { shown.ada.append(now) }
            while shown.bob.count < pacer(bob)?.log.count ?? 0 { shown.bob.append(now) }
        }
        #expect(pacer(ada)?.log == ["seat 1", "tick 1", "tick 2", "tick 3", "tick 4"], "\(pacer(ada)?.log ?? [])")
        #expect(pacer(bob)?.log == pacer(ada)?.log)
        let lags = zip(shown.bob, shown.ada).map { $0 - $1 }
        // The game did not tick before ada's key: it shows as in a game of turns.
        #expect(lags.first.map { $0 <= 40 } == true, "ada's key within 40 ms: \(lags)")
        #expect(lags.dropFirst().allSatisfy { $0 <= 25 }, "each tick within a quarter of the tick: \(lags)")
    }

    @Test func thePaceIsAQuarterTickAndAKeyShowsWithin40Milliseconds() {
        #expect(RoomViewModel.followPace(tick: .milliseconds(100)) == .milliseconds(25))
        #expect(RoomViewModel.followPace(tick: nil) == .milliseconds(40), "a game of turns")
        #expect(RoomViewModel.followPace(tick: .seconds(1)) == .milliseconds(40), "slow ticks")
        #expect(RoomViewModel.followPace(tick: .milliseconds(8)) == .milliseconds(5), "very fast ticks")
    }

    @Test func aSpectatorOfARoomOfTurnsSeesAKeyWithin40Milliseconds() throws {
        let (ada, cy) = try room([GameEntry(DuelGame.self)], joiner: "cy", watching: true)
        let bob = try TestDriver(games: [GameEntry(DuelGame.self)], size: size, dataDirectory: host, player: "bob")
        let code = try #require(ada.model(RoomViewModel.self)?.code)
        #expect(bob.session.hosting!.joinRoom(code) == nil)
        ada.wakeUp()
        TestDriver.run([ada, bob, cy], for: .seconds(1))
        #expect(cy.model(RoomViewModel.self)?.room.started != nil, "\(cy.text)")
        let before = try #require(cy.model(RoomViewModel.self)?.game.applied)
        ada.press(.up)
        TestDriver.run([ada, bob, cy], for: .milliseconds(45))
        #expect(cy.model(RoomViewModel.self)?.game.applied == before + 1, "\(cy.text)")
    }

    @Test func theOpenerSeesTheRoomStartWithin40Milliseconds() throws {
        let games = [GameEntry(PacerGame.self)]
        let ada = try TestDriver(games: games, size: size, dataDirectory: host, player: "ada")
        ada.session.hosting!.folders = nil
        ada.press(.character("g"), .enter, .character("o"))
        let code = try #require(ada.model(RoomViewModel.self)?.code, "\(ada.text)")
        let bob = try TestDriver(games: games, size: size, dataDirectory: host, player: "bob")
        #expect(bob.session.hosting!.joinRoom(code) == nil)
        TestDriver.align([ada, bob])
        TestDriver.run([ada, bob], for: .milliseconds(45))
        #expect(ada.model(RoomViewModel.self)?.room.started != nil, "\(ada.text)")
    }
}
