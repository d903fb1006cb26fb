import Foundation
import Testing

/// The real binary answers `COMMAND --help` with that command's usage on stdout and exit 0,
/// even where the command would need more (a game id, a file), and writes nothing.
@Suite struct CommandHelpEndToEndTests {
    @Test(arguments: [(["play", "--help"], "Usage: gamehost play <id>", "--keys"),
                      (["replay", "--help"], "Usage: gamehost replay FILE", "--speed"),
                      (["help", "replay"], "Usage: gamehost replay FILE", "--check"),
                      (["prefs", "-h"], "Usage: gamehost prefs <id>", "--reset"),
                      (["man", "--help"], "Usage: gamehost man", "manual page"),
                      (["completions", "--help"], "Usage: gamehost completions bash|zsh|fish", "completion script"),
                      // host's help is every command's kind, not a bare usage block (audit N25).
                      (["host", "--help"], "Usage: gamehost host sshd-config|serve|authorized-keys|status", "--account NAME"),
                      (["host", "serve", "-h"], "Usage: gamehost host", "sshd_config")])
    func aCommandsHelpIsItsOwnUsage(_ words: [String], _ first: String, _ mentions: String) throws {
        let data = scratchDirectory() + "/data"
        defer { try? FileManager.default.removeItem(atPath: (data as NSString).deletingLastPathComponent) }
        let result = try Child.run(words + (words.contains("man") || words.contains("completions") ? [] : ["--data-dir", data]))
        #expect(result.status == 0, "\(words): \(result.error)")
        #expect(result.error.isEmpty, "\(words): \(result.error)")
        #expect(result.output.hasPrefix(first), "\(words):\n\(result.output)")
        #expect(result.output.contains(mentions), "\(words):\n\(result.output)")
        #expect(!result.output.contains("\n  gamehost list"), "its own usage, not the whole one")
        #expect(!FileManager.default.fileExists(atPath: data), "help writes nothing")
    }

    /// A file replay cannot use says why, in words (audit N25).
    @Test(arguments: [("/nonexistent.jsonl", "cannot read /nonexistent.jsonl: no such file"),
                      ("/etc/passwd", "/etc/passwd cannot be replayed: it is not a journal nor a trace: its first line is not JSON"),
                      ("/tmp", "cannot read /tmp: it is a folder, not a journal")])
    func replaySaysWhyAFileCannotBeReplayed(_ path: String, _ message: String) throws {
        let result = try Child.run(["replay", path])
        #expect(result.status == 1, "\(result.error)")
        #expect(result.error.contains(message), "\(result.error)")
        #expect(!result.error.contains("The given data"), "in words, not a decoder's: \(result.error)")
    }

    @Test func aCommandWithoutWhatItNeedsIsStillAUsageError() throws {
        let result = try Child.run(["play"])
        #expect(result.status == 64)
        #expect(result.error.contains("'play' needs a game id"))
    }
}
