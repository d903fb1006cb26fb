import Foundation
import Testing

/// The operator's commands on players, run as the built binary: `host players`, `remove-key`,
/// `ban`, `unban`, `rename`, `remove-player`; each with `--help`, and bad input refused with
/// a sentence and exit 64.
@Suite struct HostPlayersCommandsTests {
    /// A host with alice (two keys made by ssh-keygen) and bob, in a keys.json of format 1 as
    /// hosts before key proofs wrote it; returns the folder and alice's keys' fingerprints as
    /// `ssh-keygen -l` prints them.
    func host() throws -> (folder: String, fingerprints: [String]) {
        let folder = scratchDirectory()
        var lines: [String] = [], fingerprints: [String] = []
        for name in ["alice1", "alice2", "bob"] {
            let file = folder + "/" + name
            #expect(try spawn(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "", "-f", file]).status == 0)
            let line = try String(contentsOfFile: file + ".pub", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            lines.append("\"\(line)\": \"\(name == "bob" ? "bob" : "alice")\"")
            let printed = try spawn(["/usr/bin/ssh-keygen", "-l", "-f", file + ".pub"]).output
            if name != "bob" { fingerprints.append(String(printed.split(separator: " ")[1])) }
        }
        try "{\"format\": 1, \"data\": {\"keys\": {\(lines.joined(separator: ", "))}}}"
            .write(toFile: folder + "/keys.json", atomically: true, encoding: .utf8)
        for name in ["alice", "bob"] {
            try FileManager.default.createDirectory(atPath: folder + "/players/\(name)/snake", withIntermediateDirectories: true)
        }
        try Data(count: 5000).write(to: URL(fileURLWithPath: folder + "/players/alice/snake/scores.json"))
        return (folder, fingerprints)
    }

    @Test(arguments: ["players", "remove-key", "ban", "unban", "rename", "remove-player"])
    func eachCommandHasItsOwnHelp(_ command: String) throws {
        let result = try Child.run(["host", command, "--help"])
        #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
        #expect(result.output.hasPrefix("usage: gamehost host \(command) "), "\(result.output)")
        #expect(result.output.contains("--data-dir DIR"))
    }

    @Test func playersListsEachKeysFingerprintAsSSHKeygenPrintsIt() throws {
        let (folder, fingerprints) = try host()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try Child.run(["host", "players", "--data-dir", folder])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("PLAYER  KEY") == true, "\(result.output)")
        for fingerprint in fingerprints {
            #expect(lines.contains { $0.hasPrefix("alice ") && $0.contains(fingerprint) && $0.contains(" 5 KB ") }, "\(result.output)")
        }
        // Keys from before proofs are shown as not proven until they connect.
        #expect(lines.filter { $0.hasPrefix("alice ") }.allSatisfy { $0.contains(" no ") }, "\(result.output)")
        #expect(lines.contains { $0.hasPrefix("bob ") }, "\(result.output)")
    }

    @Test func removeKeyBanUnbanRenameAndRemovePlayer() throws {
        let (folder, fingerprints) = try host()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func run(_ words: [String]) throws -> Child.Result { try Child.run(["host"] + words + ["--data-dir", folder]) }

        var result = try run(["remove-key", "alice", fingerprints[0]])
        #expect(result.status == 0 && result.output == "Removed \(fingerprints[0]) from alice.\n", "\(result.error)")
        #expect(!(try run(["players"])).output.contains(fingerprints[0]))

        result = try run(["ban", "bob", "--reason", "spam"])
        #expect(result.status == 0 && result.output == "Banned bob.\n", "\(result.error)")
        #expect(try run(["players"]).output.contains("yes: spam"))
        result = try run(["unban", "bob"])
        #expect(result.status == 0, "\(result.error)")

        result = try run(["rename", "alice", "alicia"])
        #expect(result.status == 0 && result.output == "Renamed alice to alicia.\n", "\(result.error)")
        #expect(FileManager.default.fileExists(atPath: folder + "/players/alicia/snake/scores.json"))
        #expect(try run(["players"]).output.contains("alicia "))

        result = try run(["remove-player", "alicia", "--yes"])
        #expect(result.status == 0, "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/players/alicia"))
        let keys = try String(contentsOfFile: folder + "/keys.json", encoding: .utf8)
        #expect(!keys.contains("alice") && !keys.contains("alicia") && keys.contains("\"format\" : 2"), "\(keys)")
    }

    @Test func aRenameOrRemovalOfAPlayerOnlineIsRefused() throws {
        let (folder, _) = try host()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // bob's session: a registry file of a process that runs (this one).
        try FileManager.default.createDirectory(atPath: folder + "/sessions", withIntermediateDirectories: true)
        let pid = getpid()
        try #"{"format":1,"id":"","pid":\#(pid),"player":"bob","started":0,"lastInput":0,"width":80,"height":24,"watchers":0,"watchable":true}"#
            .write(toFile: folder + "/sessions/\(pid)-abcd1234.json", atomically: true, encoding: .utf8)
        let rename = try Child.run(["host", "rename", "bob", "robert", "--data-dir", folder])
        #expect(rename.status == 64 && rename.error.contains("bob is online"), "\(rename.error)")
        let remove = try Child.run(["host", "remove-player", "bob", "--yes", "--data-dir", folder])
        #expect(remove.status == 64 && remove.error.contains("bob is online"), "\(remove.error)")
        #expect(FileManager.default.fileExists(atPath: folder + "/players/bob"))
    }

    @Test(arguments: [
        (["players"], "host needs --data-dir"),
        (["players", "extra"], "unexpected 'extra'"),
        (["ban"], "missing a name"),
        (["ban", "zed"], "No player is called zed"),
        (["ban", "bob", "--seed", "1"], "unexpected '--seed'"),
        (["unban", "bob"], "bob is not banned."),
        (["rename", "alice", "BOB"], "The name BOB is taken; choose another."),
        (["rename", "alice", "../x"], "A name holds only letters a–z"),
        (["remove-key", "alice", "SHA256:nope"], "alice has no key SHA256:nope; their keys: SHA256:"),
        (["remove-player", "bob"], "add --yes to say you mean it"),
        (["remove-player", "bob", "--yes", "--reason", "x"], "unexpected '--reason'"),
    ])
    func badInputIsRefusedInWordsWithExit64(_ words: [String], _ says: String) throws {
        let (folder, _) = try host()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try String(contentsOfFile: folder + "/keys.json", encoding: .utf8)
        let result = try Child.run(["host"] + words + (words == ["players"] ? [] : ["--data-dir", folder]))
        #expect(result.status == 64, "\(words): \(result.output) \(result.error)")
        #expect(result.error.contains(says), "\(words): \(result.error)")
        #expect(try String(contentsOfFile: folder + "/keys.json", encoding: .utf8) == before, "refused, nothing changed")
    }

    @Test func aFolderThatIsNoHostIsRefused() throws {
        let folder = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try Child.run(["host", "players", "--data-dir", folder])
        #expect(result.status == 64 && result.error.contains("not a host's data folder"), "\(result.error)")
    }
}
