#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// A session as the checks run it, and the test kit's `TestDriver` with them: an empty
/// config (every game with its schema's defaults), a fresh data directory, dates in UTC,
/// and a clock that moves only when told, so the same steps give the same session.
package final class Harness {
    package let session: Session
    package let clock: VirtualClock
    package let dataDirectory: String
    private let ownsDirectory: Bool
    /// Every trace record so far, as JSON lines (when made with `trace: true`).
    package private(set) var traceLines: [String] = []

    package init(games: [GameEntry], play: String? = nil, preferences: PreferenceValues = [:], seed: UInt64 = 1,
                 size: Size = Size(width: 80, height: 24), dataDirectory: String? = nil, configJSON: String? = nil,
                 trace: Bool = false, journals: Bool = false, player: String? = nil,
                seating: Seating = .oneTerminal) throws {
        ownsDirectory = dataDirectory == nil
        let directory = dataDirectory ?? Self.temporaryDirectory()
        self.dataDirectory = directory
        // A hosted session: the data folder is the host's, the player's files are in theirs.
        let hosted = player.map { HostedPlayer(name: $0, hostDirectory: directory) }
        let playerDirectory = hosted?.dataDirectory ?? self.dataDirectory
        let clock = VirtualClock()
        self.clock = clock
        let config = try Config.parse(Data((configJSON ?? "{}").utf8), source: "config.json", games: games)
        let notices = NoticeCollector()
        let store = DataStore(directory: playerDirectory, now: clock.now, report: notices.add)
        var overrides: [String: PreferenceValues] = [:]
        if let play { overrides[play] = preferences }
        let menu = config.menu.compactMap { id in games.first { $0.id == id } }
        let preferenceStore = PreferenceStore(games: menu, config: config, store: store, overrides: overrides,
                                              report: notices.add)
        var setup = Session.Setup(games: menu, preferences: preferenceStore, scores: ScoreBook(store: store),
                                  dataDirectory: playerDirectory, seed: seed, clock: clock.now,
                                  timeZone: TimeZone(secondsFromGMT: 0)!)
        setup.journals = journals
        if let hosted {
            var hosting = HostedServices.Setup(player: hosted)
            if config.hosting.idleTimeout > 0 { hosting.idleTimeout = .seconds(config.hosting.idleTimeout) }
            hosting.journalLimit = config.hosting.maxJournalKB * 1024
            hosting.dataLimit = FolderLimit(folder: playerDirectory, bytes: config.hosting.maxDataKB * 1024)
            store.limit = hosting.dataLimit
            setup.hosting = hosting
        }
        setup.journalHistory = config.journalHistory
        session = Session(setup)
        // Weakly: the session owns the store that owns `notices`, so a strong reference
        // here would keep every session alive forever (LeakSanitizer found it).
        notices.forward { [weak session] in session?.notify($0) }
        if trace {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            session.trace = { [unowned self] record in
                let data = (try? encoder.encode(record)) ?? Data("encoding failed".utf8)
                traceLines.append(String(decoding: data, as: UTF8.self))
            }
        }
        session.terminalSize = size
        session.seating = seating
        if let play { session.play(play) }
    }

    deinit {
        if ownsDirectory { try? FileManager.default.removeItem(atPath: dataDirectory) }
    }

    package static func temporaryDirectory() -> String {
        ScratchFolders.make(prefix: "gamehost-test-")
    }

    /// A key as it arrives: one second after the last on the session's clock, or at once
    /// while a screen keeps time (so a key brings no burst of ticks; waits move time then).
    package func press(_ key: Key) {
        clock.advance(by: session.nextDeadline == nil ? .seconds(1) : .zero)
        session.handle(key)
    }

    /// A key from one seat of a room, at the same pace.
    package func press(_ key: Key, from seat: Seat?) {
        clock.advance(by: session.nextDeadline == nil ? .seconds(1) : .zero)
        session.handle(key, from: seat)
    }

    /// A seat's click, resolved to what its region sends, at the same pace.
    package func click(_ event: MouseEvent, sending value: any Sendable, from seat: Seat) {
        clock.advance(by: session.nextDeadline == nil ? .seconds(1) : .zero)
        session.handle(event, sending: value, from: seat)
    }

    /// Time passing with no key: due ticks and timers are delivered, each at its time.
    package func wait(milliseconds: Int) {
        clock.advance(by: .milliseconds(milliseconds))
        session.advanceTime(to: clock.now())
    }
}

/// A clock that only moves when told. It counts exactly from the same date on every run, so
/// a thousand steps of 100 ms are 100 s on the dot.
package final class VirtualClock: @unchecked Sendable {
    private static let start = Date(timeIntervalSince1970: 1_780_000_000)
    private var offset = Duration.zero
    package init() {}
    package func now() -> Date {
        let (seconds, attoseconds) = offset.components
        return Self.start.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    }
    package func advance(by duration: Duration = .seconds(1)) { offset += max(.zero, duration) }
}
