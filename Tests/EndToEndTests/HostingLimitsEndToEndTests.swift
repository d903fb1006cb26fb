import Foundation
import Testing

/// config.json's hosting limits with the real binary, as sshd would run it (`host serve` in a
/// terminal, SSH_USER_AUTH naming the key; sshd itself is not needed for these): a full host
/// refuses a connection before anything starts, and a session left without a key saves, says
/// why after the terminal is restored, and ends.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"))
struct HostingLimitsEndToEndTests {
    static let key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKpvmgtNjPG081r7sFPCS32wPw5vV2yVPXhALVe15dwT"

    /// The host's folder, a config.json with `hosting`, and the command sshd's ForceCommand runs.
    func host(_ hosting: String) throws -> (folder: String, command: String) {
        let scratch = scratchDirectory()
        let folder = scratch + "/host"
        try FileManager.default.createDirectory(atPath: folder + "/sessions", withIntermediateDirectories: true)
        try #"{"hosting": \#(hosting)}"#.write(toFile: scratch + "/config.json", atomically: true, encoding: .utf8)
        try "publickey \(Self.key)\n".write(toFile: scratch + "/auth", atomically: true, encoding: .utf8)
        let command = "SSH_USER_AUTH=\(scratch)/auth \(Tmux.binary) host serve --data-dir \(folder) --config \(scratch)/config.json"
        return (folder, command)
    }

    @Test func aConnectionOverTheLimitIsRefusedAndStartsNothing() throws {
        let (folder, command) = try host(#"{"maxSessions": 1}"#)
        // Someone else is on: a live process holding a place.
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/bin/sleep")
        other.arguments = ["60"]
        try other.run()
        // SIGKILL: the test runner's children may inherit SIGTERM ignored.
        defer { kill(other.processIdentifier, SIGKILL) }
        _ = FileManager.default.createFile(atPath: folder + "/sessions/\(other.processIdentifier).place", contents: nil)

        let tmux = try Tmux()
        tmux.shell("\(command); echo status-$?")
        #expect(tmux.waitFor("status-1"), "\(tmux.capture())")
        #expect(tmux.capture().contains("The host is full: 1 player is on; try again later."))
        // No sign-up, no player's folder, no session of its own.
        #expect(!FileManager.default.fileExists(atPath: folder + "/keys.json"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/players"))
        let sessions = try FileManager.default.contentsOfDirectory(atPath: folder + "/sessions")
        #expect(sessions.filter { !$0.hasPrefix(".") } == ["\(other.processIdentifier).place"])

        // The other one leaves: the next connection comes in (to the sign-up screen).
        kill(other.processIdentifier, SIGKILL)
        other.waitUntilExit()
        tmux.shell("clear; \(command); echo status-$?")
        #expect(tmux.waitFor("This key is new here"), "\(tmux.capture())")
        tmux.send("C-c")
        #expect(tmux.waitFor("status-0"), "\(tmux.capture())")
    }

    @Test func onAFullHostAPlayerWithASessionInPlayComesInToTakeItOver() throws {
        let (folder, command) = try host(#"{"maxSessions": 1}"#)
        // Ada is on, the only place taken: a live process with her session's file, in a game.
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/bin/sleep")
        other.arguments = ["60"]
        try other.run()
        defer { kill(other.processIdentifier, SIGKILL) }
        let pid = other.processIdentifier
        let now = Date().timeIntervalSince1970
        try #"{"format": 1, "id": "", "pid": \#(pid), "player": "ada", "game": "counter", "title": "Counter", "started": \#(now), "gameStarted": \#(now), "lastInput": \#(now), "width": 80, "height": 24, "watchers": 0, "watchable": true}"#
            .write(toFile: folder + "/sessions/\(pid)-aaaaaaaa.json", atomically: true, encoding: .utf8)
        let key = Self.key.split(separator: " ").prefix(2).joined(separator: " ")
        try #"{"format": 1, "data": {"keys": {"\#(key)": "ada"}}}"#.write(toFile: folder + "/keys.json", atomically: true, encoding: .utf8)

        let tmux = try Tmux()
        tmux.shell("\(command); echo status-$?")
        // Not refused: her game in play elsewhere is offered.
        #expect(tmux.waitFor("Take over"), "\(tmux.capture())")
        #expect(!tmux.capture().contains("The host is full"))
        tmux.send("C-c")
        #expect(tmux.waitFor("status-"), "\(tmux.capture())")
    }

    @Test func keysNotSignedUpHoldFewPlacesAndForAShortTime() throws {
        let (folder, command) = try host(#"{"maxSessions": 10, "maxSignUps": 1, "signUpTimeout": 3}"#)
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        // Someone is signing up: a live process holding the one sign-up place.
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/bin/sleep")
        other.arguments = ["60"]
        try other.run()
        defer { kill(other.processIdentifier, SIGKILL) }
        let stranger = folder + "/sessions/\(other.processIdentifier).signup"
        _ = FileManager.default.createFile(atPath: stranger, contents: nil)

        let tmux = try Tmux()
        tmux.shell("\(command); echo status-$?")
        #expect(tmux.waitFor("status-1"), "\(tmux.capture())")
        // (The line is wider than the terminal: joined again.)
        #expect(tmux.capture().replacingOccurrences(of: "\n", with: "")
            .contains("The host takes no more new keys right now (1 signing up); try again in a few minutes."))
        #expect(!FileManager.default.fileExists(atPath: folder + "/keys.json"))

        // The place is free again: the sign-up screen, which closes by itself, keys or not.
        unlink(stranger)
        tmux.shell("clear; \(command); echo status-$?")
        try #require(tmux.waitFor("This key is new here"), "\(tmux.capture())")
        tmux.send("ab", literal: true)
        #expect(tmux.waitFor("status-0", timeout: 20), "\(tmux.capture())")
        #expect(tmux.capture().replacingOccurrences(of: "\n", with: "")
            .contains("Signing up takes at most 3 seconds here: connect again to choose a name."), "\(tmux.capture())")
        #expect(tmux.variable("alternate_on") == "0")
        let sessions = try FileManager.default.contentsOfDirectory(atPath: folder + "/sessions")
        #expect(sessions.filter { !$0.hasPrefix(".") }.isEmpty, "\(sessions)")
    }

    @Test func aSessionWithoutAKeySavesSaysWhyAndEnds() throws {
        let (folder, command) = try host(#"{"idleTimeout": 4}"#)
        let tmux = try Tmux()
        tmux.shell("\(command); echo status-$?")
        try #require(tmux.waitFor("This key is new here"), "\(tmux.capture())")
        tmux.send("alice", literal: true)
        tmux.send("Enter")
        try #require(tmux.waitFor("GameHost › Lobby"), "\(tmux.capture())")
        tmux.send("g")
        try #require(tmux.waitFor("1  Arithmetic Quiz"), "\(tmux.capture())")
        tmux.send("Enter")
        try #require(tmux.waitFor("Enter play"), "\(tmux.capture())")
        tmux.play(Tmux.quizRoundInPlay)
        // Four seconds later: the terminal is the shell's again, with the reason on it.
        #expect(tmux.waitFor("status-0", timeout: 20), "\(tmux.capture())")
        let screen = tmux.capture()
        #expect(screen.contains("No key for 4 seconds: your game is saved; connect again to resume."), "\(screen)")
        #expect(tmux.variable("alternate_on") == "0")
        let journals = try FileManager.default.contentsOfDirectory(atPath: folder + "/players/alice/arithmetic-quiz")
        #expect(journals.contains("journal.jsonl"), "\(journals)")
        // Its place and its line in the registry are gone.
        let sessions = try FileManager.default.contentsOfDirectory(atPath: folder + "/sessions")
        #expect(sessions.filter { !$0.hasPrefix(".") }.isEmpty, "\(sessions)")

        // Back again: the round waits.
        tmux.shell("clear; \(command); echo status-$?")
        try #require(tmux.waitFor("GameHost › Lobby"), "\(tmux.capture())")
        tmux.send("g")
        try #require(tmux.waitFor("1  Arithmetic Quiz"), "\(tmux.capture())")
        tmux.send("Enter")
        try #require(tmux.waitFor("Enter play"), "\(tmux.capture())")
        tmux.send("Enter")
        #expect(tmux.waitFor("was left unfinished"), "\(tmux.capture())")
        tmux.send("C-c")
        #expect(tmux.waitFor("status-0"), "\(tmux.capture())")
    }
}
