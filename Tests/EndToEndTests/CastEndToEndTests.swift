import Foundation
import Testing

/// `gamehost replay FILE --cast OUT`: a round of Snake played in plain mode, its journal
/// written as an asciinema recording, read back by the real `asciinema` program and shown
/// in a real terminal (tmux), where it must draw the frames the replay draws.
@Suite(.serialized, .enabled(if: Tmux.isAvailable && isInstalled("asciinema") && isInstalled("script"),
                             "tmux, asciinema or script (util-linux) is not installed"))
struct CastEndToEndTests {
    @Test func aRoundAsACastDrawsTheReplaysFramesInAsciinema() throws {
        let folder = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // → starts the round; three seconds of the virtual clock: the snake runs into the
        // wall, the round ends and its journal is kept in snake/journals/.
        let played = try runGamehost(["play", "snake", "--plain", "--data-dir", folder + "/data"],
                                     input: "\u{1B}[C\u{1B}[=3000t")
        #expect(played.status == 0, "\(played.error)")
        let journals = folder + "/data/snake/journals"
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: journals).first)
        let journal = journals + "/" + name

        let cast = folder + "/round.cast"
        let written = try runGamehost(["replay", journal, "--cast", cast, "--size", "80x24"])
        #expect(written.status == 0, "\(written.error)")
        #expect(written.output.contains("\(cast): ") && written.output.contains(" at 80x24"), "\(written.output)")

        // The file: an asciinema v2 header, then output events in time order.
        let lines = try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2 && header["width"] as? Int == 80 && header["height"] as? Int == 24)
        var events: [(time: Double, text: String)] = []
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            let time = try #require(event[0] as? Double ?? (event[0] as? Int).map(Double.init))
            #expect(event[1] as? String == "o")
            events.append((time, try #require(event[2] as? String)))
        }
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
        // Every event but the last is a frame; the last ends the recording as a session ends:
        // the cursor shown again, on a fresh line below the frame (audit N15).
        let ending = try #require(events.last)
        #expect(ending.text.contains("\r\n") && ending.text.hasSuffix("\u{1B}[?25h"), "\(ending.text.debugDescription)")
        let frames = Array(events.dropLast())
        #expect(frames.count > 5)
        // Recorded pace: the round took about two seconds of its clock (a step every 125 ms).
        #expect(events.last!.time > 1 && events.last!.time < 3.1, "\(events.last!.time)")

        // The real asciinema reads every event: `asciinema cat` prints exactly their text.
        // (It opens /dev/tty, so it runs under script(1), which gives it one.)
        let printed = try shell("script -qec 'asciinema cat round.cast' /dev/null", in: folder)
        #expect(printed.status == 0, "\(printed.output)")
        #expect(printed.output == events.map(\.text).joined(), "asciinema cat printed something else")

        // What the replay draws, page by page (plain mode), without its status line.
        let replayed = try runGamehost(["replay", journal, "--plain", "--speed", "100"],
                                       environment: ["COLUMNS": "80", "LINES": "24"])
        #expect(replayed.status == 0, "\(replayed.error)")
        let pages = Self.pages(replayed.output)
        #expect(pages.count == frames.count, "every step changed the screen: one event per frame")

        // asciinema cat of the first frame events, in a terminal: the screen is a frame the
        // replay drew; of all of them, its last frame.
        let tmux = try Tmux()
        for count in [1, frames.count / 2, frames.count] {
            let part = folder + "/part-\(count).cast"
            try (lines.prefix(count + 1).joined(separator: "\n") + "\n").write(toFile: part, atomically: true, encoding: .utf8)
            tmux.shell("clear; asciinema cat \(part); touch \(part).done; sleep 60")
            for _ in 0..<100 where !FileManager.default.fileExists(atPath: part + ".done") { usleep(50_000) }
            // tmux reads the pane's output on its own time: give it a moment to draw.
            var screen = Self.body(tmux.capture())
            for _ in 0..<40 where screen != pages[count - 1] {
                usleep(50_000)
                screen = Self.body(tmux.capture())
            }
            #expect(screen == pages[count - 1], "after \(count) events:\n\(screen)\nexpected:\n\(pages[count - 1])")
            tmux.send("C-c")
        }

        // The whole recording: the last frame, moved up a row by the fresh line below it, and
        // the cursor shown on that line, where the shell's prompt comes next.
        tmux.shell("clear; asciinema cat \(cast); touch \(cast).done; sleep 60")
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: cast + ".done") { usleep(50_000) }
        let scrolled = { (screen: String) in
            screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(23)
                .map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
        }
        var screen = scrolled(tmux.capture())
        for _ in 0..<40 where screen != pages.last! {
            usleep(50_000)
            screen = scrolled(tmux.capture())
        }
        #expect(screen == pages.last!, "the whole cast:\n\(screen)\nexpected:\n\(pages.last!)")
        #expect(tmux.variable("cursor_flag") == "1", "the cursor is shown after the recording")
        #expect(tmux.variable("cursor_x") == "0" && tmux.variable("cursor_y") == "23",
                "the cursor is on the fresh line below the frame: \(tmux.variable("cursor_x")),\(tmux.variable("cursor_y"))")
        tmux.send("C-c")
    }

    /// A trace's ticks are steps of their own: the recording has a frame for each (the
    /// snake moves on every tick), at the trace's times.
    @Test func aTraceRecordsAFramePerTickAndKey() throws {
        let folder = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trace = folder + "/snake.trace", cast = folder + "/snake.cast"
        let played = try runGamehost(["play", "snake", "--seed", "3", "--trace", trace, "--keys", "right wait:1000 up wait:500"])
        #expect(played.status == 0, "\(played.error)")
        let written = try runGamehost(["replay", trace, "--cast", cast])
        #expect(written.status == 0, "\(written.error)")
        let records = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").dropFirst()
        let events = try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n").dropFirst()
        #expect(records.filter { $0.contains("\"input\":\"tick\"") }.count == 12)
        // The first frame; the first steering key, a second in (--keys presses one a second
        // after the one before), which starts the round; one per tick (each moves the snake);
        // the turn's own (the head turns at once, before the step); then the ending that shows
        // the cursor.
        #expect(events.count == 1 + 1 + 12 + 1 + 1, "\(events.count) events")
        #expect(events.last?.hasPrefix("[2.5, ") == true, "\(events.last ?? "")")
    }

    /// Plain-mode pages (each ends with a line of dashes), rows below the header.
    static func pages(_ output: String) -> [String] {
        let dashes = String(repeating: "-", count: 80)
        var pages: [String] = [], page: [String] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line == dashes {
                pages.append(body(page.joined(separator: "\n")))
                page = []
            } else {
                page.append(line)
            }
        }
        return pages
    }

    /// A screen's rows 2 to 24, trailing spaces trimmed: the first row is the header, where
    /// the on-screen replay shows its own status.
    static func body(_ screen: String) -> String {
        screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().prefix(23)
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }
            .joined(separator: "\n")
    }
}
