import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// The room's clock (issue 39): a ticking game's ticks are lines of the room's journal, written
/// by the seat that keeps the clock, so every seat and spectator applies the same ticks between
/// the same inputs; when the keeper stalls another seat takes the clock over, and no tick is
/// lost or written twice.
@Suite struct RoomClockTests {
    static let games = [GameEntry(PacerGame.self)]
    let host = TestDriver.temporaryDirectory()
    let size = Size(width: 64, height: 16)

    /// ada opens a room of Pacer, bob joins it; both processes see each other.
    func room() throws -> (ada: TestDriver, bob: TestDriver, code: RoomCode) {
        let ada = try TestDriver(games: Self.games, size: size, dataDirectory: host, player: "ada")
        ada.press(.character("g"), .enter, .character("o"))
        let code = try #require(ada.model(RoomViewModel.self)?.code, "\(ada.text)")
        let bob = try TestDriver(games: Self.games, size: size, dataDirectory: host, player: "bob")
        #expect(bob.session.hosting!.joinRoom(code) == nil)
        ada.wakeUp()
        TestDriver.align([ada, bob])
        return (ada, bob, code)
    }

    func copy(_ driver: TestDriver) -> PacerViewModel? {
        driver.model(RoomViewModel.self)?.game.top?.model as? PacerViewModel
    }

    func ticks(_ code: RoomCode) throws -> [(time: Double, seat: Seat?)] {
        try RoomJournalReader(path: Rooms(directory: host + "/rooms").journalPath(code)).readNew().compactMap {
            guard case .input(.tick, let time) = $0.line else { return nil }
            return (time, $0.seat)
        }
    }

    @Test func everySeatAppliesTheSameTicksBetweenTheSameInputs() throws {
        let (ada, bob, code) = try room()
        let watcher = try TestDriver(games: Self.games, size: size, dataDirectory: host, player: "cy")
        watcher.session.hosting!.watchRoom(code)
        TestDriver.align([ada, bob, watcher])
        ada.press(.up)
        TestDriver.run([ada, bob, watcher], for: .milliseconds(350))
        bob.press(.up)
        TestDriver.run([ada, bob, watcher], for: .milliseconds(250))
        watcher.advance(by: RoomViewModel.spectatorDelay)
        let log = try #require(copy(ada)?.log)
        #expect(log.prefix(5) == ["seat 1", "tick 1", "tick 2", "tick 3", "seat 2"], "\(log)")
        #expect(copy(ada)?.count == 5)
        #expect(copy(bob)?.log == log && copy(watcher)?.log == log, "every copy applied the same lines")
        let times = try ticks(code).map(\.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { abs($1 - $0 - 0.1) < 1e-6 },
                "each tick is stamped an interval after the last: \(times)")
    }

    /// Every line of the journal wakes every process of the room, the writer's own too (issue
    /// 39, point 3): the writer applied its line as it wrote it, so that wake has nothing new
    /// to draw, and its process draws no second frame for it. Another seat's line has.
    @Test func aSeatWokenByItsOwnLineHasNothingNewToDraw() throws {
        let (ada, bob, code) = try room()
        ada.press(.up)
        #expect(ada.wakeUp() == false, "ada's key was applied and drawn when she pressed it")
        #expect(bob.wakeUp() == true, "bob has ada's key to apply and draw")
        ada.advance(by: .milliseconds(120))
        let written = try ticks(code)
        #expect(written.map(\.seat) == [Seat(0)], "ada keeps the clock: \(written)")
        #expect(ada.wakeUp() == false, "the tick ada wrote was applied as she wrote it")
        #expect(bob.wakeUp() == true, "bob has the tick to apply and draw")
        #expect(copy(ada)?.log == ["seat 1", "tick 1"] && copy(bob)?.log == copy(ada)?.log, "\(copy(bob)?.log ?? [])")
    }

    /// A seat that does not keep the clock looks at it when the keeper would be overdue by the
    /// grace (a timer set for the tick it expected then). While the keeper keeps time the look
    /// mostly finds nothing to apply and nothing to write: it changes nothing drawn, and the
    /// session keeps the frame it last drew, so its runner draws no copy of it. A look that
    /// writes a tick changes the frame.
    @Test func aLookAtTheClockThatChangesNothingKeepsTheFrameDrawn() throws {
        let (ada, bob, code) = try room()
        ada.press(.up)
        TestDriver.run([ada, bob], for: .milliseconds(150))
        let seat = try #require(bob.model(RoomViewModel.self))
        let look = try #require(seat.clockWake)
        // ada keeps time until just before bob's look, and bob applies her ticks as they come.
        TestDriver.run([ada, bob], for: .milliseconds(Int64(look.timeIntervalSince(seat.now) * 1000) - 5))
        let written = try ticks(code).count
        _ = bob.session.frame(bob.session.screenSize)
        bob.advance(by: .milliseconds(10))
        #expect(seat.clockWake.map { $0 > look } == true, "bob looked, and set his next look")
        #expect(try ticks(code).count == written, "ada is not overdue")
        #expect(bob.session.drawn != nil, "bob's look changed nothing drawn")
        // ada stalls: a grace after the tick she owes, bob's look writes it.
        bob.advance(by: .milliseconds(Int64((seat.clockWake ?? seat.now).timeIntervalSince(seat.now) * 1000) + 1))
        #expect(try ticks(code).last?.seat == Seat(1) && ticks(code).count == written + 1)
        #expect(bob.session.drawn == nil, "bob's look wrote and applied a tick")
    }

    /// A seat waits for its look at the clock with one timer. When the game's pace quickens,
    /// the look comes sooner and a timer is set for it; the one set for the later look still
    /// comes, and must not set a second chain of looks. It did: every follower of a Snake room
    /// (whose countdown ticks slower than its round) looked twice, locking the journal twice,
    /// every 400 ms for the rest of the round.
    @Test func aSeatWaitsForItsLookAtTheClockWithOneTimer() throws {
        let (ada, bob, _) = try room()
        ada.press(.up)
        TestDriver.run([ada, bob], for: .milliseconds(150))
        ada.press(.character("f"))
        func looks() -> Int {
            bob.session.clock.timers.pending.filter {
                guard let intent = $0.intent.value as? RoomViewModel.Intent, case .clock = intent else { return false }
                return true
            }.count
        }
        // The timer set before the change comes within a grace and a tick; from then on, one.
        TestDriver.run([ada, bob], for: .milliseconds(450))
        for _ in 0..<20 {
            TestDriver.run([ada, bob], for: .milliseconds(100))
            #expect(looks() <= 1, "bob waits for \(looks()) looks at the clock")
        }
        let seat = try #require(bob.model(RoomViewModel.self))
        #expect(seat.clockWake != nil && looks() == 1, "bob still looks at the clock")
    }

    @Test func theKeeperWritesTheTicksAndTheOthersDoNot() throws {
        let (ada, bob, code) = try room()
        ada.press(.up)
        TestDriver.run([ada, bob], for: .milliseconds(550))
        let written = try ticks(code)
        #expect(written.count == 5 && written.allSatisfy { $0.seat == Seat(0) },
                "the first to write a tick keeps the clock: \(written.map(\.seat))")
    }

    @Test func whenTheKeeperStallsAnotherSeatTakesTheClockWithNoTickLostOrDoubled() throws {
        let (ada, bob, code) = try room()
        ada.press(.up)
        TestDriver.run([ada, bob], for: .milliseconds(250))
        // ada's process stops (killed or stalled): bob waits out the grace, then keeps time.
        TestDriver.run([bob], for: .milliseconds(250))
        #expect(try ticks(code).count == 2, "within the grace bob leaves the clock to ada")
        TestDriver.run([bob], for: .milliseconds(400))
        // ada comes back and finds bob keeping time: she writes nothing more.
        TestDriver.run([ada, bob], for: .milliseconds(300))
        let written = try ticks(code)
        #expect(written.contains { $0.seat == Seat(1) } && written.last?.seat == Seat(1), "\(written.map(\.seat))")
        let times = written.map(\.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { abs($1 - $0 - 0.1) < 1e-6 },
                "every tick once, an interval apart, whoever wrote it: \(times)")
        #expect(copy(ada)?.log == copy(bob)?.log)
        #expect(copy(bob)?.count == written.count)
    }

    /// A line written while a tick is overdue (a key, or a seat's leaving, within the keeper's
    /// grace) comes before that tick in the journal with a later time: the tick is applied
    /// after it, and the ticks after keep their pace from when it was due. (Through sshd a
    /// killed keeper's `left` line, written in the grace, put every later tick off by as much.)
    @Test func aLineWrittenWhileATickIsOverdueDoesNotPutTheLaterTicksOff() throws {
        let (ada, bob, code) = try room()
        ada.press(.up)
        TestDriver.run([ada, bob], for: .milliseconds(250))
        // ada stalls; within her grace bob marks, after the moment the third tick fell due.
        TestDriver.run([bob], for: .milliseconds(150))
        bob.press(.up)
        TestDriver.run([bob], for: .milliseconds(500))
        let times = try ticks(code).map(\.time)
        #expect(times.count >= 6, "\(times)")
        #expect(zip(times, times.dropFirst()).allSatisfy { abs($1 - $0 - 0.1) < 1e-6 },
                "an interval apart after the late tick as before it: \(times)")
        TestDriver.run([ada, bob], for: .milliseconds(20))
        #expect(copy(bob)?.log.prefix(4) == ["seat 1", "tick 1", "tick 2", "seat 2"], "\(copy(bob)?.log ?? [])")
        #expect(copy(ada)?.log == copy(bob)?.log)
    }

    @Test func aReplayOfTheJournalAppliesTheSameTicks() throws {
        let (ada, bob, code) = try room()
        ada.press(.up)
        TestDriver.run([ada, bob], for: .milliseconds(230))
        bob.press(.up)
        TestDriver.run([ada, bob], for: .milliseconds(120))
        let path = Rooms(directory: host + "/rooms").journalPath(code)
        let lines = try RoomJournalReader(path: path).readNew()
        let replay = RoomGame(entry: Self.games[0], journal: nil, reported: { _ in })
        let parsed = try #require(try RoomJournalReader.parseRoom(try Data(contentsOf: URL(fileURLWithPath: path))))
        try replay.start(parsed.header, files: RoomJournalReader.files(lines))
        for line in lines { replay.apply(line) }
        #expect(copy(ada)?.log.contains("tick 2") == true && copy(ada)?.log.contains("seat 2") == true)
        #expect((replay.top?.model as? PacerViewModel)?.log == copy(ada)?.log)
    }

    @Test func aGameThatStopsTickingGetsNoMoreTickLines() throws {
        let (ada, bob, code) = try room()
        ada.press(.up)
        TestDriver.run([ada, bob], for: .milliseconds(150))
        ada.press(.character("s"))
        let before = try ticks(code).count
        #expect(before >= 1)
        TestDriver.run([ada, bob], for: .seconds(1))
        #expect(try ticks(code).count == before)
    }
}
