import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// The guide's real-time example for two seats (docs/guide.md, "A real-time game for two"),
/// whose files the guide shows as they are here: the rules, one terminal, a room whose ticks
/// are lines of its journal, and the suite.
@Suite struct TugOfWarTests {
    @Test func theKnotMovesTowardTheStrongerPullAndAnEndWins() {
        var rope = TugOfWarRope()
        rope.pull(1)
        rope.pull(1)
        rope.pull(0)
        rope.step()
        #expect(rope.knot == 1 && rope.pulls == [0, 0])
        rope.step()
        #expect(rope.knot == 1, "no pull, no move")
        for _ in 0..<9 {
            rope.pull(0)
            rope.step()
        }
        #expect(rope.winner == 0 && rope.knot == -TugOfWarRope.reach)
        rope.pull(1)
        rope.step()
        #expect(rope.knot == -TugOfWarRope.reach, "a won game stays won")
    }

    @Test func onOneTerminalTwoPlayersShareTheKeyboard() throws {
        let driver = try TestDriver(games: [GameEntry(TugOfWarGame.self)], play: TugOfWarGame.info.id)
        let model = try #require(driver.model(TugOfWarViewModel.self))
        driver.press(.character("l"), .character("l"), .character("a"))
        driver.advance(by: .milliseconds(200))
        #expect(model.rope.knot == 1)
        for _ in 0..<9 {
            driver.press(.character("a"))
            driver.advance(by: .milliseconds(200))
        }
        #expect(driver.text.contains("Player 1 wins") && model.ticks == nil, "\(driver.text)")
        driver.press(.character("n"))
        #expect(model.rope == TugOfWarRope())
    }

    /// Two seats' processes and a spectator's: the ticks come as lines of the room's journal,
    /// written by the seat keeping the clock, and every copy draws the same rope.
    @Test func inARoomEverySeatAndTheSpectatorSeeTheSameRope() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let games = [GameEntry(TugOfWarGame.self)], size = Size(width: 60, height: 12)
        let ann = try TestDriver(games: games, size: size, dataDirectory: host, player: "ann")
        ann.press(.character("g"), .enter, .character("o"))
        let code = try #require(ann.model(RoomViewModel.self)?.code, "\(ann.text)")
        let bob = try TestDriver(games: games, size: size, dataDirectory: host, player: "bob")
        #expect(bob.session.hosting!.joinRoom(code) == nil)
        let cy = try TestDriver(games: games, size: size, dataDirectory: host, player: "cy")
        cy.session.hosting!.watchRoom(code)
        ann.wakeUp()
        TestDriver.align([ann, bob, cy])
        func rope(_ driver: TestDriver) -> TugOfWarRope? {
            (driver.model(RoomViewModel.self)?.game.top?.model as? TugOfWarViewModel)?.rope
        }
        bob.press(.space)
        bob.press(.space)
        ann.press(.space)
        TestDriver.run([ann, bob, cy], for: .milliseconds(450))
        cy.advance(by: RoomViewModel.spectatorDelay)
        #expect(rope(ann)?.knot == 1 && rope(bob) == rope(ann) && rope(cy) == rope(ann))
        let journal = try RoomJournalReader(path: Rooms(directory: host + "/rooms").journalPath(code)).readNew()
        let ticks = journal.filter { if case .input(.tick, _) = $0.line { true } else { false } }
        #expect(ticks.count == 2, "a tick line each 200 ms: \(ticks)")
        #expect(ann.text.contains("┼●") && bob.text.contains("┼●") && cy.text.contains("┼●"), "\(cy.text)")
    }

    @Test func itPassesTheConformanceSuite() {
        let report = ConformanceSuite.check(TugOfWarGame.self)
        #expect(report.passed, "\(report.text)")
    }
}
