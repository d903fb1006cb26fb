import Foundation
import GameHost

/// Seeded random keys through a game, checking the host's promises at every step.
public enum RandomWalk {
    struct Variant {
        let name: String
        let values: PreferenceValues
    }

    /// The defaults, every preset, and each field at each of its sample values.
    static func variants(_ entry: GameEntry) -> [Variant] {
        var variants = [Variant(name: "defaults", values: [:])]
        variants += entry.schema.presets.map { Variant(name: "preset \($0.name)", values: $0.values) }
        for field in entry.schema.fields {
            for value in field.kind.samples where value != field.defaultValue {
                variants.append(Variant(name: "\(field.key)=\(value.json)", values: [field.key: value]))
            }
        }
        return variants
    }

    struct Outcome {
        var failures: [String] = []
        var frames: [String] = []
        var trace: [String] = []
        var keys = 0
    }

    static let common: [Key] = [.up, .down, .left, .right, .enter, .space, .tab, .backspace, .home, .end,
                                .pageUp, .pageDown, .delete, .backTab]
        + "abcdefghijklmnoprstuvwxyz0123456789 -+.,/".map(Key.character)
        + ["🐶", "é", "中", "👨‍👩‍👧", "🇫🇷", "❤️"].map(Key.character)
    static let leaving: [Key] = [.escape, .character("q"), .character("?")]

    /// Walks from every variant; sizes rotate so each walk sees a different terminal.
    /// Returns what failed and how many keys were pressed in all.
    static func checkAll(_ entry: GameEntry, keys: Int) -> (failures: [String], keys: Int) {
        var failures: [String] = []
        var pressed = 0
        for (index, variant) in variants(entry).enumerated() {
            let size = ConformanceSuite.sizes[index % ConformanceSuite.sizes.count]
            let outcome = walk(entry, variant.values, seed: UInt64(index + 1), keys: keys, size: size)
            failures += outcome.failures.prefix(5).map { "from \(variant.name): \($0)" }
            pressed += outcome.keys
        }
        return (failures, pressed)
    }

    static func checkDeterminism(_ entry: GameEntry, keys: Int) -> [String] {
        var failures: [String] = []
        for (index, variant) in variants(entry).prefix(3).enumerated() {
            let seed = UInt64(100 + index)
            let first = walk(entry, variant.values, seed: seed, keys: keys, size: ConformanceSuite.sizes[1], record: true)
            let second = walk(entry, variant.values, seed: seed, keys: keys, size: ConformanceSuite.sizes[1], record: true)
            if first.frames != second.frames {
                let step = zip(first.frames, second.frames).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                failures.append("from \(variant.name), seed \(seed): frames differ at step \(step ?? first.frames.count)")
            }
            if first.trace != second.trace {
                failures.append("from \(variant.name), seed \(seed): traces differ")
            }
            if first.trace.isEmpty { failures.append("no trace was written") }
        }
        return failures
    }

    /// From states along a walk, Esc must reach the launcher menu within ten presses.
    static func checkWayOut(_ entry: GameEntry) -> [String] {
        var failures: [String] = []
        for (index, length) in [0, 5, 40, 200, 600].enumerated() {
            guard let driver = try? TestDriver(games: [entry], play: entry.id, seed: UInt64(7 + index)) else {
                return ["cannot start"]
            }
            var outcome = Outcome()
            walk(driver, entry, seed: UInt64(7 + index), keys: length, into: &outcome, record: false)
            let from = driver.screenIDs.joined(separator: " > ")
            var presses = 0
            while driver.screenIDs != ["host.menu"], presses < 10, !driver.session.isFinished {
                driver.press(.escape)
                presses += 1
            }
            if driver.screenIDs != ["host.menu"] {
                failures.append("after \(length) keys, 10 × Esc from \(from) ended at \(driver.screenIDs)")
            }
        }
        return failures
    }

    /// Walks `keys` random keys from the defaults; returns how many keys ran and what failed.
    public static func throughput(_ entry: GameEntry, keys: Int, seed: UInt64) -> (keys: Int, failures: [String]) {
        let outcome = walk(entry, [:], seed: seed, keys: keys, size: ConformanceSuite.sizes[1])
        return (outcome.keys, outcome.failures)
    }

    static func walk(_ entry: GameEntry, _ values: PreferenceValues, seed: UInt64, keys: Int, size: Size,
                     record: Bool = false, dataDirectory: String? = nil) -> Outcome {
        var outcome = Outcome()
        do {
            let driver = try TestDriver(games: [entry], play: entry.id, preferences: values, seed: seed, size: size,
                                        dataDirectory: dataDirectory, trace: record)
            walk(driver, entry, seed: seed, keys: keys, into: &outcome, record: record)
        } catch {
            outcome.failures.append("cannot start: \(error)")
        }
        return outcome
    }

    static func walk(_ driver: TestDriver, _ entry: GameEntry, seed: UInt64, keys: Int, into outcome: inout Outcome,
                     record: Bool) {
        var random = SeededGenerator(seed: seed ^ 0x5EED_0F_CAFE)
        let encoder = JSONEncoder()
        var shown: Frame?
        for step in 0..<keys {
            guard outcome.failures.count < 20 else { break }
            if driver.session.isFinished { outcome.failures.append("the session ended at step \(step)"); break }
            if !driver.screenIDs.contains(where: { $0.hasPrefix(entry.id + ".") }) {
                driver.session.play(entry.id)
                shown = nil
            }
            guard let screen = driver.session.topScreen else { break }
            // Every fifth step a click or the wheel instead of a key (ClickChecks); it counts as a key.
            if step % 5 == 4 {
                outcome.failures += ClickChecks.step(driver, step: step, using: &random)
                outcome.keys += 1
                shown = nil
                continue
            }
            let bindings = screen.bindings()
            let key = pick(bindings, atMenu: driver.screenIDs.count <= 1, using: &random)

            let disabled = bindings.first { $0.keys.contains(key) }.map { !$0.isEnabled } ?? false
            let before = disabled ? (shown ?? driver.frame, StateFingerprint.of(screen.state())) : nil
            let start = Date()
            driver.press(key)
            let elapsed = Date().timeIntervalSince(start)
            if elapsed > 5 { outcome.failures.append("step \(step) (\(key.name)) took \(Int(elapsed)) s") }
            outcome.keys += 1

            let frame = driver.frame
            if let before, driver.session.topScreen === screen,
               frame != before.0 || StateFingerprint.of(screen.state()) != before.1 {
                outcome.failures.append("step \(step): the disabled key \(key.name) changed \(screen.id)")
            }
            shown = frame
            let place = "step \(step) on \(driver.screenID ?? "?")"
            outcome.failures += frame.invariantProblems().map { "\(place): \($0)" }
            if step % 50 == 0 {
                let saved = driver.size
                for size in ConformanceSuite.sizes where size != saved {
                    driver.size = size
                    outcome.failures += FrameChecks.problems(driver.frame, size: size, context: place)
                }
                driver.size = saved
                outcome.failures += FrameChecks.problems(frame, size: saved, context: place)
            }
            // JSON encoding costs more than a frame; every eighth state is checked, and every
            // state when a trace is being recorded.
            if step % 8 == 0 || record, let top = driver.session.topScreen,
               (try? encoder.encode(AnyEncodable(top.state()))) == nil {
                outcome.failures.append("step \(step): the state of \(top.id) does not encode to JSON")
            }
            if record { outcome.frames.append(frame.text) }
        }
        if record { outcome.trace = driver.traceLines }
    }

    /// Mostly the screen's own keys, often any key, rarely a way out.
    public static func pick(_ bindings: [ScreenBinding], atMenu: Bool, using random: inout SeededGenerator) -> Key {
        let bound = bindings.flatMap(\.keys).filter { !atMenu || ($0 != .escape && $0 != .character("q")) }
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < 55, let key = bound.randomElement(using: &random) { return key }
        if roll < 97 || atMenu { return common.randomElement(using: &random)! }
        return leaving.randomElement(using: &random)!
    }
}
