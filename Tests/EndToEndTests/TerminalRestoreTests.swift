import Foundation
import Testing

/// Every game's main screen, in a real terminal, ended every way a player or the system can
/// end it: the terminal settings (`stty -g`), the cursor and the main screen are as before.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"))
struct TerminalRestoreTests {
    /// The signals that end a process, with their numbers. The crash signals come from `kill`
    /// here; a Swift trap raises SIGILL (x86_64) or SIGTRAP (arm64) the same way.
    static let signals: [(name: String, number: Int32)] = [
        ("SIGINT", SIGINT), ("SIGTERM", SIGTERM), ("SIGHUP", SIGHUP), ("SIGQUIT", SIGQUIT),
        ("SIGILL", SIGILL), ("SIGTRAP", SIGTRAP), ("SIGSEGV", SIGSEGV), ("SIGABRT", SIGABRT),
        ("SIGBUS", SIGBUS), ("SIGFPE", SIGFPE),
    ]
    /// q until the launcher quits, Ctrl-C typed, end of input in plain mode, then each signal.
    static let endings = ["q", "C-c", "EOF"] + signals.map(\.name)

    @Test func theBinaryListsTheGames() {
        #expect(!GameListing.all.isEmpty, "gamehost list names the games: \(GameListing.all)")
    }

    @Test(arguments: GameListing.all, endings)
    func endingLeavesTheTerminalAsItWas(_ game: GameListing, _ ending: String) throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let tmux = try Tmux()
        let plain = ending == "EOF"
        // An interactive bash puts back the terminal settings of a job killed by a signal,
        // which would hide a launcher that does not; so a plain sh runs the launcher and
        // reads the settings before and after. `exec` keeps the process id written to pid.
        let run = "\(Tmux.binary) play \(game.id) --seed 1 --data-dir \(data)\(plain ? " --plain" : "")"
        tmux.shell("sh -c 'ulimit -c 0; stty -g > \(data)/before; sh -c \"echo \\$$ > \(data)/pid; exec \(run)\";"
            + " echo status-$?; stty -g > \(data)/after'; echo done-$((40+2))")
        // A plain frame is as tall as the pane, so its first line may have scrolled off.
        try #require(tmux.waitFor("GameHost › \(game.title)", history: plain ? 50 : 0),
                     "\(game.id) shows its main screen")
        if !plain {
            // Proof the run changed the terminal, so the checks below can fail.
            #expect(tmux.variable("alternate_on") == "1")
            #expect(tmux.variable("cursor_flag") == "0")
            #expect(tmux.variable("mouse_any_flag") == "1", "mouse reporting is on while \(game.id) runs")
        }
        let pid = try #require(Int32(String(contentsOfFile: "\(data)/pid", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))

        switch ending {
        case "q":
            // Back from the game to the preferences form, to the menu, then quit.
            for _ in 0..<10 where isRunning(pid) {
                let shown = tmux.capture()
                tmux.send("q")
                let deadline = Date().addingTimeInterval(5)
                while isRunning(pid), tmux.capture() == shown, Date() < deadline { usleep(20_000) }
            }
        case "C-c":
            tmux.send("C-c")
        case "EOF":
            tmux.send("C-d")
        default:
            let signal = try #require(Self.signals.first { $0.name == ending }?.number)
            #expect(kill(pid, signal) == 0)
        }
        waitForExit(pid, seconds: 15)
        #expect(!isRunning(pid), "\(game.id) ended after \(ending)")

        #expect(tmux.waitFor("done-42"))
        let screen = tmux.capture()
        let expected = Self.signals.first { $0.name == ending }.map { 128 + $0.number } ?? 0
        #expect(screen.contains("status-\(expected)"),
                "after \(ending) the shell sees status \(expected) (the signal re-raised, not swallowed)")
        let before = try String(contentsOfFile: "\(data)/before", encoding: .utf8)
        let after = try String(contentsOfFile: "\(data)/after", encoding: .utf8)
        #expect(before == after, "stty -g differs after \(ending) in \(game.id)")
        #expect(tmux.variable("alternate_on") == "0", "the main screen is back after \(ending) in \(game.id)")
        #expect(tmux.variable("cursor_flag") == "1", "the cursor is visible after \(ending) in \(game.id)")
        #expect(tmux.variable("mouse_any_flag") == "0", "mouse reporting is off after \(ending) in \(game.id)")
        if !plain {
            #expect(!screen.contains("GameHost ›"), "no game frame is left on the main screen")
        }
    }

    private func isRunning(_ pid: Int32) -> Bool { kill(pid, 0) == 0 }

    /// Polls until the process is gone (the shell reaps its job at once) or time runs out.
    private func waitForExit(_ pid: Int32, seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning(pid), Date() < deadline { usleep(20_000) }
    }
}
