import Foundation
import BuiltInGames
import GameHost
import GameHostTesting

/// Row 9i: the review's change 4 measured before it is decided. One walk per game is
/// journaled as it is (keys, clicks, ticks) and, from its trace, written again as a journal of
/// intents would be (each input that became an intent: its time, screen and intent; inputs
/// that became none left out). Replay of the key journal is timed through Resume; beside it,
/// per input, what only a key replay does (the top screen's bindings built and the key
/// resolved) and what only an intent replay would do (the intent's JSON parsed), timed on the
/// walk.
enum JournalIntentsBench {
    struct Walk {
        let game: String
        let name: String
        let inputs: Int
        /// Time between inputs: a game that keeps time journals its ticks too.
        var pause: Duration = .zero
        var script: [Key]
    }

    static let walks = [
        Walk(game: "arithmetic-quiz", name: "quiz", inputs: 2_000, script: Benchmarks.scripts["arithmetic-quiz"]!),
        Walk(game: "memorize", name: "Memorize", inputs: 2_000, script: Benchmarks.scripts["memorize"]!),
        Walk(game: "compatibility-slider", name: "slider", inputs: 2_000,
             script: Benchmarks.scripts["compatibility-slider"]!),
        Walk(game: "snake", name: "Snake", inputs: 500, pause: .milliseconds(400), script: [.up, .left, .down, .right]),
    ]

    static func run() {
        for walk in walks {
            guard let entry = BuiltInGames.entries.first(where: { $0.id == walk.game }) else { continue }
            measure(walk, entry)
        }
    }

    private static func measure(_ walk: Walk, _ entry: GameEntry) {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        guard let driver = try? TestDriver(games: [entry], play: entry.id, seed: 2, size: Benchmarks.small,
                                           dataDirectory: directory, trace: true, journals: true) else { return }
        var keyOnly: UInt64 = 0
        for index in 0..<walk.inputs {
            let key = index == walk.inputs - 1 ? Key.right : walk.script[index % walk.script.count]
            if let screen = driver.session.topScreen {
                let start = now()
                _ = screen.bindings().lazy.filter(\.isEnabled).compactMap { $0.intent(for: key) }.first
                keyOnly += now() - start
            }
            driver.press(key)
            if walk.pause > .zero { driver.advance(by: walk.pause) }
        }
        driver.session.closeJournal()
        let path = directory + "/" + entry.id + "/journal.jsonl"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return }
        let lines = text.split(separator: "\n")
        let inputKinds: Set<String> = ["key", "mouse", "tick", "timer", "paste", "hold"]
        let inputs = lines.filter { inputKinds.contains(kind(of: $0) ?? "") }
        let inputBytes = inputs.reduce(0) { $0 + $1.utf8.count + 1 }
        // The trace's records of the game's screens, the journal's inputs among them last.
        let traced = driver.traceLines.compactMap(record).filter { $0.screen.hasPrefix(entry.id + ".") }.suffix(inputs.count)
        var intentBytes = 0, intents = 0
        var intentOnly: UInt64 = 0
        for record in traced {
            guard let intent = record.intent else { continue }
            let line = #"{"kind":"intent","s":"\#(record.screen)","t":\#(record.time),"intent":\#(intent)}"#
            intentBytes += line.utf8.count + 1
            intents += 1
            let start = now()
            _ = try? JSONSerialization.jsonObject(with: Data(intent.utf8), options: [.fragmentsAllowed])
            intentOnly += now() - start
        }
        let total = text.utf8.count
        let asIntents = total - inputBytes + intentBytes
        report("9i", "\(walk.name) journal, \(inputs.count) inputs (\(intents) became intents)",
               figure: "keys \(total) B, \(format(Double(inputBytes) / Double(max(1, inputs.count)), 1)) B/input",
               reference: "intents \(asIntents) B, \(format(Double(intentBytes) / Double(max(1, intents)), 1)) B/intent",
               ratio: "\(format(Double(asIntents) / Double(max(1, total)), 2))×", target: "-", met: nil)
        // Replay: Resume replays the whole journal into a new session.
        guard let second = JournalBench.resuming(entry, in: directory, after: "the walk") else { return }
        let start = now()
        second.press(.enter)
        let replayed = Double(now() - start) / 1e9
        // Per input, what only a key replay does and what only an intent replay would do.
        let bindings = Double(keyOnly) / 1e3 / Double(walk.inputs), parse = Double(intentOnly) / 1e3 / Double(max(1, intents))
        report("9i", "\(walk.name) replay of \(inputs.count) inputs",
               figure: "keys \(format(Double(inputs.count) / replayed / 1_000, 1))k inputs/s",
               reference: "per input: bindings \(format(bindings, 1)) µs (keys only), parse \(format(parse, 1)) µs (intents only)",
               target: "-", met: nil)
    }

    private struct Record {
        let screen: String
        let time: Double
        /// The intent's JSON as the trace wrote it.
        let intent: String?
    }

    private static func kind(of line: Substring) -> String? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["kind"] as? String
    }

    private static func record(_ line: String) -> Record? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let screen = object["screen"] as? String, let time = object["time"] as? Double else { return nil }
        let intent = object["intent"].flatMap { value in
            value is NSNull ? nil : (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]))
                .map { String(decoding: $0, as: UTF8.self) }
        }
        return Record(screen: screen, time: time, intent: intent)
    }
}
