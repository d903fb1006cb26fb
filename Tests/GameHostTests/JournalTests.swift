import Foundation
import Testing
@testable import GameHost
import GameHostTesting

@Suite struct JournalTests {
    let games = [GameEntry(CounterGame.self)]

    func journal(_ directory: String) -> String { directory + "/counter/journal.jsonl" }
    func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    @Test func appendsTheHeaderThenOneLinePerInputAsItHappens() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let driver = try TestDriver(games: games, play: "counter", dataDirectory: directory, journals: true)
        driver.press(.up, .up)
        let lines = read(journal(directory)).split(separator: "\n")
        // The counter says nothing of rounds: its first input puts one in play.
        #expect(lines.count == 4)
        #expect(lines[2].contains(#""kind":"in-play""#) && lines[2].contains(#""playing":true"#))
        let parsed = try Journal.parse(Data(read(journal(directory)).utf8))
        #expect(parsed.header.game == "counter")
        #expect(parsed.header.version == "1")
        #expect(parsed.inputs.map(\.input) == [.key(.up), .key(.up)])
        #expect(parsed.inputs.map(\.time) == [1, 2])
        #expect(parsed.inputsSinceRound == 2)
        _ = driver
    }

    @Test func keysOfHostScreensAreNotJournaled() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let driver = try TestDriver(games: games, play: "counter", dataDirectory: directory, journals: true)
        driver.press(.up, .character("?"), .down, .escape, .up)
        let parsed = try Journal.parse(Data(read(journal(directory)).utf8))
        #expect(parsed.inputs.map(\.input) == [.key(.up), .key(.up)])
    }

    @Test func aCutLastLineIsLeftOutAndTheRestResumes() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try ResumeCheck.run(games, game: "counter", keys: [.up, .up, .up], stop: .killedMidWrite,
                                          dataDirectory: directory)
        #expect(outcome.offered == "host.resume")
        #expect(outcome.after == outcome.before)
        #expect(outcome.after.contains("Count: 3 of 5"))
        // Going on writes whole lines after the cut one was cut off.
        outcome.driver.press(.up)
        let parsed = try Journal.parse(Data(read(journal(directory)).utf8))
        #expect(!parsed.cutTail)
        #expect(parsed.inputCount == 4)
    }

    /// A process started meanwhile holds a copy of every descriptor until it runs its
    /// program: the journal's lock must be let go of all the same (it was not, and one
    /// resume in a dozen was not offered while tests started processes beside it).
    @Test func aGameLeftWhileAProcessStartsIsOfferedAgain() throws {
        let spawning = Spawning()
        let spawner = Thread {
            while !spawning.stopped {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/true")
                try? process.run()
                process.waitUntilExit()
            }
        }
        spawner.start()
        defer { spawning.stop() }
        var notOffered = 0
        for _ in 0..<200 {
            let directory = TestDriver.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let outcome = try ResumeCheck.run(games, game: "counter", keys: [.up, .up], stop: .endOfInput,
                                              dataDirectory: directory)
            if outcome.offered != "host.resume" { notOffered += 1 }
        }
        #expect(notOffered == 0)
    }

    final class Spawning: @unchecked Sendable {
        private let lock = NSLock()
        private var done = false
        var stopped: Bool { lock.withLock { done } }
        func stop() { lock.withLock { done = true } }
    }

    @Test(arguments: ResumeCheck.Stop.allCases)
    func everyWayOutResumesTheSameScreen(_ stop: ResumeCheck.Stop) throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try ResumeCheck.run(games, game: "counter", keys: [.up, .up], stop: stop, dataDirectory: directory)
        #expect(outcome.offered == "host.resume")
        #expect(outcome.after == outcome.before)
    }

    @Test func aFinishedRoundIsNotOfferedAndGoesToTheHistory() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try TestDriver(games: games, play: "counter", dataDirectory: directory, journals: true)
        first.press(.up, .up, .up, .up, .up, .escape)
        #expect(!FileManager.default.fileExists(atPath: journal(directory)))
        let history = try FileManager.default.contentsOfDirectory(atPath: directory + "/counter/journals")
        #expect(history.count == 1)
        let second = try TestDriver(games: games, play: "counter", dataDirectory: directory, journals: true)
        #expect(second.screenID == "counter.main")
    }

    @Test func theHistoryKeepsTheLastRounds() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let driver = try TestDriver(games: games, play: "counter", dataDirectory: directory,
                                    configJSON: #"{"journalHistory": 2}"#, journals: true)
        for _ in 0..<4 { driver.press(.character("r"), .up, .up, .up, .up, .up) }
        let history = try FileManager.default.contentsOfDirectory(atPath: directory + "/counter/journals")
        #expect(history.count == 2)
    }

    /// A session let go without quitting (a test's, a replay's) gives its journal locks back:
    /// the next launcher in the same process journals the game and offers its round.
    @Test func aSessionLetGoReleasesItsJournalLock() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        weak var released: Session?
        do {
            let first = try TestDriver(games: games, play: "counter", dataDirectory: directory, journals: true)
            first.press(.up, .up)
            released = first.session
        }
        #expect(released == nil, "the session outlived its driver")
        let second = try TestDriver(games: games, play: "counter", dataDirectory: directory, journals: true)
        #expect(second.screenID == "host.resume", "\(second.screenIDs)")
    }

    @Test func newGameDiscardsTheJournal() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try TestDriver(games: games, play: "counter", dataDirectory: directory, journals: true)
        first.press(.up, .up)
        first.session.closeJournal()
        let second = try TestDriver(games: games, play: "counter", dataDirectory: directory, journals: true)
        #expect(second.screenID == "host.resume")
        second.press(.character("n"))
        #expect(second.text.contains("Count: 0 of 5"))
        #expect(!FileManager.default.fileExists(atPath: journal(directory)))
        second.press(.up)
        #expect(try Journal.parse(Data(read(journal(directory)).utf8)).inputCount == 1)
    }

    @Test func aJournalOfAnotherVersionIsMovedAsideWithANotice() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try TestDriver(games: games, play: "counter", dataDirectory: directory, journals: true)
        first.press(.up)
        first.session.closeJournal()
        let path = journal(directory)
        try read(path).replacingOccurrences(of: #""version":"1""#, with: #""version":"0.9""#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let second = try TestDriver(games: games, play: "counter", dataDirectory: directory, journals: true)
        #expect(second.screenID == "counter.main")
        #expect(second.session.noticeLog.contains { $0.contains("version 0.9") && $0.contains(".corrupt-") })
        let names = try FileManager.default.contentsOfDirectory(atPath: directory + "/counter")
        #expect(names.contains { $0.hasPrefix("journal.jsonl.corrupt-") })
    }

    @Test func aReplayThatDivergesIsMovedAsideAndNeverUsed() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try TestDriver(games: games, play: "counter", dataDirectory: directory, configJSON: nil, journals: true)
        first.press(.up, .up)
        first.session.closeJournal()
        // A journal whose fingerprint says the game was elsewhere after its second input.
        let path = journal(directory)
        let text = read(path) + #"{"inputs":2,"kind":"check","state":"0123456789abcdef"}"# + "\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let second = try TestDriver(games: games, play: "counter", dataDirectory: directory, journals: true)
        #expect(second.screenID == "host.resume")
        second.press(.enter)
        #expect(second.screenID == "counter.main")
        #expect(second.text.contains("Count: 0 of 5"))
        #expect(second.session.noticeLog.contains { $0.contains("went elsewhere at input 2") })
    }

    /// A resume replays clicks at the size they were made at, in a copy of the game of its
    /// own: the terminal the player resumes in keeps its size, and a click on it means what it
    /// shows (it was left at the journal's last click size, and clicks missed until a resize).
    @Test func aResumedGameIsClickedAtThePlayersSize() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try TestDriver(games: games, play: "counter", size: Size(width: 100, height: 30),
                                   dataDirectory: directory, journals: true)
        #expect(first.click("↑ add"))
        first.session.closeJournal()
        let second = try TestDriver(games: games, play: "counter", dataDirectory: directory, journals: true)
        second.press(.enter)
        #expect(second.text.contains("Count: 1 of 5"))
        #expect(second.session.terminalSize == Size(width: 80, height: 24))
        #expect(second.click("↑ add"))
        #expect(second.text.contains("Count: 2 of 5"))
    }

    @Test func replayingReportsNoRoundAgain() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try TestDriver(games: games, play: "counter", dataDirectory: directory, journals: true)
        first.press(.up, .up, .up, .up, .up, .character("r"), .up)
        first.session.closeJournal()
        let second = try TestDriver(games: games, play: "counter", dataDirectory: directory, journals: true)
        second.press(.enter)
        #expect(second.text.contains("Count: 1 of 5"))
        #expect(second.session.setup.scores.rounds(game: "counter").count == 1)
    }

    @Test func theFingerprintIsStableAndTellsStatesApart() {
        #expect(Fingerprint.of([Counter(value: 1)]) == Fingerprint.of([Counter(value: 1)]))
        #expect(Fingerprint.of([Counter(value: 1)]) != Fingerprint.of([Counter(value: 2)]))
        // FNV-1a 64 of `{"value":1}` and a newline: the same in every process and on every machine.
        #expect(Fingerprint.of([Counter(value: 1)]) == "4569680c9cd57627")
    }

    @Test func linesRoundTrip() throws {
        let lines: [JournalLine] = [.input(.key(.enter), time: 1.5), .input(.tick, time: 2), .input(.timer, time: 3),
                                    .file("a.json", Data("{}".utf8)), .file("b.json", nil),
                                    .check(inputs: 3, fingerprint: "00"), .round(inputs: 3), .unreplayable]
        for line in lines {
            let data = try JSONEncoder().encode(line)
            #expect(try JSONDecoder().decode(JournalLine.self, from: data) == line)
        }
    }

    @Test func badJournalsAreRefusedWithAReason() {
        let header = #"{"checkEvery":20,"game":"counter","journal":1,"preferences":{},"random":{"state":[1,2,3,4]},"started":0,"version":"1"}"#
        func reason(_ text: String) -> String? {
            do { _ = try Journal.parse(Data(text.utf8)); return nil } catch { return error.description }
        }
        #expect(reason("") == "the file is empty")
        #expect(reason(header + "\n") == nil)
        #expect(reason(header) == "its first line is unfinished")
        #expect(reason(header + "\n" + #"{"kind":"key","key":"up","t":2}"# + "\n" + #"{"kind":"key","key":"up","t":1}"# + "\n")?
            .contains("goes back") == true)
        #expect(reason(header + "\n" + #"{"kind":"jump"}"# + "\n")?.contains("line 2") == true)
        #expect(reason(header + "\n" + #"{"kind":"round","inputs":5}"# + "\n")?.contains("counts 5 inputs") == true)
        #expect(reason(header + "\n" + #"{"kind":"file","name":"../scores.json"}"# + "\n")?
            .contains("outside the game's folder") == true)
        #expect(reason(header.replacingOccurrences(of: #""journal":1"#, with: #""journal":2"#) + "\n") == nil)
        #expect(reason(header.replacingOccurrences(of: #""journal":1"#, with: #""journal":3"#) + "\n") == nil)
        #expect(reason(header.replacingOccurrences(of: #""journal":1"#, with: #""journal":4"#) + "\n")
            == "it is journal format 4; this GameHost reads formats 1 to 3")
    }

    /// A replay fits every size the launcher takes, 40×12 the least, wherever its game fits;
    /// the game's own header and footer are left out (its keys do nothing in a replay), and the
    /// replay's state is in the launcher's header (audit N11).
    @Test func aReplayFitsTheLaunchersSmallestSizeWithoutTheGamesFooter() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let driver = try TestDriver(games: games, play: "counter", size: Size(width: 40, height: 12),
                                    dataDirectory: directory, journals: true)
        driver.press(.up, .up, .up, .up, .up, .escape, .escape, .character("s"), .enter, .right)
        #expect(driver.screenID == "host.replay")
        let lines = driver.lines
        #expect(!driver.text.contains("too small"), "\(driver.text)")
        #expect(driver.text.contains("Count: 1 of 5"), "\(driver.text)")
        #expect(lines.first?.contains("Paused · 1 of 5 inputs") == true, "\(driver.text)")
        #expect(lines.last?.contains("Space play") == true && lines.last?.contains("→ step") == true, "\(driver.text)")
        #expect(!driver.text.contains("add"), "no footer of the game's:\n\(driver.text)")
        #expect(lines.filter { $0.contains("GameHost") }.count <= 1, "one header:\n\(driver.text)")
        // Smaller than the game needs: the notice names the terminal's own size.
        driver.size = Size(width: 36, height: 12)
        #expect(driver.text.contains("too small") && driver.text.contains("36 columns here"), "\(driver.text)")
    }

    @Test func theScoresScreenReplaysARecentRound() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let driver = try TestDriver(games: games, play: "counter", dataDirectory: directory, journals: true)
        driver.press(.up, .up, .up, .up, .up, .escape, .escape, .character("s"))
        #expect(driver.screenID == "host.scores")
        driver.press(.enter)
        #expect(driver.screenID == "host.replay")
        #expect(driver.text.contains("Count: 0 of 5"))
        driver.press(.right, .right)
        #expect(driver.text.contains("Count: 2 of 5"))
        #expect(driver.text.contains("Paused · 2 of 5 inputs"))
        // At its recorded pace: one input a second, the test clock's pace.
        driver.press(.space)
        driver.session.advanceTime(to: driver.session.now.addingTimeInterval(10))
        #expect(driver.text.contains("Count: 5 of 5"))
        #expect(driver.text.contains("End of the round"))
        // Nothing was reported again.
        #expect(driver.session.setup.scores.rounds(game: "counter").count == 1)
        driver.press(.escape)
        #expect(driver.screenID == "host.scores")
    }
}

extension JournalTests {
    /// The lines written without the encoder are byte for byte the encoder's, for every kind
    /// of key and click, times of every form, and names that would need escaping.
    @Test func quickLinesAreTheEncodersBytes() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var generator = SeededGenerator(seed: 28)
        var times: [Double] = [0, 1, 7, 7.5, 0.1, 1e-7, 1e-5, 86_400.000001, 123_456_789.123, 1e16, 1e17, 3e20]
        for _ in 0..<500 {
            let whole = Double(Int.random(in: 0...100_000, using: &generator))
            times.append(whole + Double.random(in: 0..<1, using: &generator))
            times.append(whole + Double(Int.random(in: 0..<1000, using: &generator)) / 1000)
        }
        let keys: [Key] = [.up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .insert, .delete,
                           .enter, .tab, .backTab, .backspace, .escape, .space, .control("c"), .function(12)]
            + "aZ9/\"\\'<>&é🐍\u{7F}".map(Key.character)
        let inputs: [JournalInput] = keys.map(JournalInput.key) + [.tick, .timer, .paste("x")]
            + [MouseEvent.Action.press(0), .press(1), .press(2), .release(0), .wheelUp, .wheelDown].map {
                .mouse(MouseEvent($0, column: 3, row: 17), Size(width: 80, height: 24))
            }
        var quick = 0
        for input in inputs {
            for time in times {
                let line = JournalLine.input(input, time: time)
                guard let text = line.quickText else { continue }
                quick += 1
                #expect(text == String(decoding: try encoder.encode(line), as: UTF8.self), "\(input) at \(time)")
            }
        }
        // Keys with plain ASCII names, ticks, timers, the three buttons' clicks and the wheel go
        // the quick way; the rest (a quote, a backslash, DEL, é, 🐍, a paste, a release) the encoder's.
        #expect(quick == times.count * (inputs.count - 7))
        #expect(JournalLine.check(inputs: 20, fingerprint: "x").quickText == nil)
    }
}
