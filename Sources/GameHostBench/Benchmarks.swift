import Foundation
import BuiltInGames
import GameHost
import GameHostTesting

enum Benchmarks {
    static let small = Size(width: 80, height: 24)
    static let large = Size(width: 200, height: 60)

    /// Drives a game with seeded random keys (the conformance walk's key choice), calling
    /// `step` with each key; leaves the game again when a key left it.
    static func drive(_ entry: GameEntry, keys: Int, size: Size, seed: UInt64,
                      step: (TestDriver, Key) -> Void) {
        guard let driver = try? TestDriver(games: [entry], play: entry.id, seed: seed, size: size) else { return }
        var random = SeededGenerator(seed: seed)
        for _ in 0..<keys {
            if driver.session.isFinished { break }
            if !driver.screenIDs.contains(where: { $0.hasPrefix(entry.id + ".") }) { driver.session.play(entry.id) }
            guard let screen = driver.session.topScreen else { break }
            let key = RandomWalk.pick(screen.bindings(), atMenu: driver.screenIDs.count <= 1, using: &random)
            step(driver, key)
        }
    }

    /// Row 1: key → frame latency: the view model's update, the render and the diff.
    static func latency(_ entry: GameEntry, keys: Int) {
        for size in [small, large] {
            var sample = Sample()
            var encoder = FrameEncoder(colors: true)
            drive(entry, keys: keys, size: size, seed: 1) { driver, key in
                let start = now()
                driver.session.handle(key)
                let bytes = encoder.encode(driver.session.frame(size))
                sample.add(Double(now() - start) / 1_000)
                precondition(bytes.count >= 0)
            }
            let isSmall = size == small
            let target = isSmall ? "median ≤ 50 µs" : "p99 ≤ 500 µs"
            let met = isSmall ? sample.median <= 50 : sample.p99 <= 500
            report("1", "\(entry.id) key→frame \(size)",
                   figure: "median \(format(sample.median)) µs, p99 \(format(sample.p99)) µs, max \(format(sample.largest)) µs",
                   target: target, met: met)
        }
    }

    /// What a player does most in each game, repeated: the session row 2 measures.
    static let scripts: [String: [Key]] = [
        "arithmetic-quiz": [.enter, .right, .right, .left, .right, .enter, .enter, .left, .left, .digit(2)],
        "memorize": [.enter, .right, .right, .down, .enter, .left, .enter, .up, .right, .enter, .down, .left],
        "compatibility-slider": [.right, .right, .left, .enter, .left, .right, .right, .enter],
    ]

    /// Row 2: bytes written per key in TTY mode over a scripted session (moves, answers, a
    /// resize), against the same frames written as full repaints.
    static func bytes(_ entry: GameEntry, keys: Int) {
        var diffed = 0, full = 0, count = 0
        var encoder = FrameEncoder(colors: true)
        var size = small
        let script = scripts[entry.id] ?? [.left, .right, .up, .down, .enter]
        guard let driver = try? TestDriver(games: [entry], play: entry.id, seed: 2, size: size) else { return }
        for index in 0..<keys {
            if !driver.screenIDs.contains(where: { $0.hasPrefix(entry.id + ".") }) { driver.session.play(entry.id) }
            let key = script[index % script.count]
            count += 1
            if count == keys / 2 {
                // A resize in the middle: the next frame is a full repaint in both columns.
                size = Size(width: 100, height: 30)
                driver.size = size
            }
            driver.session.handle(key)
            let frame = driver.session.frame(size)
            diffed += encoder.encode(frame).count
            var fresh = FrameEncoder(colors: true)
            full += fresh.encode(frame).count
        }
        let ratio = Double(diffed) / Double(max(full, 1))
        report("2", "\(entry.id) bytes/key (TTY)",
               figure: "\(format(Double(diffed) / Double(max(count, 1)))) B/key diffed",
               reference: "\(format(Double(full) / Double(max(count, 1)))) B/key full repaint",
               ratio: "\(format(ratio * 100))%", target: "≤ 15% of full repaints", met: ratio <= 0.15)
    }

    /// Row 6: the conformance random walk, keys per second.
    static func walkThroughput(_ entry: GameEntry, keys: Int) {
        let start = now()
        let result = RandomWalk.throughput(entry, keys: keys, seed: 3)
        let seconds = Double(now() - start) / 1e9
        let rate = Double(result.keys) / seconds
        report("6", "\(entry.id) random walk", figure: "\(Int(rate)) keys/s (\(result.keys) keys, \(format(seconds, 2)) s, \(result.failures.count) failures)",
               target: "≥ 50,000 keys/s", met: rate >= 50_000)
        for failure in result.failures.prefix(3) { print("  ! \(failure)") }
    }

    /// Row 5: Memorize with many saved themes: starting it (load and first chooser frame),
    /// then one key in the chooser, against the same with 10 themes.
    static func manyThemes() {
        guard let entry = BuiltInGames.entries.first(where: { $0.id == "memorize" }) else { return }
        var results: [Int: (start: Double, key: Sample)] = [:]
        for count in [10, 10_000] {
            let directory = TestDriver.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try? FileManager.default.createDirectory(atPath: directory + "/memorize", withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: directory + "/memorize/themes.json", contents: themesFile(count))
            var starts = Sample()
            var keys = Sample()
            for round in 0..<5 {
                let begin = now()
                guard let driver = try? TestDriver(games: [entry], play: entry.id, seed: 1, size: small,
                                                   dataDirectory: directory) else { return }
                _ = driver.session.frame(small)
                starts.add(Double(now() - begin) / 1e6)
                guard round == 0 else { continue }
                var encoder = FrameEncoder(colors: true)
                for index in 0..<2_000 {
                    let begin = now()
                    driver.session.handle(index % 40 < 20 ? .down : .up)
                    _ = encoder.encode(driver.session.frame(small))
                    keys.add(Double(now() - begin) / 1_000)
                }
            }
            results[count] = (starts.median, keys)
        }
        guard let few = results[10], let many = results[10_000] else { return }
        report("5", "memorize: start with 10,000 themes (load + first frame)",
               figure: "\(format(many.start, 2)) ms", reference: "\(format(few.start, 2)) ms with 10",
               ratio: "\(format(many.start / few.start))×", target: "≤ 50 ms", met: many.start <= 50)
        let ratio = many.key.median / few.key.median
        report("5", "memorize: a key in the chooser, 10,000 themes",
               figure: "median \(format(many.key.median)) µs", reference: "median \(format(few.key.median)) µs with 10",
               ratio: "\(format(ratio, 2))×", target: "≤ 1.5× the 10-theme figure", met: ratio <= 1.5)
    }

    /// A Memorize themes file with `count` themes, written as the game saves it.
    static func themesFile(_ count: Int) -> Data {
        let emojis = ["🐶", "🐱", "🐭", "🐹", "🐰", "🦊", "🐻", "🐼"].map { "\"\($0)\"" }.joined(separator: ",")
        let themes = (1...count).map { id in
            #"{"id":\#(id),"name":"Theme \#(id)","emojis":[\#(emojis)],"removedEmojis":[],"pairCount":6,"color":"blue"}"#
        }
        return Data(#"{"format":1,"data":{"themes":[\#(themes.joined(separator: ","))],"nextID":\#(count + 1)}}"#.utf8)
    }
}
