import Foundation
import Testing

/// Resume in the real binary: a game ended by a closed terminal (SIGHUP), SIGTERM or SIGKILL
/// in the middle of a round comes back, after Resume, exactly as the terminal showed it.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"))
struct ResumeEndToEndTests {
    static let signals: [(name: String, number: Int32)] = [("SIGHUP", SIGHUP), ("SIGTERM", SIGTERM), ("SIGKILL", SIGKILL)]

    /// Keys that take each game into the middle of a round (keys of another game do nothing).
    static let keys = ["Enter", "2", "Enter", "Right", "Enter", "4", "Enter", "Right"]

    /// Games whose screen stands still between keys: a moving one (Snake) shows another frame
    /// a moment later whatever happens, and its time-keeping resume is JournalTimeTests'; so
    /// does a round with a running clock (Minesweeper's), whose ticks are journaled moves too.
    static let stillGames = GameListing.all.filter { !["snake", "minesweeper"].contains($0.id) }

    @Test(arguments: stillGames, signals.map(\.name))
    func aSignalMidRoundResumesTheSameScreen(_ game: GameListing, _ signal: String) throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let config = data + "/config.json"
        _ = FileManager.default.createFile(atPath: config, contents: Data("{}".utf8))
        let tmux = try Tmux()
        // No --seed: a run that asks for one plays exactly that, unjournaled.
        let run = "\(Tmux.binary) play \(game.id) --data-dir \(data) --config \(config)"
        tmux.shell("sh -c \"echo \\$$ > \(data)/pid; exec \(run)\"; echo first-$((40+2))")
        try #require(tmux.waitFor("GameHost › \(game.title)"))
        tmux.play(Self.keys)
        let before = tmux.settled()
        let pid = try #require(Int32(String(contentsOfFile: "\(data)/pid", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, Self.signals.first { $0.name == signal }!.number) == 0)
        #expect(tmux.waitFor("first-42"))

        tmux.shell("clear; \(run); echo second-$((40+2))")
        #expect(tmux.waitFor("was left unfinished"))
        #expect(tmux.capture().contains("8 moves in"))
        tmux.send("Enter")
        #expect(tmux.waitUntilGone("was left unfinished"))
        let after = tmux.settled()
        #expect(after == before, "\(game.id) after \(signal)")
        tmux.send("C-c")
        #expect(tmux.waitFor("second-42"))
    }

    /// SIGKILL at random moments while keys stream in: the journal left behind always reads
    /// (up to its last whole line) and replays to the states it recorded.
    @Test func killedWhileWritingLeavesAJournalThatReplays() throws {
        let folder = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let config = folder + "/config.json"
        _ = FileManager.default.createFile(atPath: config, contents: Data("{}".utf8))
        let keys = String(repeating: "\r1\r2\r3\r4\r\r", count: 400)
        _ = FileManager.default.createFile(atPath: folder + "/keys", contents: Data(keys.utf8))
        var random = SplitMix(seed: 16)
        var replayed = 0
        for round in 0..<8 {
            let data = folder + "/data\(round)"
            let pid = try Child.start(["play", "arithmetic-quiz", "--data-dir", data,
                                       "--config", config, "--plain"],
                                      input: folder + "/keys", output: folder + "/out", error: folder + "/err",
                                      environment: ["COLUMNS": "40", "LINES": "12"])
            usleep(UInt32(50_000 + random.next(upTo: 400_000)))
            kill(pid, SIGKILL)
            _ = Child.wait(pid)
            let journal = data + "/arithmetic-quiz/journal.jsonl"
            guard FileManager.default.fileExists(atPath: journal) else { continue }
            let check = try Child.run(["replay", journal, "--check", "--config", config])
            #expect(check.status == 0, "round \(round): \(check.output) \(check.error)")
            replayed += 1
        }
        print("resume: \(replayed) journals left by SIGKILL replayed to their fingerprints")
        #expect(replayed > 0)
    }
}
