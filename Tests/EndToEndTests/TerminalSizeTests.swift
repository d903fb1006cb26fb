import Foundation
import Testing

/// Tiny terminals, a storm of resizes while playing, and terminals without color: every
/// game, in tmux.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"))
struct TerminalSizeTests {
    static let tinySizes = [(30, 8), (20, 6), (15, 4), (12, 3), (10, 3)]

    @Test(arguments: GameListing.all)
    func tinyTerminalsShowTheTooSmallNotice(_ game: GameListing) throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let tmux = try Tmux()
        tmux.shell("\(Tmux.binary) play \(game.id) --seed 1 --data-dir \(data); echo done-$((40+2))")
        try #require(tmux.waitFor("GameHost › \(game.title)"))
        for (width, height) in Self.tinySizes {
            tmux.resize(width: width, height: height)
            #expect(tmux.waitFor { $0.lowercased().contains("too small") }, "\(game.id) at \(width)×\(height):\n\(tmux.capture())")
        }
        tmux.resize(width: 80, height: 24)
        #expect(tmux.waitFor("GameHost › \(game.title)"), "the game is back at 80×24")
        tmux.send("q", "q", "q", "q")
        #expect(tmux.waitFor("done-42"))
    }

    /// Keys that mean the same whatever the size, so the plain run below can replay them.
    static let keys = ["Enter", "Down", "Right", "Right", "Down", "Left", "Up", "Enter", "Down", "Right",
                       "Space", "Left", "Down", "Right", "Up", "Enter", "Right", "Down", "Left", "Right",
                       "Down", "Down", "Up", "Right", "Left"]
    static let bytes = ["Enter": "\r", "Space": " ", "Up": "\u{1B}[A", "Down": "\u{1B}[B", "Right": "\u{1B}[C",
                        "Left": "\u{1B}[D"]

    /// 50 resizes between 10×3 and 200×60 as fast as tmux makes them, keys in between, then
    /// 100×30: the screen is what a plain run of the same keys at 100×30 prints last.
    @Test(arguments: GameListing.all)
    func fiftyRapidResizesWhilePlayingLeaveTheRightScreen(_ game: GameListing) throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        // It starts at 80×24 and ends at 100×30, so a launcher deaf to resizes cannot pass.
        let tmux = try Tmux(width: 80, height: 24)
        tmux.shell("clear; \(Tmux.binary) play \(game.id) --seed 9 --data-dir \(data)/tty; echo done-$((40+2))")
        try #require(tmux.waitFor("GameHost › \(game.title)"))
        var random = UInt64(game.id.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) })
        func next(_ range: ClosedRange<Int>) -> Int {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + Int((random >> 33) % UInt64(range.count))
        }
        // One tmux command line, so the resizes come as fast as tmux can make them.
        var storm: [String] = []
        for index in 0..<50 {
            // A key acts only where the screen shows (not under the "too small" notice), so
            // the size a key lands in fits every game.
            let (width, height) = index % 2 == 0 ? (next(60...200), next(20...60)) : (next(10...200), next(3...60))
            storm += ["resize-window", "-t", tmux.name, "-x", "\(width)", "-y", "\(height)", ";"]
            if index % 2 == 0 { storm += ["send-keys", "-t", tmux.name, Self.keys[index / 2], ";"] }
        }
        storm += ["resize-window", "-t", tmux.name, "-x", "100", "-y", "30"]
        _ = try Tmux.run(storm)

        let plain = try Child.run(["play", game.id, "--seed", "9", "--data-dir", data + "/plain"],
                                  input: Self.keys.map { Self.bytes[$0]! }.joined(),
                                  environment: ["COLUMNS": "100", "LINES": "30"])
        let frames = plain.output.components(separatedBy: "\n" + String(repeating: "-", count: 100) + "\n")
        let expected = try #require(frames.dropLast().last, "the plain run printed frames")
        if try Self.movesByItself(game) {
            // Real time moved the game in the terminal, and no time in the plain run: the
            // screens cannot be the same, but the terminal's must be whole at 100×30.
            #expect(tmux.waitFor { screen in
                let lines = Self.trimmed(screen)
                return lines.count == 30 && lines[0].hasPrefix(" GameHost › \(game.title)") && lines[29].contains("help")
            }, "\(game.id) after 50 resizes:\n\(tmux.capture())")
            tmux.send("C-c")
            #expect(tmux.waitFor("done-42"))
            return
        }
        // However slow the machine, the screen must come to this, and stay. The footer aside:
        // plain text leaves out the keys a terminal dims.
        #expect(tmux.waitFor { Self.trimmed($0).dropLast() == Self.trimmed(expected).dropLast() },
                "\(game.id) after 50 resizes:\n\(tmux.capture())\nexpected:\n\(expected)")
        #expect(Self.trimmed(tmux.settled()).dropLast() == Self.trimmed(expected).dropLast())
        tmux.send("q", "q", "q", "q", "q")
        #expect(tmux.waitFor("done-42"))
    }

    /// Whether the game's first screen changes as time passes (plain mode, a minute of
    /// virtual time): then a terminal's screen depends on when it is read.
    static func movesByItself(_ game: GameListing) throws -> Bool {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        // After a first key (Snake waits for one): does time alone print more frames?
        func frames(_ input: String, _ folder: String) throws -> Int {
            let run = try Child.run(["play", game.id, "--seed", "9", "--data-dir", data + folder], input: input,
                                    environment: ["COLUMNS": "80", "LINES": "24"])
            return run.output.components(separatedBy: String(repeating: "-", count: 80) + "\n").count
        }
        return try frames("\u{1B}[C\u{1B}[=60000t", "/timed") > frames("\u{1B}[C", "/still")
    }

    static func trimmed(_ screen: String) -> [String] {
        var lines = screen.components(separatedBy: "\n").map { String($0.reversed().drop { $0 == " " }.reversed()) }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// With TERM=dumb or NO_COLOR=1 no color code reaches the terminal (and the game still
    /// draws); under xterm-256color colors do, so the check can see them.
    @Test(arguments: ["TERM=dumb", "NO_COLOR=1", "TERM=xterm-256color"])
    func terminalsWithoutColorGetNone(_ setting: String) throws {
        var colorsSeen = false
        for game in GameListing.all {
            let data = scratchDirectory()
            defer { try? FileManager.default.removeItem(atPath: data) }
            let tmux = try Tmux()
            tmux.record(to: data + "/raw")
            tmux.shell("env \(setting) \(Tmux.binary) play \(game.id) --seed 1 --data-dir \(data); echo done-$((40+2))")
            // A dumb terminal gets plain frames, as tall as the pane: the header may scroll off.
            let dumb = setting == "TERM=dumb"
            #expect(tmux.waitFor("GameHost › \(game.title)", history: dumb ? 50 : 0), "\(game.id) draws with \(setting)")
            tmux.send("Enter", "Down", "Right", "Enter")
            _ = tmux.settled()
            // Plain mode reads lines there: end of input ends it.
            if dumb { tmux.send("C-d") } else { tmux.send("q", "q", "q", "q", "q") }
            #expect(tmux.waitFor("done-42"))
            let raw = tmux.recording(data + "/raw", endingWith: "done-42")
            #expect(String(decoding: raw, as: UTF8.self).contains("GameHost"), "the output was recorded")
            let colors = Self.colorCodes(raw)
            colorsSeen = colorsSeen || !colors.isEmpty
            if setting != "TERM=xterm-256color" {
                #expect(colors.isEmpty, "\(game.id) with \(setting) wrote \(colors.prefix(5))")
            }
        }
        if setting == "TERM=xterm-256color" { #expect(colorsSeen, "some game uses color on a color terminal") }
    }

    /// The SGR sequences in the bytes that set a foreground or background color.
    static func colorCodes(_ data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        var found: [String] = []
        var rest = text[...]
        while let start = rest.range(of: "\u{1B}[") {
            let body = rest[start.upperBound...].prefix { $0.isNumber || $0 == ";" }
            let end = rest.index(start.upperBound, offsetBy: body.count)
            if end < rest.endIndex, rest[end] == "m" {
                let codes = body.split(separator: ";").compactMap { Int($0) }
                if codes.contains(where: { (30...49).contains($0) || (90...107).contains($0) }) {
                    found.append("ESC[" + body + "m")
                }
            }
            rest = rest[end...]
        }
        return found
    }
}

extension Tmux {
    /// Starts copying everything the pane's programs write to the terminal into a file.
    func record(to path: String) {
        _ = try? Self.run(["pipe-pane", "-o", "-t", name, "cat > \(path)"])
    }

    /// Stops recording once the file holds `marker` (so nothing written is still on its way).
    func recording(_ path: String, endingWith marker: String) -> Data {
        let deadline = Date().addingTimeInterval(15)
        var data = Data()
        while Date() < deadline {
            data = FileManager.default.contents(atPath: path) ?? Data()
            if data.range(of: Data(marker.utf8)) != nil { break }
            usleep(50_000)
        }
        _ = try? Self.run(["pipe-pane", "-t", name])
        return data
    }

    /// Waits until the screen passes a test; false after the timeout.
    func waitFor(timeout: Double = 15, _ test: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if test(capture()) { return true }
            usleep(50_000)
        }
        return false
    }

    /// The screen once it has stopped changing for a moment.
    func settled() -> String {
        var last = capture()
        for _ in 0..<100 {
            usleep(100_000)
            let now = capture()
            if now == last { return now }
            last = now
        }
        return last
    }
}
