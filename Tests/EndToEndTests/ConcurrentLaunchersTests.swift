import Foundation
import Testing

/// Two launchers on the same data at the same time, each adding themes (a save per letter
/// typed) and playing rounds of the quiz in practice mode (a score per round, practice
/// weights per answer). No file is ever seen corrupt, and the result holds every change of
/// both: exactly what each launcher leaves when it runs alone, put together.
@Suite(.serialized, .enabled(if: GameListing.has("arithmetic-quiz") && GameListing.has("memorize"),
          "its files are the quiz's and Memorize's"))
struct ConcurrentLaunchersTests {
    /// Pairs of launchers to run: GAMEHOST_CONCURRENT_RUNS (the script asks for 30), else 3.
    static let runs = Int(ProcessInfo.processInfo.environment["GAMEHOST_CONCURRENT_RUNS"] ?? "") ?? 3
    static let themes = 8
    static let rounds = 15

    /// Memorize: add themes named WHO-n; back to the menu; the quiz: start, then rounds of
    /// three answers, Enter playing again.
    static func keys(_ who: String) -> String {
        // A number key opens its game's form, Enter plays it.
        "2\n" + (1...themes).map { "a\(who)-\($0)\u{1B}" }.joined() + "qq" + "1\n"
            + "\n" + String(repeating: "1\n1\n1\n", count: rounds)
    }

    /// A practises addition, B multiplication, so each one's practice weights are its own.
    static func config(_ operation: String) -> String {
        #"{"preferences": {"arithmetic-quiz": {"operation": "\#(operation)", "practice": true, "questions": 3}}}"#
    }

    @Test func twoLaunchersAtOnceKeepEveryChangeOfBoth() throws {
        var reads = 0
        for run in 0..<Self.runs {
            let folder = scratchDirectory()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let launchers = [("A", "addition", 1 + run), ("B", "multiplication", 100 + run)]
            for (who, operation, _) in launchers {
                _ = FileManager.default.createFile(atPath: "\(folder)/\(who).json", contents: Data(Self.config(operation).utf8))
                _ = FileManager.default.createFile(atPath: "\(folder)/\(who).keys", contents: Data(Self.keys(who).utf8))
            }
            func arguments(_ who: String, _ seed: Int, data: String) -> [String] {
                ["--data-dir", data, "--config", "\(folder)/\(who).json", "--seed", "\(seed)"]
            }

            // Both at once on one folder, its files read over and over meanwhile.
            let shared = folder + "/shared"
            let pids = try launchers.map { who, _, seed in
                try Child.start(arguments(who, seed, data: shared), input: "\(folder)/\(who).keys",
                                output: "\(folder)/\(who).out", error: "\(folder)/\(who).err")
            }
            var statuses: [Int32?] = [nil, nil]
            while statuses.contains(where: { $0 == nil }) {
                for index in pids.indices where statuses[index] == nil { statuses[index] = Child.poll(pids[index]) }
                for file in Snapshot.files {
                    guard let data = FileManager.default.contents(atPath: shared + "/" + file) else { continue }
                    reads += 1
                    #expect(isVersionedJSON(data), "run \(run): \(file) was seen corrupt")
                }
            }
            #expect(statuses == [0, 0])
            for (who, _, _) in launchers {
                let output = try String(contentsOfFile: "\(folder)/\(who).out", encoding: .utf8)
                #expect(!output.contains("could not be"), "run \(run): \(who) reported a problem")
                #expect(output.contains("Finished in"), "run \(run): \(who) played")
            }

            // Each alone, on a folder of its own, with the same keys and seed.
            var alone: [Snapshot] = []
            for (who, _, seed) in launchers {
                let result = try Child.run(arguments(who, seed, data: "\(folder)/\(who)-alone"), input: Self.keys(who))
                #expect(result.status == 0)
                alone.append(try Snapshot(folder + "/\(who)-alone"))
            }
            let together = try Snapshot(shared)
            let a = alone[0], b = alone[1]
            #expect(together.themeNames.sorted() == (a.themeNames + b.themeNames.filter { !a.themeNames.contains($0) }).sorted(),
                    "run \(run): every theme of both, once")
            #expect(together.themeNames.count == Set(together.themeNames).count)
            #expect(together.rounds.sorted() == (a.rounds + b.rounds).sorted(), "run \(run): every round of both")
            #expect(a.rounds.count == Self.rounds && b.rounds.count == Self.rounds)
            #expect(together.practice["addition"] == a.practice["addition"], "run \(run): A's practice weights")
            #expect(together.practice["multiplication"] == b.practice["multiplication"], "run \(run): B's practice weights")
            #expect(a.practice["addition"] != nil && b.practice["multiplication"] != nil, "both missed some answers")
        }
        print("concurrent launchers: \(Self.runs) pairs, each adding \(Self.themes) themes and playing \(Self.rounds) rounds;"
              + " the files were read \(reads) times while both ran, never corrupt")
    }

    /// What a data folder holds, in comparable form.
    struct Snapshot {
        static let files = ["memorize/themes.json", "arithmetic-quiz/scores.json", "arithmetic-quiz/practice.json"]
        var themeNames: [String] = []
        /// Each round's summary and score.
        var rounds: [String] = []
        /// Penalties by operation, as "operand=penalty" lists.
        var practice: [String: [String]] = [:]

        init(_ data: String) throws {
            func read(_ file: String) throws -> Any? {
                guard let contents = FileManager.default.contents(atPath: data + "/" + file) else { return nil }
                return try #require(try JSONSerialization.jsonObject(with: contents) as? [String: Any])["data"]
            }
            let library = try #require(try read(Self.files[0]) as? [String: Any])
            themeNames = (library["themes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            rounds = (try read(Self.files[1]) as? [[String: Any]] ?? []).map { "\($0["summary"] ?? "")/\($0["score"] ?? "")" }
            let penalties = (try read(Self.files[2]) as? [String: Any])?["penalties"] as? [String: [String: Any]] ?? [:]
            practice = penalties.mapValues { $0.map { "\($0.key)=\($0.value)" }.sorted() }
        }
    }
}
