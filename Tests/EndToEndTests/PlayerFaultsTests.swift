import Foundation
import Testing

/// What broke play in a real terminal (issue 18): keys acting on a screen hidden by the
/// "too small" notice, a dumb terminal sent cursor moves, Ctrl-Z that did not suspend.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"))
struct PlayerFaultsTests {
    /// While "Terminal too small" shows, Enter and digits do nothing to the hidden quiz;
    /// q still goes back.
    @Test func keysDoNotActOnAScreenTheNoticeHides() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let tmux = try Tmux()
        tmux.shell("\(Tmux.binary) play arithmetic-quiz --seed 1 --data-dir \(data); echo done-$((40+2))")
        try #require(tmux.waitFor("to start"))
        tmux.resize(width: 30, height: 8)
        try #require(tmux.waitFor { $0.contains("too small") })
        tmux.send("Enter")
        tmux.send("1")
        tmux.send("Enter")
        _ = tmux.settled()
        tmux.resize(width: 80, height: 24)
        #expect(tmux.waitFor("to start"), "the quiz has not started:\n\(tmux.capture())")
        #expect(!tmux.capture().contains("Question 1"))

        tmux.resize(width: 30, height: 8)
        try #require(tmux.waitFor { $0.contains("too small") })
        tmux.send("q")
        _ = tmux.settled()
        tmux.resize(width: 80, height: 24)
        #expect(tmux.waitFor("▶ Play"), "q went back to the preferences:\n\(tmux.capture())")
        tmux.send("q", "q")
        #expect(tmux.waitFor("done-42"))
    }

    /// TERM=dumb gets plain frames: no alternate screen and not one escape sequence.
    @Test func aDumbTerminalGetsPlainFrames() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let tmux = try Tmux()
        tmux.record(to: data + "/raw")
        tmux.shell("env TERM=dumb COLUMNS=60 LINES=14 \(Tmux.binary) play arithmetic-quiz --seed 1 --data-dir \(data)/d;"
                   + " echo done-$((40+2))")
        try #require(tmux.waitFor("to start"))
        #expect(tmux.variable("alternate_on") == "0")
        tmux.send("Enter")
        #expect(tmux.waitFor("Question 1 of"), "Enter (a line) starts the round:\n\(tmux.capture())")
        tmux.send("C-d")
        #expect(tmux.waitFor("done-42"))
        let raw = String(decoding: tmux.recording(data + "/raw", endingWith: "done-42"), as: UTF8.self)
        // From the first frame to the end: the shell's own prompt may use escapes.
        let start = try #require(raw.range(of: "GameHost ›"))
        let end = try #require(raw.range(of: "done-42"))
        let run = raw[start.lowerBound..<end.lowerBound]
        #expect(run.contains("Question 1 of"))
        #expect(!run.contains("\u{1B}"), "an escape sequence reached a dumb terminal")
    }

    /// Ctrl-Z stops the game with the terminal restored; `fg` brings it back in raw mode,
    /// repainted, and it can be stopped again.
    @Test func ctrlZSuspendsAndFgResumes() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let tmux = try Tmux()
        tmux.shell("\(Tmux.binary) play arithmetic-quiz --seed 1 --data-dir \(data)")
        try #require(tmux.waitFor("to start"))
        for round in 1...2 {
            tmux.send("C-z")
            #expect(tmux.waitFor("Stopped"), "round \(round): the shell has the job stopped:\n\(tmux.capture())")
            #expect(tmux.variable("alternate_on") == "0")
            #expect(tmux.variable("cursor_flag") == "1")
            tmux.shell("clear; fg; echo done-$((40+2))")
            #expect(tmux.waitFor("GameHost › Arithmetic Quiz ›"), "round \(round): back after fg")
            #expect(tmux.variable("alternate_on") == "1")
        }
        // Raw mode again: a single key, no Enter, acts.
        tmux.send("Space")
        #expect(tmux.waitFor("Question 1 of"), "keys act after fg:\n\(tmux.capture())")
        tmux.send("q", "q", "q")
        #expect(tmux.waitFor("done-42"))
    }
}
