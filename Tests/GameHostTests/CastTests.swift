import Foundation
import Testing
@testable import GameHost
import GameHostTesting

/// Rounds saved as asciinema recordings: the file format, and the Scores screen's key.
@Suite struct CastTests {
    let games = [GameEntry(CounterGame.self)]

    /// The header line and the events of a recording's text.
    func parse(_ text: String) throws -> (header: [String: Any], events: [(Double, String)]) {
        let lines = text.split(separator: "\n").map(String.init)
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        let events = try lines.dropFirst().map { line -> (Double, String) in
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            #expect(event.count == 3 && event[1] as? String == "o")
            let time = try #require((event[0] as? NSNumber)?.doubleValue)
            return (time, try #require(event[2] as? String))
        }
        return (header, events)
    }

    @Test func aRecordingIsAVersion2HeaderAndOneEventPerChangedFrame() throws {
        var recording = CastRecording(size: Size(width: 20, height: 5), colors: false,
                                      title: "Quiz \u{1B}[2J“round”", started: 1_700_000_000.9)
        var frame = Frame(size: Size(width: 20, height: 5))
        frame.write("a \"quoted\" \\ line", row: 1, column: 0)
        recording.record(frame, at: 0)
        recording.record(frame, at: 0.5)            // nothing changed: no event
        frame.write("🍎", row: 2, column: 3)
        recording.record(frame, at: 1.25)
        let (header, events) = try parse(recording.text)
        #expect(header["version"] as? Int == 2 && header["width"] as? Int == 20 && header["height"] as? Int == 5)
        #expect(header["timestamp"] as? Int == 1_700_000_000)
        #expect(header["title"] as? String == "Quiz [2J“round”", "control characters never reach the file's title")
        #expect(header["idle_time_limit"] as? Int == 5)
        // The frames, then the ending at the last frame's time: the cursor shown again, on a
        // fresh line below the frame (audit N15).
        #expect(events.map(\.0) == [0, 1.25, 1.25])
        #expect(events[2].1 == "\u{1B}[0m\u{1B}[5;1H\r\n\u{1B}[?25h")
        #expect(events[0].1.hasPrefix("\u{1B}[?25l\u{1B}[0m\u{1B}[H\u{1B}[2J"), "the cursor hidden, then a full paint")
        #expect(events[0].1.contains("a \"quoted\" \\ line"))
        #expect(events[1].1.contains("🍎") && !events[1].1.contains("quoted"), "later frames only write what changed")
        #expect(recording.frames == 2 && recording.duration == 1.25)
    }

    @Test func sizesAndNumbers() {
        #expect(CastRecording.size("80x24") == Size(width: 80, height: 24))
        #expect(CastRecording.size("132X43") == Size(width: 132, height: 43))
        for bad in ["80", "80x", "x24", "0x24", "80x4", "1001x24", "80×24", "-80x24", "80x24x2"] {
            #expect(CastRecording.size(bad) == nil, "\(bad)")
        }
        #expect(CastRecording.number(0) == "0")
        #expect(CastRecording.number(2.5) == "2.5")
        #expect(CastRecording.number(0.1 + 0.2) == "0.3")
        #expect(CastRecording.number(12.000001) == "12.000001")
        #expect(CastRecording.quoted("\u{1B}[1m\n\t\u{7F}") == #""\u001b[1m\n\t\u007f""#)
    }

    @Test func theCommandLineTakesCastAndSizeWithReplayOnly() throws {
        let arguments = try Arguments.parse(["replay", "round.jsonl", "--cast", "round.cast", "--size", "100x30"])
        #expect(arguments.castPath == "round.cast" && arguments.size == Size(width: 100, height: 30))
        func refusal(_ words: [String]) -> String? {
            do { _ = try Arguments.parse(words); return nil } catch { return error.message }
        }
        #expect(refusal(["play", "snake", "--cast", "x.cast"]) == "--cast goes with 'replay FILE'")
        #expect(refusal(["replay", "r.jsonl", "--size", "80x24"]) == "--size goes with 'replay FILE --cast OUT' or 'check <id> --room NAME'")
        #expect(refusal(["replay", "r.jsonl", "--cast", "x", "--check"]) == "--check and --cast go separately: one checks, one records")
        #expect(refusal(["replay", "r.jsonl", "--cast", "x", "--size", "80"])?.hasPrefix("--size must be COLUMNSxROWS") == true)
    }

    @Test func aRecentRoundIsSavedAsACastWithOneKeyAndTheScreenSaysWhere() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let driver = try TestDriver(games: games, play: "counter", dataDirectory: directory, journals: true)
        driver.press(.up, .up, .up, .up, .up, .escape, .escape, .character("s"))
        #expect(driver.screenID == "host.scores")
        #expect(driver.text.contains("c save cast"))
        driver.press(.character("c"))
        #expect(driver.screenID == "host.scores", "the player stays on the Scores screen")
        let folder = directory + "/counter/casts"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names.count == 1 && names[0].hasSuffix(".cast"))
        let path = folder + "/" + names[0]
        let shown = driver.lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(shown.contains("Saved as an asciinema recording (80×24, 0:05)"), "\(driver.text)")
        #expect(driver.text.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: " ", with: "")
            .contains(path.replacingOccurrences(of: " ", with: "")), "the notice names the file:\n\(driver.text)")
        // The command to play it, quoted, as a notice of its own (audit N24).
        #expect(driver.session.noticeLog.last == "asciinema play '\(path)'", "\(driver.session.noticeLog)")
        #expect(Session.shellQuoted("it's here") == #"'it'\''s here'"#)
        let (header, events) = try parse(try String(contentsOfFile: path, encoding: .utf8))
        #expect(header["width"] as? Int == 80 && header["height"] as? Int == 24)
        // The first frame, then one per input, at the round's pace (the test clock: a second a key).
        #expect(events.map(\.0) == [0, 1, 2, 3, 4, 5, 5], "the last event shows the cursor")
        #expect(events[0].1.contains("Count: 0 of 5") && events[5].1.contains("5"))
        // Nothing of the round was reported again, and the notice goes with the next key.
        #expect(driver.session.setup.scores.rounds(game: "counter").count == 1)
        driver.press(.down)
        #expect(!driver.text.contains("Saved as"))
    }

    @Test func withNoJournalTheScreenSaysSo() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // No journals: the round is scored, but nothing was kept to record.
        let driver = try TestDriver(games: games, play: "counter", dataDirectory: directory)
        driver.press(.up, .up, .up, .up, .up, .escape, .escape, .character("s"), .character("c"))
        #expect(driver.text.contains("No journal was kept for this round"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/counter/casts"))
    }

    /// A recent round that kept no journal (played with --set, say) is not offered for replay:
    /// Enter and c are dimmed there, and say the real reason, not the history's limit (audit N10).
    @Test func aRoundWithoutAJournalIsNotOfferedAndSaysWhy() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let driver = try TestDriver(games: games, play: "counter", dataDirectory: directory)
        driver.press(.up, .up, .up, .up, .up, .escape, .escape, .character("s"))
        #expect(driver.screenID == "host.scores")
        let frame = driver.frame
        let footer = frame.size.height - 1
        let column = try #require(frame.column(of: "Enter", row: footer), "\(driver.text)")
        #expect(frame[footer, column].style.dim, "Enter replay is dimmed:\n\(driver.text)")
        for key in [Key.enter, .character("c")] {
            driver.press(key)
            #expect(driver.screenID == "host.scores")
            let shown = driver.lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
            #expect(shown.contains("No journal was kept for this round: a run with --seed, --set, --keys or --trace"),
                    "\(driver.text)")
            #expect(!shown.contains("the last 10 rounds keep theirs"), "\(driver.text)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory + "/counter/casts"))
    }

    /// The golden frame: where the recording went, at 80×24, from a fixed data folder; the
    /// command to play it on a line of its own, whole where it fits (audit N24), and the path
    /// broken after a `/` where it does not (N23).
    @Test func theSavedNoticeAt80x24() throws {
        // Short enough for the command to play it to fit on one line at 80 columns.
        let directory = "/tmp/gamehost-cast"
        try? FileManager.default.removeItem(atPath: directory)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let driver = try TestDriver(games: games, play: "counter", dataDirectory: directory, journals: true)
        driver.press(.up, .up, .up, .up, .up, .escape, .escape, .character("s"), .character("c"))
        let difference = Golden.check(driver, "host-scores-cast-saved", directory: HostGoldenTests.directory,
                                      sizes: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
        #expect(difference == nil, "\(difference ?? "")")
    }
}
