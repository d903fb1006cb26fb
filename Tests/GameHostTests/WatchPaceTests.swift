import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// A watcher plays what it reads of a journal at the pace it was recorded: a bunch of lines
/// read at once is spread out again, a watcher who comes in mid-round catches up at once, and
/// one left far behind by a hold-up plays faster until it is close again.
@Suite struct WatchPaceTests {
    /// When each input is played, for inputs `recorded` at their times and written to the
    /// journal at `written` (the watcher's clock), read by polls every `poll` seconds and played
    /// when due, as `WatchViewModel` does with its timer.
    func played(_ inputs: [(recorded: Double, written: Double)], poll: Double = 0.1,
                caughtUpTo start: Double? = nil) -> [Double] {
        var pace = WatchPace()
        pace.caughtUp(to: start, at: 0)
        var read = 0, played: [Double] = []
        var now = 0.0
        while played.count < inputs.count, now < 1000 {
            // What is due at this moment is played first, then the poll reads.
            while played.count < read, pace.due(inputs[played.count].recorded, newest: inputs[read - 1].recorded) <= now + 1e-9 {
                pace.played(inputs[played.count].recorded, at: now)
                played.append(now)
            }
            if (now / poll - (now / poll).rounded()).magnitude < 1e-9 {
                let before = read
                while read < inputs.count, inputs[read].written <= now + 1e-9 { read += 1 }
                if read > before { pace.read(at: now, nothingWaiting: played.count == before) }
            }
            while played.count < read, pace.due(inputs[played.count].recorded, newest: inputs[read - 1].recorded) <= now + 1e-9 {
                pace.played(inputs[played.count].recorded, at: now)
                played.append(now)
            }
            // The next moment: the next poll, or the next input's due time if sooner.
            var next = ((now + 1e-9) / poll).rounded(.down) * poll + poll
            if played.count < read {
                next = min(next, pace.due(inputs[played.count].recorded, newest: inputs[read - 1].recorded))
            }
            now = (next * 1e6).rounded() / 1e6
        }
        return played
    }

    func gaps(_ times: [Double]) -> [Double] {
        zip(times.dropFirst(), times).map { (($0 - $1) * 1000).rounded() / 1000 }
    }

    @Test func aBunchReadAtOnceIsPlayedAtItsRecordedPace() {
        // Four ticks a quarter second apart, all written at 1.0 (the player's session was held up).
        let ticks = (1...4).map { (recorded: Double($0) * 0.25, written: 1.0) }
        let times = played(ticks, caughtUpTo: 0)
        #expect(times.first == 1.0, "the first as soon as it is read: \(times)")
        #expect(gaps(times) == [0.25, 0.25, 0.25])
    }

    @Test func aLiveTickingGameKeepsItsPaceThroughThePollsRhythm() {
        // Snake's pace: a tick every 0.15 s, each written as it happens, read every 0.1 s.
        let ticks = (1...20).map { (recorded: Double($0) * 0.15, written: Double($0) * 0.15) }
        let times = played(ticks, caughtUpTo: 0)
        #expect(gaps(times).allSatisfy { $0 == 0.15 }, "\(gaps(times))")
        // Behind the player by less than a poll.
        #expect(zip(times, ticks).allSatisfy { $0 - $1.written < 0.1 + 1e-9 }, "\(times)")
    }

    @Test func theFirstInputAfterAQuietSpellIsNotHeldBack() {
        // The player stopped for ten seconds; the watcher saw them pass.
        let keys = [(recorded: 1.0, written: 1.0), (recorded: 11.0, written: 11.0), (recorded: 11.5, written: 11.5)]
        let times = played(keys, caughtUpTo: 0.5)
        #expect(times == [1.0, 11.0, 11.5], "\(times)")
    }

    @Test func aWatcherFarBehindPlaysFasterUntilItIsCloseAgain() {
        // Six seconds of ticks written at once: two seconds behind at most is made up at double pace.
        let ticks = (1...24).map { (recorded: Double($0) * 0.25, written: 6.0) }
        let times = played(ticks, caughtUpTo: 0)
        let spacing = gaps(times)
        #expect(spacing.prefix(14).allSatisfy { $0 == 0.125 }, "\(spacing)")
        #expect(spacing.suffix(9).allSatisfy { $0 == 0.25 }, "\(spacing)")
        #expect(Set(spacing).count == 2, "every move is played, none skipped: \(spacing)")
    }
}

/// A game that keeps time: a beat every quarter second.
private final class BeatViewModel: ViewModel {
    enum Intent: String, Codable, Sendable { case beat }
    private(set) var beats = 0
    var state: Int { beats }
    var ticks: Ticks<Intent>? { Ticks(every: .milliseconds(250), .beat) }
    func handle(_ intent: Intent) -> [Effect<Intent>] {
        beats += 1
        return []
    }
}

private struct BeatView: ScreenView {
    func title(_ model: BeatViewModel) -> String { "Metronome" }
    func render(_ model: BeatViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        frame.write("Beat \(model.beats)", row: 1, column: 1)
        return frame
    }
    func bindings(_ model: BeatViewModel) -> [KeyBinding<BeatViewModel.Intent>] { [] }
}

private enum BeatGame: GameModule {
    static let info = GameInfo(id: "metronome", title: "Metronome", summary: "Beats time")
    static func makeRoot(_ preferences: NoPreferences, _ context: GameContext) -> Screen {
        Screen(id: "metronome.main", model: BeatViewModel(), view: BeatView())
    }
}

/// The same, through two sessions on scripted clocks: bob's ticking game, ada watching.
@Suite struct WatchingAtPaceTests {
    let games = [GameEntry(BeatGame.self)]

    func beat(_ driver: TestDriver) -> Int? {
        driver.lines.lazy.compactMap { line in line.split(separator: " ").drop { $0 != "Beat" }.dropFirst().first }
            .compactMap { Int($0) }.first
    }

    /// Bob has played `before` of game time when Ada opens his game from the lobby.
    func watching(after before: Duration) throws -> (ada: TestDriver, bob: TestDriver) {
        let host = TestDriver.temporaryDirectory()
        let ada = try TestDriver(games: games, dataDirectory: host, player: "ada")
        let bob = try TestDriver(games: games, dataDirectory: host, journals: true, player: "bob")
        bob.press(.character("g"), .enter, .enter)
        bob.advance(by: before)
        ada.advance(by: .seconds(1))
        ada.press(.down, .enter)
        #expect(ada.screenID == "host.watch")
        return (ada, bob)
    }

    @Test func aWatcherWhoComesMidRoundCatchesUpAtOnce() throws {
        let (ada, bob) = try watching(after: .seconds(3))
        #expect(beat(bob) == 12)
        #expect(beat(ada) == 12, "\(ada.text)")
    }

    @Test func beatsReadTogetherArePlayedAQuarterSecondApart() throws {
        let (ada, bob) = try watching(after: .milliseconds(250))
        #expect(beat(ada) == 1)
        // Bob's next second is written at once, as if his session had been held up.
        bob.advance(by: .seconds(1))
        #expect(beat(bob) == 5)
        var seen: [Int?] = []
        for step in [100, 100, 100, 150, 250, 250, 250] {
            ada.advance(by: .milliseconds(step))
            seen.append(beat(ada))
        }
        // Read at 0.1 s, the first played at 0.2 s, then one every quarter second.
        #expect(seen == [1, 2, 2, 3, 4, 5, 5], "\(seen)")
    }
}
