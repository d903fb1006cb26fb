import Foundation
import Testing

/// A hosted session ended from outside (an operator's `kill`, SIGTERM) saves like a dropped
/// connection (SIGHUP): the player's next visit finds the round waiting. The real binary runs
/// as sshd's ForceCommand would (`host serve` in a terminal, SSH_USER_AUTH naming the key).
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"))
struct HostedTerminateEndToEndTests {
    static let key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKpvmgtNjPG081r7sFPCS32wPw5vV2yVPXhALVe15dwT"

    /// A host folder where Ada is known already (no sign-up screen), its config and her key's
    /// login record; and the `host serve` command for it.
    static func hostWithAda() throws -> (scratch: String, folder: String, serve: String) {
        let scratch = scratchDirectory()
        let folder = scratch + "/host"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "{}".write(toFile: scratch + "/config.json", atomically: true, encoding: .utf8)
        try "publickey \(Self.key)\n".write(toFile: scratch + "/auth", atomically: true, encoding: .utf8)
        let key = Self.key.split(separator: " ").prefix(2).joined(separator: " ")
        try #"{"format": 1, "data": {"keys": {"\#(key)": "ada"}}}"#.write(toFile: folder + "/keys.json", atomically: true, encoding: .utf8)
        return (scratch, folder, "\(Tmux.binary) host serve --data-dir \(folder) --config \(scratch)/config.json")
    }

    /// Ada's hosted quiz started in `tmux` (printing "first-42" when it ends) with a round in
    /// play; the session's process id.
    static func roundInPlay(_ tmux: Tmux, scratch: String, serve: String) throws -> Int32 {
        let pidFile = scratch + "/session.pid"
        tmux.shell("sh -c 'echo $$ > \(pidFile); SSH_USER_AUTH=\(scratch)/auth SSH_ORIGINAL_COMMAND=arithmetic-quiz exec \(serve)'; echo first-$((40+2))")
        try #require(tmux.waitFor("GameHost › Arithmetic Quiz"), "\(tmux.capture())")
        tmux.play(Tmux.quizRoundInPlay)
        _ = tmux.settled()
        return try #require(Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// A session's files in the host's registry of who is online (`PID-ID.json`).
    static func presenceFiles(_ host: String, of pid: Int32) throws -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: host + "/sessions")) ?? []
        return names.filter { $0.hasPrefix("\(pid)-") && $0.hasSuffix(".json") }
    }

    /// A connection that drops (SIGHUP, as sshd sends when the client goes) ends the session
    /// as a SIGTERM does: the round is kept for the next visit and the registry line goes.
    @Test func aSessionEndedWithSIGHUPSavesAndLeavesNoGhost() throws {
        let (scratch, folder, serve) = try Self.hostWithAda()
        let tmux = try Tmux()
        defer { tmux.send("C-c") }
        let pid = try Self.roundInPlay(tmux, scratch: scratch, serve: serve)
        #expect(try Self.presenceFiles(folder, of: pid).count == 1, "the session is in the lobby's registry")
        #expect(kill(pid, SIGHUP) == 0)
        #expect(tmux.waitFor("first-42"), "\(tmux.capture())")
        #expect(try Self.presenceFiles(folder, of: pid).isEmpty, "the session left no ghost in the lobby")
        let journal = folder + "/players/ada/arithmetic-quiz/journal.jsonl"
        let text = try String(contentsOfFile: journal, encoding: .utf8)
        #expect(text.contains(#""playing":true"#), "the round in play is kept: \(text)")
    }

    @Test func aSessionEndedWithSIGTERMSavesAndTheRoundWaits() throws {
        let (scratch, folder, serve) = try Self.hostWithAda()
        let tmux = try Tmux()
        defer { tmux.send("C-c") }
        let pid = try Self.roundInPlay(tmux, scratch: scratch, serve: serve)
        #expect(try Self.presenceFiles(folder, of: pid).count == 1, "the session is in the lobby's registry")
        #expect(kill(pid, SIGTERM) == 0)
        #expect(tmux.waitFor("first-42"), "\(tmux.capture())")
        // The hosted services' hook on the terminal's signal handlers took its line out of the
        // registry as the process went: no one else had read the folder since.
        #expect(try Self.presenceFiles(folder, of: pid).isEmpty, "the session left no ghost in the lobby")
        // The player reads why, under the restored screen (audit C8).
        #expect(tmux.capture().contains("The host's operator ended this session; your game is saved."),
                "\(tmux.capture())")

        tmux.shell("clear; SSH_USER_AUTH=\(scratch)/auth \(serve); echo second-$((40+2))")
        try #require(tmux.waitFor("GameHost › Lobby"), "\(tmux.capture())")
        // The lobby says the round waits (audit C6).
        #expect(tmux.waitFor("Arithmetic Quiz: a round waits to be resumed"), "\(tmux.capture())")
        tmux.send("g")
        try #require(tmux.waitFor("1  Arithmetic Quiz"), "\(tmux.capture())")
        tmux.send("Enter")
        try #require(tmux.waitFor("Enter play"), "\(tmux.capture())")
        tmux.send("Enter")
        #expect(tmux.waitFor("was left unfinished"), "\(tmux.capture())")
        #expect(tmux.capture().contains("8 moves in"))
        tmux.send("C-c")
        #expect(tmux.waitFor("second-42"), "\(tmux.capture())")
    }
}
