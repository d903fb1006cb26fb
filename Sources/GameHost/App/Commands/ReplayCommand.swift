#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `gamehost replay FILE [--check] [--speed X] [--cast OUT [--size WxH]]`: a journal or a
/// `--trace` file played back, on screen at its recorded pace, checked without drawing, or
/// written as an asciinema recording.
///
/// Nothing of the player's is read or written: a journal carries the files its game read and
/// is played on a game's screens alone (`ScreenHost`), in memory; a trace is a whole session's,
/// played in a launcher with a data directory of its own, removed afterwards (a trace carries
/// no files; a game that reads some replays from a fresh folder).
struct ReplayCommand {
    let catalog: [GameEntry]
    let prepared: Launcher.Prepared
    let path: String
    let check: Bool
    let speed: Double
    let plain: Bool
    var colors: Bool
    let size: () -> Size
    /// `--cast OUT`: write an asciinema recording there instead of showing the replay.
    var cast: String? = nil
    /// `--size WxH`: the recording's size.
    var castSize = Size(width: 80, height: 24)

    /// One input of the replay: when it came, what it was, and how to deliver it.
    struct Step {
        let time: Double
        let name: String
        let run: () throws(JournalError) -> Void
    }

    /// A replay made ready: how it draws, its inputs, and what ends it.
    struct Playback {
        /// The whole terminal at a size, as the player saw it.
        let frame: (Size) -> Frame
        /// The game's, for a recording's title.
        let title: String?
        let steps: [Step]
        /// Delivers what comes after the last input and ends the replay.
        let finish: () throws(JournalError) -> Void
    }

    func run() throws(Launcher.Failure) -> Int32 {
        guard let data = FileBytes.contents(path) else {
            throw .other("cannot read \(path): \(Self.whyUnreadable(path))", Launcher.ExitCode.failure)
        }
        // Read as one terminal's journal, a room's would drop the seats its inputs came from.
        if !Trace.isTrace(data), (try? RoomJournalReader.parseRoom(data)) != nil {
            throw .other("\(path) is a room's journal (its inputs come from seats): replay it from the Scores "
                         + "screen of a player who sat in the room", Launcher.ExitCode.failure)
        }
        let directory = Path.temporaryDirectory() + "/gamehost-replay-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let playback = Trace.isTrace(data)
                ? try trace(Trace.parse(data), directory: directory)
                : try journal(Journal.parse(data))
            let steps = playback.steps
            if check {
                for (index, step) in steps.enumerated() {
                    do {
                        try step.run()
                    } catch {
                        print("diverged at input \(index + 1) (\(step.name)): \(error)")
                        return Launcher.ExitCode.failure
                    }
                }
                try playback.finish()
                print("\(path): \(steps.count) inputs replayed; every recorded state matches")
                return Launcher.ExitCode.ok
            }
            if let cast { return try record(playback, to: cast) }
            try show(playback)
            try? playback.finish()
            return Launcher.ExitCode.ok
        } catch let error as JournalError {
            if case .diverged(let input, _, _) = error {
                print("diverged at input \(input): \(error)")
                return Launcher.ExitCode.failure
            }
            throw .other("\(path) cannot be replayed: \(error)", Launcher.ExitCode.failure)
        } catch {
            throw .other("\(error)", Launcher.ExitCode.failure)
        }
    }

    /// Why a file's bytes could not be had, in words: "no such file", "it is a folder"…
    static func whyUnreadable(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            return errno == ENOENT ? "no such file" : String(cString: strerror(errno)).lowercased()
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return "it is a folder, not a journal"
        case S_IFLNK: return "it is a symbolic link; name the file it points to"
        case S_IFREG: return access(path, R_OK) == 0 ? "it could not be read" : "permission denied"
        default: return "it is not a regular file"
        }
    }

    private func session(seed: UInt64, overrides: [String: PreferenceValues], directory: String,
                         clock: @escaping () -> Date) -> Session {
        let store = DataStore(directory: directory, report: { _ in })
        let preferences = PreferenceStore(games: catalog, config: prepared.config, store: store,
                                          overrides: overrides, report: { _ in })
        return Session(.init(games: catalog, preferences: preferences, scores: ScoreBook(store: store),
                             dataDirectory: directory, seed: seed, clock: clock, timeZone: .current))
    }

    /// One game's journal, on that game's screens alone, as watching and Scores play it.
    private func journal(_ journal: Journal) throws(JournalError) -> Playback {
        guard let entry = catalog.first(where: { $0.id == journal.header.game }) else {
            throw .otherGame("it is a journal of '\(TextSanitizer.brief(journal.header.game))', a game this GameHost does not have")
        }
        let host = ScreenHost()
        let replayer = try Replayer(host, journal, entry)
        let steps = journal.inputs.map { input in
            Step(time: input.time, name: input.input.name) { () throws(JournalError) in _ = try replayer.step() }
        }
        return Playback(frame: host.frame, title: entry.info.title, steps: steps, finish: { () throws(JournalError) in
            // Checks after the last input.
            while try replayer.step() {}
            try replayer.finish(checkFiles: false)
        })
    }

    /// A trace is of a whole session (the menu, preferences forms, games one after another):
    /// a launcher is what it replays, not a nested one that runs a game's screens.
    private func trace(_ trace: Trace, directory: String) throws(JournalError) -> Playback {
        var overrides: [String: PreferenceValues] = [:]
        for (id, fields) in trace.header.preferences {
            guard let entry = catalog.first(where: { $0.id == id }) else { continue }
            let journal = Journal(header: JournalHeader(journal: 1, game: id, version: entry.info.version,
                                                        preferences: fields, random: SeededGenerator(seed: 0),
                                                        started: 0, checkEvery: 1), lines: [])
            overrides[id] = try journal.preferences(for: entry)
        }
        let started = Date(timeIntervalSince1970: trace.header.started)
        let clock = ReplayClock(started)
        let session = session(seed: UInt64(trace.header.seed) ?? 0, overrides: overrides, directory: directory,
                              clock: { clock.now })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var produced: [JSONValue] = []
        session.trace = { record in
            if let data = try? encoder.encode(record), let json = try? JSONValue.parse(data) { produced.append(json) }
        }
        if let game = trace.header.game { session.play(game) }
        var compared = 0
        /// Every record the replay produced so far against the file's: the first that differs.
        func compare() throws(JournalError) {
            while compared < produced.count {
                guard compared < trace.records.count else {
                    throw .diverged(input: compared + 1, expected: "the end of the trace", found: "more inputs")
                }
                let expected = Self.comparable(trace.records[compared].json)
                let found = Self.comparable(produced[compared])
                guard expected == found else {
                    throw .diverged(input: compared + 1, expected: expected.description, found: found.description)
                }
                compared += 1
            }
        }
        // Keys are pressed at their times; ticks and timers are steps of their own (time let
        // pass up to them), so a replay on screen or in a recording draws each.
        let steps = trace.records.filter { Key(name: $0.input) != nil || ["tick", "timer"].contains($0.input) }.map { record in
            Step(time: record.time, name: record.input) { () throws(JournalError) in
                clock.now = started.addingTimeInterval(record.time)
                if let key = Key(name: record.input) {
                    session.handle(key)
                } else {
                    session.advanceTime(to: clock.now)
                }
                try compare()
            }
        }
        let title = trace.header.game.flatMap { game in catalog.first { $0.id == game } }?.info.title
        return Playback(frame: session.frame, title: title, steps: steps, finish: { () throws(JournalError) in
            if let last = trace.records.last { session.advanceTime(to: started.addingTimeInterval(last.time)) }
            try compare()
            if compared < trace.records.count {
                throw .diverged(input: compared + 1, expected: trace.records[compared].input, found: "no input")
            }
        })
    }

    /// A record without its time (a sum of floating-point seconds, not exact across runs).
    private static func comparable(_ json: JSONValue) -> JSONValue {
        guard case .object(var fields) = json else { return json }
        fields["time"] = nil
        return .object(fields)
    }

    // MARK: - On screen

    /// Plays the steps at their recorded pace: Space pauses, → steps one input, q quits.
    private func show(_ playback: Playback) throws {
        let steps = playback.steps
        let interactive = !plain && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        let terminal = interactive ? try RawTerminal() : nil
        defer { terminal?.restore() }
        var encoder = FrameEncoder(colors: colors)
        var last: [UInt8] = []
        var index = 0
        var paused = false
        var decoder = KeyDecoder()
        var inputOpen = true

        func draw() {
            var frame = playback.frame(size())
            let state = index == steps.count ? "end" : paused ? "paused" : "▶ ×\(Self.format(speed))"
            let status = " replay \(index)/\(steps.count) · \(state) · Space pause · → step · q quit "
            let width = DisplayWidth.of(status)
            if width <= frame.size.width {
                frame.write(status, row: 0, column: frame.size.width - width, style: .reverse)
            }
            if interactive {
                RawTerminal.writeAll(encoder.encode(frame))
                return
            }
            let page = frame.plainPage
            if page != last {
                last = page
                RawTerminal.writeAll(page)
            }
        }
        func step() throws {
            guard index < steps.count else { return }
            try steps[index].run()
            index += 1
        }

        draw()
        // When the next input is due; nil until it is scheduled after the one before.
        var due: Date?
        while true {
            if index == steps.count, !interactive || !inputOpen { return }
            let playing = !paused && index < steps.count
            if playing, due == nil {
                let gap = steps[index].time - (index > 0 ? steps[index - 1].time : 0)
                // Long pauses of the player's are shortened: nobody waits minutes for a replay.
                due = Date().addingTimeInterval(min(max(0, gap) / speed, 5))
            }
            let timeout: Int32 = playing
                ? Int32(max(0, min(due!.timeIntervalSinceNow * 1000, 5_000)).rounded(.up))
                : (decoder.hasPending ? 30 : -1)
            var ready: Int32 = 0
            if inputOpen {
                var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                ready = poll(&descriptor, 1, timeout)
                if ready < 0, errno == EINTR { continue }
            } else if timeout > 0 {
                usleep(UInt32(timeout) * 1000)
            }
            var keys: [Key] = []
            if ready > 0 {
                var buffer = [UInt8](repeating: 0, count: 256)
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count <= 0 { inputOpen = false } else { keys = Self.keys(decoder.feed(buffer[0..<count])) }
            } else {
                keys = Self.keys(decoder.flush())
            }
            if keys.isEmpty, playing, let when = due, when <= Date() {
                try step()
                due = nil
                draw()
                continue
            }
            for key in keys {
                switch key {
                case .character("q"), .escape, .control("c"): return
                case .space:
                    paused.toggle()
                    due = nil
                case .right:
                    paused = true
                    try step()
                default: break
                }
                draw()
            }
        }
    }

    /// The keys among input events: a replay is driven by keys only.
    private static func keys(_ events: [InputEvent]) -> [Key] {
        events.compactMap { if case .key(let key) = $0 { key } else { nil } }
    }

    private static func format(_ speed: Double) -> String {
        speed == speed.rounded() ? String(Int(speed)) : String(speed)
    }
}

/// The time a trace's replay is at: each input's recorded moment.
private final class ReplayClock: @unchecked Sendable {
    var now: Date
    init(_ now: Date) { self.now = now }
}
