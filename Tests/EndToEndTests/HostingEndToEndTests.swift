import Foundation
import Testing

/// GameHost served by a real sshd (issue 28): players connect with `ssh -tt` in tmux, sign up
/// with their key, play, drop the connection and come back to the same round; and what a
/// client may try (a shell, flags, forwarding, hostile names) gets nothing.
@Suite(.serialized, .enabled(if: SSHServer.shouldRun, "sshd cannot be started here (see SSHServer.whyUnavailable)"))
struct HostingEndToEndTests {
    /// Keys that take Arithmetic Quiz from its form into the middle of a round.
    @Test func signUpPlayDropTheConnectionAndResume() throws {
        let server = try SSHServer()
        let key = try server.newKey("alice")
        let tmux = try Tmux()
        defer { tmux.send("C-c") }
        let client = server.folder + "/client.pid"
        // `sh -c 'echo $$; exec ssh'`: the ssh client's pid, to drop the connection with.
        tmux.shell("sh -c 'echo $$ > \(client); exec \(server.ssh(key, "-tt")) arithmetic-quiz'; echo gone-$((40+2))")
        try #require(tmux.waitFor("GameHost › Welcome"), "\(tmux.capture())\n\(server.log)")
        #expect(tmux.capture().contains("This key is new here"))
        // The id typed after the host name goes straight to that game.
        try #require(tmux.signUp(as: "alice", reaching: "GameHost › Arithmetic Quiz"), "\(tmux.capture())")
        tmux.play(Tmux.quizRoundInPlay)
        let before = tmux.settled()

        // The connection drops (the client is killed): sshd hangs up on the session, which saves.
        let pid = try #require(Int32(String(contentsOfFile: client, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, SIGKILL) == 0)
        #expect(tmux.waitFor("gone-42"))
        #expect(server.waitForSessionsToEnd(), "the hosted session outlived its connection")

        // The player's files are in their own folder, the account's alone.
        let player = server.host + "/players/alice"
        let attributes = try FileManager.default.attributesOfItem(atPath: player)
        #expect(attributes[.posixPermissions] as? Int == 0o700)
        #expect(attributes[.ownerAccountName] as? String == server.account)
        let keys = try FileManager.default.attributesOfItem(atPath: server.host + "/keys.json")
        #expect(keys[.posixPermissions] as? Int == 0o600)
        let journals = try FileManager.default.contentsOfDirectory(atPath: player + "/arithmetic-quiz")
        #expect(journals.contains { $0.hasPrefix("journal") }, "\(journals)")
        // Everything the session made (folders, journals, scores, keys, registry, locks) is
        // the hosting account's alone: no bit for its group or anyone else.
        let walked = FileManager.default.enumerator(atPath: server.host)?.allObjects as? [String] ?? []
        #expect(walked.contains("players/alice/arithmetic-quiz") && walked.contains("sessions"), "\(walked)")
        #expect(Self.openToOthers(under: server.host).isEmpty, "\(Self.openToOthers(under: server.host))")

        // Next visit, from the lobby and the menu this time: the same key is alice, and her round waits.
        // (The killed client left the pane showing the game until `clear`: wait for the menu's own line.)
        tmux.shell("clear; \(server.ssh(key, "-tt")); echo second-$((40+2))")
        // A visit opens on the lobby (who is online); g goes to the games.
        try #require(tmux.waitFor("GameHost › Lobby"), "\(tmux.capture())\n\(server.log)")
        tmux.send("g")
        try #require(tmux.waitFor("1  Arithmetic Quiz"), "\(tmux.capture())")
        #expect(!tmux.settled().contains("Welcome"))
        tmux.send("Enter")
        try #require(tmux.waitFor("Enter play"), "\(tmux.capture())")
        tmux.send("Enter")
        #expect(tmux.waitFor("was left unfinished"), "\(tmux.capture())")
        #expect(tmux.capture().contains("8 moves in"))
        tmux.send("Enter")
        #expect(tmux.waitUntilGone("was left unfinished"))
        #expect(tmux.settled() == before)
        tmux.send("C-c")
        #expect(tmux.waitFor("second-42"))
    }

    /// With `hosting.maxJournalKB` small, through a real sshd (in this serialized suite: one sshd at a time).
    @Test func throughSSHAJournalAtItsLimitIsToldOnceAndTheGameGoesOn() throws {
        let server = try SSHServer(config: #"{"hosting": {"maxJournalKB": 1}}"#)
        let key = try server.newKey("alice")
        let tmux = try Tmux()
        defer { tmux.send("C-c") }
        tmux.shell("\(server.ssh(key, "-tt")) arithmetic-quiz; echo gone-$((40+2))")
        try #require(tmux.waitFor("This key is new here"), "\(tmux.capture())\n\(server.log)")
        tmux.send("alice", literal: true)
        tmux.send("Enter")
        try #require(tmux.waitFor("GameHost › Arithmetic Quiz"), "\(tmux.capture())")
        tmux.send("Enter")
        // Each answer is a journal line or more: a kilobyte is passed within a few dozen keys.
        var told = false
        for _ in 0..<40 where !told {
            let shown = tmux.capture()
            tmux.send("Right")
            tmux.waitForChange(from: shown)
            // The notice shows until the next key: looked for after each one.
            told = tmux.capture().contains("can no longer be resumed")
        }
        #expect(told, "\(tmux.capture())")
        let journal = server.host + "/players/alice/arithmetic-quiz/journal.jsonl"
        let size = try FileManager.default.attributesOfItem(atPath: journal)[.size] as? Int ?? 0
        #expect(size > 0 && size <= 1024, "\(size)")
        tmux.send("C-c")
        #expect(tmux.waitFor("gone-42"), "\(tmux.capture())")
    }

    /// The files and folders under `folder` that its group or others may read, write or enter.
    static func openToOthers(under folder: String) -> [String] {
        let names = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
        return names.compactMap { name in
            var info = stat()
            guard lstat(folder + "/" + name, &info) == 0, (info.st_mode & 0o170000) != 0o120000 else { return nil }
            return info.st_mode & 0o077 == 0 ? nil : "\(name) \(String(info.st_mode & 0o777, radix: 8))"
        }
    }

    @Test func noShellNoFlagsNoForwardingAndHostileNamesAreInert() throws {
        let server = try SSHServer()
        let key = try server.newKey("mallory")

        // A shell asked for without a terminal: GameHost says it needs one; no command runs.
        let plain = try spawn(["sh", "-c", "\(server.ssh(key, "-T")) -- sh -c id"])
        #expect(plain.output.contains("GameHost needs a terminal"), "\(plain.output)\n\(server.log)")
        #expect(!plain.output.contains("uid="))

        // With a terminal, a shell asked for gets the sign-up screen, not a shell.
        let tmux = try Tmux()
        defer { tmux.send("C-c") }
        tmux.shell("\(server.ssh(key, "-tt")) -- sh -c id; echo gone-$((40+2))")
        try #require(tmux.waitFor("GameHost › Welcome"), "\(tmux.capture())\n\(server.log)")
        #expect(!tmux.capture().contains("uid="))
        // Names that are paths, or carry escape sequences, are refused or made inert.
        for name in ["../../etc", "a/b", ".."] {
            tmux.send("C-u")
            tmux.send(name, literal: true)
            tmux.send("Enter")
            #expect(tmux.waitFor("A name holds only letters"), "\(name): \(tmux.capture())")
        }
        tmux.send("C-u")
        tmux.send("\u{1B}[2J\u{1B}[31mmallory\u{07}", literal: true)
        tmux.send("Enter")
        try #require(tmux.waitFor("GameHost › Lobby"), "\(tmux.capture())")
        let keys = try String(contentsOfFile: server.host + "/keys.json", encoding: .utf8)
        #expect(keys.contains("\"mallory\""), "\(keys)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: server.host + "/players") == ["mallory"])
        tmux.send("C-c")
        #expect(tmux.waitFor("gone-42"))

        // Flags after the host name are not read: the menu, and nothing made outside the host's folder.
        tmux.shell("clear; \(server.ssh(key, "-tt")) -- --data-dir / --config /etc/passwd; echo flags-$((40+2))")
        #expect(tmux.waitFor("GameHost › Lobby"), "\(tmux.capture())")
        #expect(!tmux.capture().contains("--data-dir"))
        tmux.send("C-c")
        #expect(tmux.waitFor("flags-42"))
        #expect(!FileManager.default.fileExists(atPath: "/players"))

        // Port forwarding: the tunnel opens on the client's side, but sshd refuses its channel.
        let local = try SSHServer.freePort()
        let forward = try SSHServer.start(["/bin/sh", "-c", "exec \(server.ssh(key, "-N -L 127.0.0.1:\(local):127.0.0.1:\(server.port)"))"])
        defer {
            kill(forward, SIGTERM)
            var status: Int32 = 0
            waitpid(forward, &status, 0)
        }
        var answer = ""
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !server.log.contains("refused local port forward") {
            answer += Self.firstBytes(port: local)
            usleep(200_000)
        }
        #expect(!answer.contains("SSH-2.0"), "a forwarded connection reached sshd: \(answer)")
        #expect(server.log.contains("refused local port forward"), "\(server.log)")

        // Remote forwarding is refused at once; a copy (scp, through sftp) runs GameHost, not sftp.
        let remote = try spawn(["sh", "-c", "timeout 20 \(server.ssh(key, "-N -o ExitOnForwardFailure=yes -R 127.0.0.1:0:127.0.0.1:\(server.port)"))"])
        #expect(remote.status == 255 && remote.output.contains("forwarding failed"), "\(remote.output)")
        let copy = server.folder + "/copied"
        let scp = try spawn(["sh", "-c", "timeout 20 scp -P \(server.port) -i \(key) -o IdentitiesOnly=yes -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \(server.account)@127.0.0.1:/etc/passwd \(copy)"])
        #expect(scp.status != 0 && !FileManager.default.fileExists(atPath: copy), "\(scp.output)")
    }

    @Test func closedSignUpLetsInOnlyTheOperatorsNamedKeys() throws {
        let folder = scratchDirectory()
        chmod(folder, 0o755)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let list = folder + "/players.keys"
        let server = try SSHServer(config: #"{"hosting": {"signUp": false, "namedKeys": "\#(list)"}}"#)
        let carol = try server.newKey("carol"), stranger = try server.newKey("stranger")
        let line = try String(contentsOfFile: carol + ".pub", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        try "\(line) carol\n".write(toFile: list, atomically: true, encoding: .utf8)
        chmod(list, 0o644)

        let tmux = try Tmux()
        defer { tmux.send("C-c") }
        tmux.shell("\(server.ssh(stranger, "-tt")); echo stranger-$((40+2))")
        #expect(tmux.waitFor("stranger-42"), "\(tmux.capture())")
        #expect(tmux.capture().contains("This host takes no new players"), "\(tmux.capture())")
        tmux.shell("clear; \(server.ssh(carol, "-tt")); echo carol-$((40+2))")
        #expect(tmux.waitFor("GameHost › Lobby"), "\(tmux.capture())\n\(server.log)")
        #expect(!tmux.capture().contains("Welcome"))
        // The window's size comes through sshd, and so do resizes: the footer moves to the last row.
        #expect(footerRow(tmux) == 23)
        tmux.resize(width: 120, height: 40)
        let deadline = Date().addingTimeInterval(5)
        while footerRow(tmux) != 39, Date() < deadline { usleep(50_000) }
        #expect(footerRow(tmux) == 39, "\(tmux.capture())")
        tmux.send("C-c")
        #expect(tmux.waitFor("carol-42"))
        tmux.resize(width: 80, height: 24)
        #expect(FileManager.default.fileExists(atPath: server.host + "/players/carol"))

        // Audit S1: pasting a public key on the keys screen no longer makes it carol's (a key
        // is public; only a code shown on the key's own connection proves its holder).
        let laptop = try server.newKey("carol-laptop")
        let second = try String(contentsOfFile: laptop + ".pub", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        tmux.shell("clear; \(server.ssh(carol, "-tt")) keys; echo keys-$((40+2))")
        try #require(tmux.waitFor("› Your keys"), "\(tmux.capture())")
        tmux.send(second + " carol@laptop", literal: true)
        tmux.send("Enter")
        #expect(tmux.waitFor("This host takes no new keys"), "\(tmux.capture())")
        tmux.send("C-c")
        #expect(tmux.waitFor("keys-42"))
        tmux.shell("clear; \(server.ssh(laptop, "-tt")); echo laptop-$((40+2))")
        #expect(tmux.waitFor("laptop-42"), "\(tmux.capture())")
        #expect(tmux.capture().contains("takes no new players"), "\(tmux.capture())")
        let keys = (try? String(contentsOfFile: server.host + "/keys.json", encoding: .utf8)) ?? ""
        #expect(!keys.contains(second.split(separator: " ")[1]), "\(keys)")
    }

    /// The block `host sshd-config` prints, appended to the sshd_config Debian ships (or a
    /// plain one where there is none), passes `sshd -t`.
    @Test func theSSHDBlockPassesSSHDsOwnCheck() throws {
        let folder = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let shipped = (try? String(contentsOfFile: "/etc/ssh/sshd_config", encoding: .utf8)) ?? "Port 22\n"
        let block = try spawn([Tmux.binary, "host", "sshd-config", "--account", "games", "--data-dir", "/srv/gamehost"])
        #expect(block.status == 0)
        #expect(block.output.contains("ForceCommand /"))
        _ = try spawn(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", folder + "/host_key"])
        try (shipped + "\n" + block.output).write(toFile: folder + "/sshd_config", atomically: true, encoding: .utf8)
        try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o755])
        let check = try spawn(["/usr/sbin/sshd", "-t", "-f", folder + "/sshd_config", "-h", folder + "/host_key"])
        #expect(check.status == 0, "\(check.output)")
        // The account's own settings as sshd resolves them for a connection of `games`.
        let resolved = try spawn(["/usr/sbin/sshd", "-T", "-f", folder + "/sshd_config", "-h", folder + "/host_key",
                                  "-C", "user=games,host=example.org,addr=192.0.2.1"])
        for setting in ["allowtcpforwarding no", "x11forwarding no", "permittunnel no", "allowagentforwarding no",
                        "permittty yes", "exposeauthinfo yes", "disableforwarding yes", "permituserrc no",
                        "unusedconnectiontimeout 60", "clientaliveinterval 30", "clientalivecountmax 3"] {
            #expect(resolved.output.contains(setting + "\n"), "\(setting)")
        }
    }

    /// docs/hosting.md's sshd_config blocks (```sshd: connection limits for a public host),
    /// each after the block `host sshd-config` prints, pass `sshd -t`.
    @Test func theHostingDocsSSHDSettingsPassSSHDsOwnCheck() throws {
        let page = try #require(DocPage.all().first { $0.path == "docs/hosting.md" })
        let blocks = page.blocks.filter { $0.language == "sshd" }
        #expect(!blocks.isEmpty, "docs/hosting.md shows no sshd block")
        let folder = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try spawn(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", folder + "/host_key"])
        let block = try spawn([Tmux.binary, "host", "sshd-config", "--account", "games", "--data-dir", "/srv/gamehost"])
        try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o755])
        for shown in blocks {
            // Global settings go before the Match block, as the page says.
            let text = "HostKey \(folder)/host_key\n" + shown.body.joined(separator: "\n") + "\n" + block.output
            try text.write(toFile: folder + "/sshd_config", atomically: true, encoding: .utf8)
            let check = try spawn(["/usr/sbin/sshd", "-t", "-f", folder + "/sshd_config"])
            #expect(check.status == 0, "\(shown.place): \(check.output)")
        }
    }

    /// The row of the footer (the line ending in "? help"), nil when none shows.
    private func footerRow(_ tmux: Tmux) -> Int? {
        tmux.capture().components(separatedBy: "\n").firstIndex { $0.contains("? help") }
    }

    /// What a socket to this port sends first, within a moment ("" if nothing).
    static func firstBytes(port: Int) -> String {
        let result = try? spawn(["timeout", "2", "bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/\(port); head -c 7 <&3"])
        return result?.output ?? ""
    }
}
