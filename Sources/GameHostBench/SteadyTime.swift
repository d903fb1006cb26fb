import Foundation
import BuiltInGames
import GameHost
import GameHostTesting
#if canImport(Glibc)
import Glibc
#endif

/// Row 7: steady time, at each of Snake's speeds.
///
/// 7a, in the process: a tick's work from the moment it is due to the frame's bytes (the
/// view model's step, the render, the diff), on the virtual clock.
/// 7b, the real binary in a pseudo-terminal, as a player runs it: the moment each frame
/// arrives, against the ideal grid of its speed (fitted to the earliest tick, so the figure
/// is how late a tick comes compared with the best one), and the gap between two frames
/// against the interval. The target: a tick's p99 error under 2 ms.
enum SteadyTime {
    /// Each speed level the schema allows, with the pace the game asks for at it (read from
    /// the session's first deadline, so the bench knows no game's constants).
    static let speeds: [(level: Int, milliseconds: Int)] = {
        guard let entry = BuiltInGames.entries.first(where: { $0.id == "snake" }),
              case .integer(let range)? = entry.schema.fields.first(where: { $0.key == "speed" })?.kind
        else { return [] }
        return range.compactMap { level in
            guard let driver = try? TestDriver(games: [entry], play: "snake", preferences: ["speed": .integer(level)]),
                  let due = driver.session.nextDeadline else { return nil }
            return (level, Int((due.timeIntervalSince(driver.session.now) * 1_000).rounded()))
        }
    }()

    /// 7a: a tick → its frame's bytes, in the process.
    static func tickToFrame(ticks: Int) {
        guard let entry = BuiltInGames.entries.first(where: { $0.id == "snake" }) else { return }
        for speed in speeds {
            guard let driver = try? TestDriver(games: [entry], play: "snake",
                                               preferences: ["speed": .integer(speed.level), "wrap": .toggle(true)],
                                               seed: 1) else { continue }
            var encoder = FrameEncoder(colors: true)
            _ = encoder.encode(driver.frame)
            var sample = Sample()
            for _ in 0..<ticks {
                if driver.session.nextDeadline == nil { driver.press(.enter) }
                let start = now()
                driver.advance(by: .milliseconds(speed.milliseconds))
                let bytes = encoder.encode(driver.session.frame(driver.size))
                sample.add(Double(now() - start) / 1_000)
                precondition(bytes.count >= 0)
            }
            report("7a", "snake speed \(speed.level) (\(speed.milliseconds) ms) tick→frame 80×24",
                   figure: "p50 \(format(sample.median)) µs, p99 \(format(sample.p99)) µs",
                   target: "median ≤ 50 µs", met: sample.median <= 50)
        }
    }

    /// 7b: the real binary in a pseudo-terminal; `ticks` frames at each speed.
    static func fired(binary: String, ticks: Int) {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            print("7b | snake tick timing | skipped: no binary at \(binary) (--binary PATH) | — | — | — | —")
            return
        }
        for speed in speeds {
            guard let arrivals = arrivals(binary: binary, speed: speed.level, frames: ticks + 10) else {
                print("7b | snake speed \(speed.level) tick timing | failed to run \(binary) in a pty | — | — | — | —")
                continue
            }
            // The first frames are the start: the full screen, then the warm-up.
            let frames = Array(arrivals.dropFirst(10))
            let interval = Double(speed.milliseconds)
            let offsets = frames.enumerated().map { $0.element - Double($0.offset) * interval }
            let best = offsets.min() ?? 0
            var error = Sample(), gap = Sample()
            for offset in offsets { error.add(offset - best) }
            for (a, b) in zip(frames, frames.dropFirst()) { gap.add(abs(b - a - interval)) }
            report("7b", "snake speed \(speed.level) (\(speed.milliseconds) ms) tick timing, real binary in a pty",
                   figure: "error p50 \(format(error.median, 2)) ms, p99 \(format(error.p99, 2)) ms, max \(format(error.largest, 2)) ms; "
                       + "jitter between frames p50 \(format(gap.median, 2)) ms, p99 \(format(gap.p99, 2)) ms",
                   reference: "\(frames.count) ticks", target: "p99 error < 2 ms", met: error.p99 < 2)
        }
    }

    /// Runs `gamehost play snake` on a pseudo-terminal of 80×24 and returns when each frame
    /// arrived, in milliseconds from the first; nil when the terminal cannot be made.
    static func arrivals(binary: String, speed: Int, frames: Int) -> [Double]? {
        guard let pty = PseudoTerminal.functions else { return nil }
        let master = pty.open(O_RDWR | O_NOCTTY)
        guard master >= 0, pty.grant(master) == 0, pty.unlock(master) == 0, let name = pty.name(master) else { return nil }
        defer { close(master) }
        var window = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &window)
        let terminal = String(cString: name)

        let data = NSTemporaryDirectory() + "gamehost-bench-time-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: data) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, terminal, O_RDWR, 0)
        }
        let arguments = [binary, "play", "snake", "--seed", "1", "--set", "speed=\(speed)", "--set", "wrap=true",
                         "--data-dir", data]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables: [String] = ["TERM=xterm-256color", "PATH=/usr/bin:/bin"]
        var environment = variables.map { strdup($0) } + [nil]
        defer { environment.forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawn(&pid, binary, &actions, nil, &argv, &environment) == 0 else { return nil }
        defer {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }

        var times: [Double] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let start = now()
        var last = start
        while times.count < frames {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 5_000) > 0 else { return times.isEmpty ? nil : times }
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { return times.isEmpty ? nil : times }
            let arrived = now()
            // One frame is one write; pieces of it read within a millisecond of each other
            // are the same frame.
            if times.isEmpty || arrived - last > 1_000_000 { times.append(Double(arrived - start) / 1e6) }
            last = arrived
        }
        return times
    }
}

/// glibc's pseudo-terminal calls, which Swift's Glibc module does not show (they are behind
/// _XOPEN_SOURCE): looked up by name at run time.
struct PseudoTerminal {
    let open: @convention(c) (Int32) -> Int32
    let grant: @convention(c) (Int32) -> Int32
    let unlock: @convention(c) (Int32) -> Int32
    let name: @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    static let functions: PseudoTerminal? = {
        func find<Function>(_ symbol: String, as type: Function.Type) -> Function? {
            guard let address = dlsym(nil, symbol) else { return nil }
            return unsafeBitCast(address, to: type)
        }
        guard let open = find("posix_openpt", as: (@convention(c) (Int32) -> Int32).self),
              let grant = find("grantpt", as: (@convention(c) (Int32) -> Int32).self),
              let unlock = find("unlockpt", as: (@convention(c) (Int32) -> Int32).self),
              let name = find("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
        else { return nil }
        return PseudoTerminal(open: open, grant: grant, unlock: unlock, name: name)
    }()
}
