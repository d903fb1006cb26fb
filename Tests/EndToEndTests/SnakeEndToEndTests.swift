import Foundation
import Testing

/// Time in the real binary: Snake moves by itself in a terminal, an idle launcher sleeps,
/// and plain mode's time moves only when the script says.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"))
struct SnakeEndToEndTests {
    /// The rows of the board: the lines between the border's top and bottom edges.
    static func board(_ screen: String) -> [String] {
        let lines = screen.components(separatedBy: "\n")
        guard let top = lines.firstIndex(where: { $0.contains("╭") }),
              let bottom = lines.lastIndex(where: { $0.contains("╰") }), top < bottom else { return [] }
        return Array(lines[(top + 1)..<bottom])
    }

    /// CPU time the process has used, in clock ticks (user + system), from /proc.
    static func cpuTicks(_ pid: Int32) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name, which may hold spaces: state is field 3, utime 14, stime 15.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// The CPU ticks a process uses in two seconds, once it has settled.
    static func ticksWhileIdle(_ pid: Int32) throws -> Int {
        usleep(300_000)
        let start = try #require(cpuTicks(pid))
        usleep(2_000_000)
        return try #require(cpuTicks(pid)) - start
    }

    /// The snake waits for the first arrow (audit N3), then moves by itself.
    @Test func theSnakeWaitsForAnArrowThenMovesAndStopsWhenPaused() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let tmux = try Tmux()
        tmux.shell("\(Tmux.binary) play snake --seed 5 --set speed=1 --data-dir \(data)")
        #expect(tmux.waitFor("Press an arrow key to start"))
        let waiting = Self.board(tmux.capture())
        usleep(1_000_000)
        #expect(Self.board(tmux.capture()) == waiting, "no key, no move")
        tmux.send("Right")
        #expect(tmux.waitUntilGone("Press an arrow key to start"))
        let first = Self.board(tmux.capture())
        usleep(1_000_000)
        let second = Self.board(tmux.capture())
        #expect(!first.isEmpty && first.joined().contains("█"))
        #expect(first != second, "a second later the snake is elsewhere")

        tmux.send("p")
        #expect(tmux.waitFor("Paused"))
        let paused = Self.board(tmux.capture())
        usleep(600_000)
        #expect(Self.board(tmux.capture()) == paused, "paused, nothing moves")
        tmux.send("Space")
        #expect(tmux.waitUntilGone("Paused"))
        tmux.send("q", "q", "q")
        #expect(tmux.waitFor("$"))
    }

    /// A dumb terminal's widths are never measured: its plain frames write ASCII for the
    /// glyphs some terminals draw 2 cells wide, the border and the snake's head among them.
    @Test func aDumbTerminalSeesTheSnakeInASCII() throws {
        let run = try runGamehost(["play", "snake", "--seed", "3", "--data-dir", scratchDirectory()],
                                  input: "\u{1B}[=500tk\u{1B}[=250t", environment: ["TERM": "dumb"])
        #expect(run.status == 0 && run.error.isEmpty, "\(run.error)")
        let frames = run.output.components(separatedBy: String(repeating: "-", count: 80) + "\n").filter { !$0.isEmpty }
        #expect(frames.count == 3 && frames[0].contains("+- speed 4 . points 0 -") && frames[0].contains("######>>"),
                "\(frames.first ?? run.output)")
        #expect(frames.last?.contains("^^") == true, "heading up after k")
        #expect(!run.output.contains("▶") && !run.output.contains("█") && !run.output.contains("╭"))
        let pipe = try runGamehost(["play", "snake", "--seed", "3", "--data-dir", scratchDirectory()],
                                   environment: ["TERM": "xterm-256color"])
        #expect(pipe.output.contains("██▶▶"), "any other terminal's plain frames keep their glyphs")
    }

    /// Audit N5: at a dumb terminal (a person typing lines) Snake never moved, and the newline
    /// ending each line was an Enter of its own. Time is real there, and a line is its keys.
    @Test func aDumbTerminalRunsOnRealTimeAndALineIsItsKeys() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let tmux = try Tmux()
        tmux.shell("TERM=dumb \(Tmux.binary) play snake --seed 3 --set speed=1 --data-dir \(data)")
        #expect(tmux.waitFor("Press an arrow key to start"))
        tmux.send("l", "Enter")
        #expect(tmux.waitFor(">>"))
        let first = tmux.capture().components(separatedBy: "\n").filter { $0.contains(">>") }.last
        let deadline = Date().addingTimeInterval(10)
        var moved = false
        while !moved, Date() < deadline {
            usleep(100_000)
            moved = tmux.capture().components(separatedBy: "\n").filter { $0.contains(">>") }.last != first
        }
        #expect(moved, "the snake moves on its own, on real time")
        tmux.send("k", "Enter")
        #expect(tmux.waitFor("^^"), "k steered up")
        #expect(!tmux.capture().contains("does nothing now"), "the line's newline was no Enter")
        tmux.send("C-c")
    }

    /// With no screen asking for time, the launcher sleeps in `poll` and uses no CPU.
    @Test func anIdleLauncherUsesNoCPU() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let tmux = try Tmux()
        // exec: the pane's process is then the launcher itself.
        tmux.shell("exec \(Tmux.binary) --data-dir \(data)")
        #expect(tmux.waitFor("Snake"))
        let pid = try #require(tmux.panePID)
        let menu = try Self.ticksWhileIdle(pid)
        #expect(menu <= 1, "the idle menu used \(menu) ticks of CPU in 2 s")

        // A board waiting for its first key, and a paused game, ask for no ticks either.
        tmux.send("4")
        #expect(tmux.waitFor("Wrap-around"))
        tmux.send("Enter")
        #expect(tmux.waitFor("Press an arrow key to start"))
        let waiting = try Self.ticksWhileIdle(pid)
        #expect(waiting <= 1, "the waiting board used \(waiting) ticks of CPU in 2 s")
        tmux.send("Right")
        #expect(tmux.waitUntilGone("Press an arrow key to start"))
        tmux.send("p")
        #expect(tmux.waitFor("Paused"))
        let paused = try Self.ticksWhileIdle(pid)
        #expect(paused <= 1, "the paused game used \(paused) ticks of CPU in 2 s")
        tmux.send("C-c")
    }

    /// Plain mode: `ESC [ = <ms> t` lets time pass; without it time stands still; the same
    /// script prints the same frames every time.
    @Test func plainModeTimeMovesOnlyWhenTheScriptSays() throws {
        let time = { (milliseconds: Int) in "\u{1B}[=\(milliseconds)t" }
        // l starts the round (the way the snake already heads).
        let script = "l" + time(1_000) + "k" + time(500) + "p" + time(10_000)
        // Each run in a folder of its own: an unfinished round would be offered for resume.
        func fresh() -> [String] { ["--data-dir", scratchDirectory()] }
        let run = try runGamehost(["play", "snake", "--seed", "3", "--plain"] + fresh(), input: script)
        #expect(run.status == 0 && run.error.isEmpty)
        let all = run.output.components(separatedBy: String(repeating: "-", count: 80) + "\n").filter { !$0.isEmpty }
        #expect(all.first?.contains("Press an arrow key to start") == true)
        let frames = Array(all.dropFirst())
        #expect(frames.count == 5, "started, after 1 s, the turn, 0.5 s after it, paused; \(frames.count)")
        let boards = frames.map { Self.board($0).joined(separator: "\n") }
        // At speed 4 (125 ms) the snake went 8 cells right in a second, then 4 up.
        func head(_ board: String) -> (Int, Int)? {
            for (y, line) in board.components(separatedBy: "\n").enumerated() {
                if let x = line.firstIndex(of: "█") { return (y, line.distance(from: line.startIndex, to: x)) }
            }
            return nil
        }
        // The body, and the head that points the way it goes.
        let rows = boards.map { $0.components(separatedBy: "\n").filter { $0.contains("█") || $0.contains("▲") } }
        #expect(rows[0].count == 1 && rows[1].count == 1, "moving right, the snake is one row")
        #expect(rows[1][0].firstIndex(of: "█") != rows[0][0].firstIndex(of: "█"))
        #expect(rows[1][0].contains("██▶▶") && rows[3].first?.contains("▲▲") == true, "the head leads")
        // The turn shows at once: the head points up before the step, the body where it was.
        #expect(rows[2].count == 1 && rows[2][0].contains("██▲▲"), "\(boards[2])")
        #expect(rows[3].count == 4, "4 cells up after the turn: four rows")
        #expect(head(boards[1]).map { $0.0 } == head(boards[0]).map { $0.0 })
        #expect(frames[4].contains("Paused"))
        #expect(try runGamehost(["play", "snake", "--seed", "3", "--plain"] + fresh(), input: script).output == run.output,
                "the same script, the same frames")

        let still = try runGamehost(["play", "snake", "--seed", "3", "--plain"] + fresh(), input: "jjkk")
        let stills = still.output.components(separatedBy: String(repeating: "-", count: 80) + "\n").filter { !$0.isEmpty }
        #expect(stills.count == 2, "the waiting board, then started: \(stills.count) frames")
        // The head may turn (it shows the turn asked for), the body stays: no time, no step.
        let bodies = stills.map { Self.board($0).filter { $0.contains("█") }.map { String($0.map { "▲▼◀▶".contains($0) ? " " : $0 }) } }
        #expect(bodies.allSatisfy { $0 == bodies[0] }, "no time, no step")

        let bad = try runGamehost(["play", "snake", "--seed", "3", "--plain"] + fresh(), input: "\u{1B}[=12x")
        #expect(bad.error.contains("ignored ESC [ = 1 2 x") && bad.error.contains("ESC [ = <milliseconds> t"))
    }
}
