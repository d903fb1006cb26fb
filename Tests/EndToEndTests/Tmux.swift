import Foundation
import GameHostConformance
import SSHHarness

/// A real terminal for end-to-end tests: a tmux pane on a private server, driven with
/// send-keys and read with capture-pane.
final class Tmux {
    static let socket = "gamehost-tests-\(getpid())"
    static var isAvailable: Bool { (try? run(["-V"]))?.status == 0 }

    /// The built `gamehost` beside the test bundle (or GAMEHOST_E2E_BINARY, to run the tests
    /// against another build, such as the one before a change).
    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["GAMEHOST_E2E_BINARY"] { return path }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var directory = bundle
        // The test runner may be inside the .xctest bundle or beside it.
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("gamehost").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/gamehost").path
    }

    let name: String

    /// Starts a shell (no rc files, a plain prompt) in a pane of the given size. The test
    /// runner sets NO_COLOR=1; the pane is a color terminal, as a player's would be.
    init(width: Int = 80, height: Int = 24) throws {
        name = "t\(UUID().uuidString.prefix(8))"
        // Tests share one server, which exits when its last session ends; a session started
        // at that moment is refused ("server exited"), and the next try starts a new server.
        var result = (status: Int32(1), output: "")
        for attempt in 0..<5 where result.status != 0 {
            if attempt > 0 { usleep(100_000) }
            result = try Self.run(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
                                   "env -u NO_COLOR PS1='$ ' TERM=xterm-256color bash --norc --noprofile"])
        }
        guard result.status == 0 else { throw TmuxError("tmux new-session failed: \(result.output)") }
        _ = try Self.run(["set-option", "-t", name, "escape-time", "0"])
        _ = waitFor("$")
    }

    deinit {
        _ = try? Self.run(["kill-session", "-t", name])
    }

    /// Sends tmux key names ("Enter", "Escape", "Up", "C-c") or, with `literal`, text as typed.
    func send(_ keys: String..., literal: Bool = false) {
        _ = try? Self.run(["send-keys", "-t", name] + (literal ? ["-l"] : []) + keys)
    }

    /// Types a shell command and presses Enter.
    func shell(_ command: String) {
        send(command, literal: true)
        send("Enter")
    }

    /// The screen, and with `history` that many lines scrolled off above it.
    func capture(history: Int = 0) -> String {
        (try? Self.run(["capture-pane", "-p", "-t", name] + (history > 0 ? ["-S", "-\(history)"] : [])))?.output ?? ""
    }

    /// The screens of several panes read by one tmux command, whose parts the server runs one
    /// after the other with no pane's output read in between: what each showed at one moment.
    /// Empty if tmux did not answer.
    static func capture(_ panes: [Tmux]) -> [String] {
        let mark = "@@ gamehost pane @@"
        var arguments: [String] = []
        for pane in panes {
            if !arguments.isEmpty { arguments += [";", "display-message", "-p", mark, ";"] }
            arguments += ["capture-pane", "-p", "-t", pane.name]
        }
        let screens = ((try? run(arguments))?.output ?? "").components(separatedBy: mark + "\n")
        return screens.count == panes.count ? screens : []
    }

    /// Waits until the screen (and `history` lines above it) contains the text; false after the timeout.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 15, history: Int = 0) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if capture(history: history).contains(text) { return true }
            usleep(50_000)
        }
        return false
    }

    /// Waits until the screen no longer contains the text.
    @discardableResult
    func waitUntilGone(_ text: String, timeout: Double = 15) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if !capture().contains(text) { return true }
            usleep(50_000)
        }
        return false
    }

    /// Waits (two seconds at most) for the screen to differ from `shown`.
    func waitForChange(from shown: String) {
        let deadline = Date().addingTimeInterval(2)
        while capture() == shown, Date() < deadline { usleep(20_000) }
    }

    func resize(width: Int, height: Int) {
        _ = try? Self.run(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// A pane variable, such as `alternate_on` or `cursor_flag` ("1" or "0").
    func variable(_ name: String) -> String {
        let output = (try? Self.run(["display-message", "-p", "-t", self.name, "#{\(name)}"]))?.output ?? ""
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The pane's foreground process id (the game while it runs).
    var panePID: Int32? {
        let output = (try? Self.run(["display-message", "-p", "-t", name, "#{pane_pid}"]))?.output ?? ""
        return Int32(output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @discardableResult
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try spawn(["tmux", "-L", socket, "-f", "/dev/null"] + arguments)
    }
}

/// Runs a program found on PATH and waits for it (see `ChildProcess` for why not Process).
func spawn(_ arguments: [String]) throws -> (status: Int32, output: String) { try ChildProcess.run(arguments) }

struct TmuxError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A scratch folder for one test's data and files, removed when the tests end.
func scratchDirectory() -> String {
    ScratchFolders.make(prefix: "gamehost-e2e-")
}

/// Runs the binary with stdin from a string; returns status, stdout and stderr.
func runGamehost(_ arguments: [String], input: String = "", environment: [String: String] = [:])
    throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Tmux.binary)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    process.environment = env
    let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let error = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: error, as: UTF8.self))
}
