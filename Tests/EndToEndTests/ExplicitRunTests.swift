import Foundation
import Testing

/// A run that asks for something (a seed, settings, keys, a trace) plays exactly that,
/// whatever waits in the data folder, and leaves the waiting game for the next plain start.
@Suite struct ExplicitRunTests {
    func config(_ folder: String) -> String {
        let path = folder + "/config.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data("{}".utf8))
        return path
    }

    @Test func anExplicitRunIgnoresTheWaitingGameAndLeavesItBe() throws {
        let folder = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let config = config(folder)
        let data = folder + "/data"
        // A quiz (medium, the default) left after its first answer.
        let left = try Child.run(["play", "arithmetic-quiz", "--data-dir", data, "--config", config, "--plain"],
                                 input: "\r1")
        #expect(left.status == 0, "\(left.error)")
        let journal = data + "/arithmetic-quiz/journal.jsonl"
        let waiting = try #require(FileManager.default.contents(atPath: journal))

        let asks: [[String]] = [
            ["play", "arithmetic-quiz", "--seed", "5", "--set", "difficulty=hard", "--keys", "enter"],
            ["play", "arithmetic-quiz", "--keys", "enter 2"],
            ["play", "snake", "--keys", "enter"],
        ]
        for ask in asks {
            let fresh = folder + "/fresh-\(UUID().uuidString)"
            let here = try Child.run(ask + ["--data-dir", data, "--config", config, "--plain"])
            let elsewhere = try Child.run(ask + ["--data-dir", fresh, "--config", config, "--plain"])
            #expect(here.status == 0 && elsewhere.status == 0, "\(ask): \(here.error)")
            #expect(!here.output.contains("left unfinished"), "\(ask)")
            if ask.contains("--seed") {
                #expect(here.output == elsewhere.output, "\(ask): the same frames whatever the data folder holds")
                #expect(here.output.contains("Hard"))
            }
            #expect(FileManager.default.contents(atPath: journal) == waiting, "\(ask) left the waiting game as it was")
        }

        let plain = try Child.run(["play", "arithmetic-quiz", "--data-dir", data, "--config", config, "--plain"])
        #expect(plain.output.contains("Arithmetic Quiz was left unfinished"), "\(plain.output)")
    }
}
