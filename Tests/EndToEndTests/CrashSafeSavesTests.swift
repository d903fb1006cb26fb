import Foundation
import Testing

/// The real launcher killed with SIGKILL at random moments while it saves, again and again
/// on the same data: every file always decodes, and at most the change in flight is lost.
///
/// Plain mode on a file of keys makes it save on nearly every key: a score and practice
/// weights each round of the quiz, a preference each ← →, a theme name each letter typed.
/// A change is acknowledged when the frame drawn after it was written out; after the kill
/// the file holds the last acknowledged change or the one after it, nothing else.
@Suite(.serialized, .enabled(if: GameListing.has("arithmetic-quiz") && GameListing.has("memorize"),
          "its files are the quiz's and Memorize's"))
struct CrashSafeSavesTests {
    /// Kills to make: GAMEHOST_KILLS (Scripts/reliability.sh asks for 240), else 24.
    static let kills = Int(ProcessInfo.processInfo.environment["GAMEHOST_KILLS"] ?? "") ?? 24
    /// Small frames keep the output short; both screens used fit in them.
    static let size = (width: 40, height: 12)
    static let rule = "\n" + String(repeating: "-", count: size.width) + "\n"

    enum Workload: CaseIterable { case scores, preferences, themes }

    @Test func killedWhileSavingLosesAtMostTheChangeInFlight() throws {
        let folder = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let data = folder + "/data"
        let config = folder + "/config.json"
        // The launches are killed mid-game on purpose and the next one must start afresh, not
        // offer to resume (ResumeEndToEndTests kills journaled games).
        _ = FileManager.default.createFile(atPath: config, contents: Data(#"{"resume": false}"#.utf8))
        _ = try Child.run(["prefs", "arithmetic-quiz", "--set", "questions=5", "--data-dir", data, "--config", config])
        _ = try Child.run(["play", "memorize", "--data-dir", data, "--config", config])

        var random = SplitMix(seed: UInt64(ProcessInfo.processInfo.environment["GAMEHOST_SEED"] ?? "") ?? 2024)
        var made = 0, finished = 0, acknowledged = 0, inFlightSaved = 0
        var perWorkload: [String: Int] = [:]
        for round in 0..<(Self.kills * 3) where made < Self.kills {
            let workload = Workload.allCases[round % Workload.allCases.count]
            let outcome = try run(workload, data: data, config: config, folder: folder,
                                  delay: random.next(upTo: 250_000), seed: UInt64(round))
            if outcome.killed { made += 1 } else { finished += 1 }
            acknowledged += outcome.acknowledged
            if outcome.inFlightSaved { inFlightSaved += 1 }
            perWorkload["\(workload)", default: 0] += outcome.killed ? 1 : 0
            // Stop at the first failure: the data is then no longer what the next run expects.
            guard outcome.kept, try checkEveryFileDecodes(data, after: "\(workload) run \(round)") else { break }
        }
        print("crash-safe saves: \(made) SIGKILLs (\(perWorkload.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))),"
              + " \(finished) runs ended before their kill, \(acknowledged) acknowledged changes all kept,"
              + " the change in flight was on disk after \(inFlightSaved) kills")
        #expect(made == Self.kills)

        // Normal runs that read every file do so without a complaint, and leave no temporary file.
        for arguments in [[], ["play", "arithmetic-quiz", "--set", "practice=true"]] {
            let check = try Child.run(arguments + ["--data-dir", data, "--config", config],
                                      input: "sq1\n\nqq2\n\nqqq", environment: ["COLUMNS": "500"])
            #expect(check.status == 0)
            #expect(!check.output.contains("could not be read"), "\(check.output)")
        }
        let leftovers = files(in: data).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "temporary files left by killed saves: \(leftovers.count)")
    }

    struct Outcome {
        var killed = false
        var kept = false
        var acknowledged = 0
        var inFlightSaved = false
    }

    /// One launcher, killed after `delay` microseconds; checks what it acknowledged is on disk.
    func run(_ workload: Workload, data: String, config: String, folder: String, delay: Int,
             seed: UInt64) throws -> Outcome {
        let plan = try Plan(workload, data: data)
        let input = folder + "/keys", output = folder + "/output", error = folder + "/error"
        _ = FileManager.default.createFile(atPath: input, contents: Data(plan.keys.utf8))
        let pid = try Child.start(plan.arguments + ["--seed", "\(seed)", "--data-dir", data, "--config", config],
                                  input: input, output: output, error: error,
                                  environment: ["COLUMNS": "\(Self.size.width)", "LINES": "\(Self.size.height)"])
        usleep(UInt32(delay))
        kill(pid, SIGKILL)
        let status = Child.wait(pid)
        var outcome = Outcome(killed: status == 128 + SIGKILL)
        #expect(outcome.killed || status == 0, "\(workload) ended with status \(status)")

        let text = String(decoding: FileManager.default.contents(atPath: output) ?? Data(), as: UTF8.self)
        let frames = text.components(separatedBy: Self.rule).dropLast()   // the last one may be cut off
        let after = try Plan.current(workload, data: data)
        let acknowledged = plan.acknowledged(frames)
        outcome.acknowledged = acknowledged
        let allowed = plan.allowed(acknowledged: acknowledged)
        outcome.kept = allowed.contains(after)
        #expect(outcome.kept,
                "\(workload) killed after \(delay) µs: \(acknowledged) changes acknowledged; on disk \(after), allowed \(allowed)")
        outcome.inFlightSaved = after == allowed.last && allowed.count == 2
        return outcome
    }

    /// Keys for one run, and what the file may hold after n acknowledged changes.
    struct Plan {
        let workload: Workload
        var arguments: [String] = []
        var keys = ""
        /// The value on disk after 0, 1, 2… changes (for scores: the number of rounds).
        var values: [String] = []
        /// What marks a frame drawn after a change.
        var marker = ""

        init(_ workload: Workload, data: String) throws {
            self.workload = workload
            let start = try Self.current(workload, data: data)
            switch workload {
            case .scores:
                // Start, then rounds of three answers; each round saves a score, each answer
                // the practice weights. The count is kept low so the 200-round cap never bites.
                if let count = Int(start), count > 100 { try FileManager.default.removeItem(atPath: Self.scores(data)) }
                let rounds = Int(try Self.current(workload, data: data))!
                arguments = ["play", "arithmetic-quiz", "--set", "questions=3", "--set", "practice=true"]
                keys = "\n" + String(repeating: "1\n1\n1\n", count: 2_000)
                values = (0...2_000).map { "\(min(rounds + $0, 200))" }   // the file keeps 200 rounds
                marker = "Finished in"
            case .preferences:
                // The menu, the quiz's form, down to Questions, then ← → bouncing between 3 and 7.
                arguments = []
                keys = "\n" + String(repeating: "\u{1B}[B", count: 3)
                var value = Int(start)!, up = value < 7
                values = [start]
                for _ in 0..<3_000 {
                    if value == 7 { up = false } else if value == 3 { up = true }
                    value += up ? 1 : -1
                    keys += up ? "\u{1B}[C" : "\u{1B}[D"
                    values.append("\(value)")
                }
                marker = "› Questions"
            case .themes:
                // The editor of the second theme; its name typed up to 12 letters and erased back to 1.
                // Plain mode prints a frame only when it changes, so the first name typed must
                // differ from the name there was.
                arguments = ["play", "memorize"]
                keys = "e\u{1B}[B\n"
                values = [start]
                let letters = Array(start == "a" ? "bcdefghijklm" : "abcdefghijkl")
                var name = "", growing = true
                for _ in 0..<3_000 {
                    if growing {
                        let letter = letters[name.count]
                        name.append(letter)
                        keys.append(letter)
                        if name.count == 12 { growing = false }
                    } else {
                        name.removeLast()
                        keys += "\u{7F}"
                        if name.count == 1 { growing = true }
                    }
                    values.append(name)
                }
                marker = "› Name"
            }
        }

        /// Changes acknowledged: frames drawn after one (the first editor or form frame shows the start).
        func acknowledged(_ frames: ArraySlice<String>) -> Int {
            let marked = frames.filter { $0.contains(marker) }.count
            return workload == .scores ? marked : max(0, marked - 1)
        }

        /// The acknowledged value, or the one after it (the change in flight).
        func allowed(acknowledged: Int) -> [String] {
            Array(values[acknowledged...min(acknowledged + 1, values.count - 1)])
        }

        static let shippedSecondTheme = "Animals"

        static func scores(_ data: String) -> String { data + "/arithmetic-quiz/scores.json" }

        /// What the workload's file holds now: rounds kept, the saved question count, the second theme's name.
        static func current(_ workload: Workload, data: String) throws -> String {
            switch workload {
            case .scores:
                guard let file = FileManager.default.contents(atPath: scores(data)) else { return "0" }
                let rounds = try #require(try json(file)["data"] as? [Any])
                return "\(rounds.count)"
            case .preferences:
                let file = try #require(FileManager.default.contents(atPath: data + "/arithmetic-quiz/preferences.json"))
                let values = try #require(try json(file)["data"] as? [String: Any])
                return "\(try #require(values["questions"] as? Int))"
            case .themes:
                // Opening Memorize writes nothing: before its first change the shipped themes hold.
                guard let file = FileManager.default.contents(atPath: data + "/memorize/themes.json") else {
                    return shippedSecondTheme
                }
                let library = try #require(try json(file)["data"] as? [String: Any])
                let themes = try #require(library["themes"] as? [[String: Any]])
                return try #require(themes[1]["name"] as? String)
            }
        }

        static func json(_ data: Data) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
    }

    /// Every data file is versioned JSON, and none was ever found unreadable and moved aside.
    func checkEveryFileDecodes(_ data: String, after: String) throws -> Bool {
        var good = true
        for path in files(in: data) {
            let name = (path as NSString).lastPathComponent
            if name.contains(".corrupt-") {
                Issue.record("after \(after): \(name) was found unreadable")
                good = false
            }
            guard name.hasSuffix(".json") else { continue }
            if !isVersionedJSON(FileManager.default.contents(atPath: path) ?? Data()) {
                Issue.record("after \(after): \(path) does not decode")
                good = false
            }
        }
        return good
    }

    func files(in folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).map { folder + "/" + $0 }
    }
}

/// A small seeded generator, so a failing run can be repeated with GAMEHOST_SEED.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(upTo bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
