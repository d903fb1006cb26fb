import Foundation
import Testing

/// The real binary in a real terminal (tmux) and in a pipe.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"))
struct LauncherEndToEndTests {
    /// Menu → a game's preferences → change one → play a round → quit; the terminal
    /// settings afterwards are those from before.
    @Test(.enabled(if: GameListing.has("arithmetic-quiz"), "it plays the quiz"))
    func menuPreferencesPlayAndQuitRestoresTheTerminal() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let tmux = try Tmux()
        tmux.shell("stty -g > \(data)/before")
        tmux.shell("\(Tmux.binary) --data-dir \(data) --seed 3; echo exit-$?; stty -g > \(data)/after; echo done-$((40+2))")
        #expect(tmux.waitFor("Arithmetic Quiz"))
        // A number key opens its game, as the README says.
        tmux.send("1")
        #expect(tmux.waitFor("Reset to defaults"))
        // Down to "Questions", then ← twice: 5 → 3.
        tmux.send("Down", "Down", "Down", "Left", "Left")
        #expect(tmux.waitFor("‹ 3 ›"))
        tmux.send("Up", "Up", "Up", "Enter")
        #expect(tmux.waitFor("Press Enter to start"))
        tmux.send("Enter")
        for question in 1...3 {
            #expect(tmux.waitFor("= ?"))
            tmux.send("1")
            #expect(tmux.waitUntilGone("= ?"))
            if question < 3 { tmux.send("Enter") }
        }
        #expect(tmux.waitFor("Finished in"))
        tmux.send("q", "q", "q")
        #expect(tmux.waitFor("done-42"))
        #expect(tmux.capture().contains("exit-0"))
        let before = try String(contentsOfFile: "\(data)/before", encoding: .utf8)
        let after = try String(contentsOfFile: "\(data)/after", encoding: .utf8)
        #expect(before == after)
        // The preference was saved for next time.
        let saved = try String(contentsOfFile: "\(data)/arithmetic-quiz/preferences.json", encoding: .utf8)
        #expect(saved.contains("\"questions\" : 3"))
    }

    // Quitting with Ctrl-C and every ending signal, for every game: TerminalRestoreTests.

    @Test(.enabled(if: GameListing.has("arithmetic-quiz"), "it plays the quiz"))
    func resizingRepaintsAndTooSmallShowsANotice() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let tmux = try Tmux()
        tmux.shell("\(Tmux.binary) play arithmetic-quiz --seed 1 --data-dir \(data)")
        #expect(tmux.waitFor("Press Enter to start"))
        tmux.resize(width: 120, height: 40)
        #expect(tmux.waitFor("? help"))
        #expect(tmux.capture().components(separatedBy: "\n").count >= 40)
        tmux.resize(width: 30, height: 8)
        #expect(tmux.waitFor("Terminal too small"))
        for size in [(50, 14), (90, 30), (40, 12), (80, 24)] { tmux.resize(width: size.0, height: size.1) }
        #expect(tmux.waitUntilGone("Terminal too small"))
        #expect(tmux.waitFor("Press Enter to start"))
        let lines = tmux.capture().components(separatedBy: "\n")
        #expect(lines.first?.hasPrefix(" GameHost › Arithmetic Quiz › Quiz") == true)
        #expect(lines.contains { $0.hasPrefix(" Enter start") }, "the footer is on the last line")
        tmux.send("q", "q", "q")
    }

    @Test(.enabled(if: GameListing.has("arithmetic-quiz"), "it plays the quiz"))
    func plainModeDrivesTheLauncherFromAPipe() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        // Start, answer three questions with key 1 (Enter going on), quit back out.
        let keys = "\n" + "1\n1\n1" + "qqq"
        let result = try runGamehost(["--data-dir", data, "--seed", "5", "--set", "questions=3", "play",
                                      "arithmetic-quiz"], input: keys)
        #expect(result.status == 0)
        #expect(!result.output.contains("\u{1B}"), "plain output has no escape codes")
        #expect(result.output.contains("Finished in"))
        let scores = try String(contentsOfFile: "\(data)/arithmetic-quiz/scores.json", encoding: .utf8)
        #expect(scores.contains("of 3 correct"))
    }

    @Test func usageErrorsExit64WithOneLine() throws {
        let result = try runGamehost(["--bogus"])
        #expect(result.status == 64)
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(result.error.contains("unknown option '--bogus'"))
        #expect(result.error.contains("--help"))
    }
}
