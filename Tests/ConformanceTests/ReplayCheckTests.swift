import Foundation
import BuiltInGames
import GameHost
import GameHostTesting
import Testing

/// `gamehost replay FILE --check` over a journal and a trace of every game: each replays to
/// the states it recorded, and a journal whose fingerprint was altered is reported.
@Suite struct ReplayCheckTests {
    static let ids = BuiltInGames.entries.map(\.id)

    /// Seeded random keys a player might press in a game, never the ones that leave it.
    static func keys(_ driver: TestDriver, count: Int, seed: UInt64) -> [Key] {
        var random = SeededGenerator(seed: seed)
        var keys: [Key] = []
        for _ in 0..<count {
            guard let screen = driver.session.topScreen else { break }
            let key = RandomWalk.pick(screen.bindings(), atMenu: true, using: &random)
            guard key != .control("c"), key != .character("?") else { continue }
            driver.press(key)
            keys.append(key)
        }
        return keys
    }

    func replayCheck(_ file: String, in directory: String) throws -> Int32 {
        let config = directory + "/config.json"
        try "{}".write(toFile: config, atomically: true, encoding: .utf8)
        let arguments = try Arguments.parse(["replay", file, "--check", "--config", config])
        return Launcher(catalog: BuiltInGames.entries, builtInConfig: BuiltInGames.shippedConfig).run(arguments)
    }

    @Test("a journal of every game replays to its fingerprints", arguments: ids)
    func journal(_ id: String) throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let driver = try TestDriver(games: BuiltInGames.entries, play: id, seed: 11, dataDirectory: directory, journals: true)
        _ = Self.keys(driver, count: 300, seed: 5)
        // Read while the game is open: closed with no round in play, a journal is removed.
        let path = directory + "/" + id + "/journal.jsonl"
        let history = directory + "/" + id + "/journals"
        let files = [path] + ((try? FileManager.default.contentsOfDirectory(atPath: history)) ?? []).map { history + "/" + $0 }
        let existing = files.filter { FileManager.default.fileExists(atPath: $0) }
        #expect(!existing.isEmpty)
        for file in existing {
            #expect(try replayCheck(file, in: directory) == 0, "\(file)")
        }
        // A journal whose recorded state is not the one replay reaches is reported.
        let text = try String(contentsOfFile: existing[0], encoding: .utf8)
        let tampered = text.replacingOccurrences(of: #"("kind":"check","state":")[0-9a-f]{4}"#, with: "$1ffff",
                                                 options: .regularExpression)
        if tampered != text {
            try tampered.write(toFile: directory + "/tampered.jsonl", atomically: true, encoding: .utf8)
            #expect(try replayCheck(directory + "/tampered.jsonl", in: directory) == 1)
        }
    }

    @Test("a trace of every game replays to its states", arguments: ids)
    func trace(_ id: String) throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let driver = try TestDriver(games: BuiltInGames.entries, play: id, seed: 12, dataDirectory: directory, trace: true)
        let keys = Self.keys(driver, count: 200, seed: 6)
        let header = TraceHeader(trace: 1, seed: "12", game: id, preferences: [:], started: 1_780_000_000)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(header), as: UTF8.self) + "\n"
            + driver.traceLines.joined(separator: "\n") + "\n"
        let file = directory + "/trace.jsonl"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try replayCheck(file, in: directory) == 0)
        // Under another seed the trace replays only if the same keys reach the same states
        // there: a game that draws no random numbers (or not in these keys) replays under any.
        let other = try TestDriver(games: BuiltInGames.entries, play: id, seed: 13,
                                   dataDirectory: TestDriver.temporaryDirectory(), trace: true)
        defer { try? FileManager.default.removeItem(atPath: other.dataDirectory) }
        other.press(keys)
        let sameStates = other.traceLines == driver.traceLines
        try text.replacingOccurrences(of: #""seed":"12""#, with: #""seed":"13""#)
            .write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try replayCheck(file, in: directory) == (sameStates ? 0 : 1),
                "seed 13 \(sameStates ? "reaches" : "does not reach") the states of seed 12")
    }

    /// A round played at 120×40 comes back and replays to every recorded state, after keys
    /// alone and after clicks: among them a click on the footer's back hint, which closes the
    /// game's screen it was made on and is still the game's input (audit: journals at other
    /// sizes diverged, because that click was never written).
    @Test("a journal at 120×40 resumes and replays", arguments: [false, true])
    func journalAtAnotherSize(clicks: Bool) throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let size = Size(width: 120, height: 40)
        let driver = try TestDriver(games: BuiltInGames.entries, play: "memorize", size: size,
                                    dataDirectory: directory, journals: true)
        // Into a theme's editor and out, by Esc or by its hint in the footer.
        driver.press(.character("e"), .enter)
        #expect(driver.screenID == "memorize.editor")
        if clicks {
            let hint = try #require(driver.find("Esc"), "the editor's footer shows Esc:\n\(driver.text)")
            driver.click(column: hint.column, row: hint.row)
        } else {
            driver.press(.escape)
        }
        #expect(driver.screenID == "memorize.chooser")
        // Out of edit mode, into the game, two cards turned, then past a recorded state.
        driver.press(.character("e"), .enter, .enter, .right, .enter)
        driver.press(Array(repeating: [Key.right, .left], count: 10).flatMap { $0 })
        let before = driver.text
        let file = directory + "/memorize/journal.jsonl"
        let journal = try String(contentsOfFile: file, encoding: .utf8)
        #expect(journal.contains(#""kind":"check""#), "a recorded state to check against")
        #expect(try replayCheck(file, in: directory) == 0)
        driver.session.closeJournal()
        for again in [size, Size(width: 80, height: 24)] {
            let resumed = try TestDriver(games: BuiltInGames.entries, play: "memorize", size: again,
                                         dataDirectory: directory, journals: true)
            #expect(resumed.screenID == "host.resume", "\(resumed.session.noticeLog)")
            resumed.press(.enter)
            #expect(resumed.screenID == "memorize.game")
            if again == size { #expect(resumed.text == before) }
            resumed.session.closeJournal()
        }
    }

    /// Keys pressed while the terminal is too small for the game do nothing (the player cannot
    /// see what they would do): its journal keeps none of them, so its replay, which does not
    /// know the size, does not deliver them either.
    @Test func keysUnderTooSmallAreNotReplayed() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let driver = try TestDriver(games: BuiltInGames.entries, play: "memorize", dataDirectory: directory,
                                    journals: true)
        driver.press(.enter, .enter)
        driver.size = Size(width: 30, height: 8)
        driver.press(.right, .enter, .right, .enter)
        driver.size = Size(width: 80, height: 24)
        driver.press(Array(repeating: [Key.down, .up], count: 10).flatMap { $0 })
        let file = directory + "/memorize/journal.jsonl"
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains(#""kind":"check""#))
        #expect(try replayCheck(file, in: directory) == 0)
        driver.session.closeJournal()
    }
}
