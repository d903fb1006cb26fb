import Foundation
@testable import GameHost
import Testing

/// `gamehost host`: the sshd block, keys as players, sign-up, and what a client may ask for.
@Suite struct HostingTests {
    static let key = AuthorizedKey(type: "ssh-ed25519", base64: "AAAAC3NzaC1lZDI1NTE5AAAAIKpvmgtNjPG081r7sFPCS32wPw5vV2yVPXhALVe15dwT")!
    static let other = AuthorizedKey(type: "ssh-ed25519", base64: "AAAAC3NzaC1lZDI1NTE5AAAAIMwhFkCmN0weimOnd1byDimBfe6s0KzRDoXky5etEcd3")!

    func temporaryFolder() -> String {
        let path = NSTemporaryDirectory() + "hosting-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func theSSHDBlockForcesServeAndForwardsNothing() throws {
        let block = try SSHDConfig(account: "games", dataDirectory: "/srv/games", executable: "/usr/local/bin/gamehost").text
        #expect(block.contains("Match User games\n"))
        #expect(block.contains("ForceCommand /usr/local/bin/gamehost host serve --data-dir /srv/games\n"))
        #expect(block.contains("AuthorizedKeysCommand /usr/local/bin/gamehost host authorized-keys %t %k\n"))
        for line in ["ExposeAuthInfo yes", "PermitTTY yes", "DisableForwarding yes", "AllowTcpForwarding no",
                     "AllowStreamLocalForwarding no", "AllowAgentForwarding no", "X11Forwarding no",
                     "PermitTunnel no", "GatewayPorts no", "PermitUserRC no", "PasswordAuthentication no",
                     "AuthorizedKeysFile none", "AuthorizedKeysCommandUser nobody",
                     // ssh -N opens no session: closed; a client gone silent: closed.
                     "UnusedConnectionTimeout 60", "ClientAliveInterval 30", "ClientAliveCountMax 3"] {
            #expect(block.contains("    \(line)\n"), "\(line)")
        }
    }

    @Test(arguments: [("games", "rel/dir", "/bin/g"), ("Games", "/srv", "/bin/g"), ("games", "/srv games", "/bin/g"),
                      ("games", "/srv;rm", "/bin/g"), ("games", "/srv", "/bin/my gamehost"), ("-x", "/srv", "/bin/g")])
    func theSSHDBlockRefusesWhatSSHDOrAShellWouldSplit(account: String, folder: String, binary: String) {
        #expect(throws: UsageError.self) { try SSHDConfig(account: account, dataDirectory: folder, executable: binary) }
    }

    @Test func theKeysCommandEchoesAKeyRestrictedAndRefusesAnythingElse() {
        #expect(AuthorizedKey.line(type: Self.key.type, key: Self.key.base64) == "restrict,pty \(Self.key)")
        // A key's bytes name its type: another type's name, or base64 of anything else, is no key.
        #expect(AuthorizedKey.line(type: "ssh-rsa", key: Self.key.base64) == nil)
        #expect(AuthorizedKey.line(type: "ssh-ed25519", key: "AAAA+/==") == nil)
        #expect(AuthorizedKey.line(type: "ssh-ed25519", key: "AAAA\ncommand=\"sh\" ssh-rsa B") == nil)
        #expect(AuthorizedKey.line(type: "ssh ed25519", key: "AAAA") == nil)
        #expect(AuthorizedKey.line(type: "ssh-ed25519", key: "") == nil)
    }

    @Test func theSessionsKeyIsTheLastPublicKeyOfTheAuthInfo() {
        let info = "publickey \(Self.other)\npublickey \(Self.key)\n"
        #expect(AuthorizedKey.fromAuthInfo(info) == Self.key)
        #expect(AuthorizedKey.fromAuthInfo("password\n") == nil)
        #expect(AuthorizedKey.fromAuthInfo("") == nil)
    }

    @Test func keyLinesWithOptionsAndComments() throws {
        let parsed = try #require(AuthorizedKey.parse(line: "restrict \(Self.key) alice"))
        #expect(parsed.key == Self.key && parsed.comment == "alice")
        #expect(AuthorizedKey.parse(line: "\(Self.key)")?.comment == nil)
        #expect(AuthorizedKey.parse(line: "# \(Self.key) alice") == nil)
        #expect(AuthorizedKey.parse(line: "not a key") == nil)
    }

    @Test func onlyOneWordThatIsAGameOrKeysIsRead() {
        let games = ["snake", "memorize"]
        #expect(ServeConnection.request(nil, games: games) == .menu)
        #expect(ServeConnection.request("snake", games: games) == .game("snake"))
        #expect(ServeConnection.request(" keys ", games: games) == .keys)
        for hostile in ["sh", "--data-dir /", "snake --data-dir /", "play snake", "../snake", "bash -c id",
                        "snake; sh", "-- snake"] {
            #expect(ServeConnection.request(hostile, games: games) == .menu, "\(hostile)")
        }
    }

    @Test func aKeySignsUpOnceAndNamesAreUniqueWithoutCase() throws {
        let host = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let keys = PlayerKeys(hostDirectory: host, namedKeysPath: nil, report: { _ in })
        #expect(try keys.player(for: Self.key) == nil)
        #expect(try keys.signUp("Alice", key: Self.key) == "Alice")
        #expect(try keys.player(for: Self.key) == "Alice")
        // The same key signing up again (a second session raced the first) keeps its name.
        #expect(try keys.signUp("Other", key: Self.key) == "Alice")
        #expect(throws: PlayerKeys.Refusal("The name alice is taken; choose another.")) {
            try keys.signUp("alice", key: Self.other)
        }
        let status = try FileManager.default.attributesOfItem(atPath: host + "/keys.json")
        #expect(status[.posixPermissions] as? Int == 0o600 || status[.posixPermissions] as? Int == 0o644)
    }

    @Test(arguments: ["..", "../x", "a/b", ".hidden", "", "-rf", "a b", "\u{1B}[31mred", "名前", "ab\u{7}",
                      String(repeating: "a", count: 21)])
    func hostileNamesAreRefusedInWords(name: String) throws {
        let host = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let keys = PlayerKeys(hostDirectory: host, namedKeysPath: nil, report: { _ in })
        #expect(throws: PlayerKeys.Refusal.self) { try keys.signUp(name, key: Self.key) }
        #expect(try keys.player(for: Self.key) == nil)
    }

    @Test func anUnreadableKeysFileStopsEveryoneAndIsLeftAsItIs() throws {
        let host = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let keys = PlayerKeys(hostDirectory: host, namedKeysPath: nil, report: { _ in })
        _ = try keys.signUp("alice", key: Self.key)
        try "{\"format\": 1, \"data\": {\"keys\": [".write(toFile: host + "/keys.json", atomically: true, encoding: .utf8)
        #expect(throws: PlayerKeys.Refusal.self) { try keys.player(for: Self.key) }
        #expect(throws: PlayerKeys.Refusal.self) { try keys.signUp("bob", key: Self.other) }
        #expect(try String(contentsOfFile: host + "/keys.json", encoding: .utf8).hasSuffix("["))
    }

    @Test func aFolderLeftByAPlayerIsTheirsStill() throws {
        let host = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: host) }
        try FileManager.default.createDirectory(atPath: host + "/players/bob", withIntermediateDirectories: true)
        let keys = PlayerKeys(hostDirectory: host, namedKeysPath: nil, report: { _ in })
        #expect(throws: PlayerKeys.Refusal.self) { try keys.signUp("BOB", key: Self.key) }
    }

    @Test func theOperatorsNamedKeysWinAndCannotNameAPath() throws {
        let host = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let list = host + "/players.keys"
        try """
            # the operator's players
            \(Self.key) carol
            restrict \(Self.other) ../../etc
            """.write(toFile: list, atomically: true, encoding: .utf8)
        let keys = PlayerKeys(hostDirectory: host, namedKeysPath: list, report: { _ in })
        #expect(try keys.player(for: Self.key) == "carol")
        #expect(try keys.player(for: Self.other) == nil)
        #expect(throws: PlayerKeys.Refusal.self) { try keys.signUp("Carol", key: Self.other) }
    }

    @Test func signUpFormSaysWhyANameIsRefused() {
        var taken: [String] = []
        let model = AccountViewModel(mode: .signUp, submit: { name in
            if let refusal = HostedPlayer.check(name) { return refusal }
            taken.append(name)
            return nil
        }, done: { _ in [.pop] })
        _ = model.handle(.edit(.type("../etc")))
        #expect(model.handle(.submit).isEmpty)
        #expect(model.refusal == "A name holds only letters a–z, digits, - and _.")
        // At 40×12 (10 rows inside the host's lines) the field and the whole refusal show.
        let small = AccountView().render(model, in: Size(width: 40, height: 10))
        let shown = (0..<10).map(small.line).joined(separator: "\n")
        #expect(shown.contains("Name: ../etc") && shown.contains("A name holds only letters a–z,")
                && shown.contains("digits, - and _."), "\(shown)")
        _ = model.handle(.edit(.clear))
        #expect(model.refusal == nil)
        _ = model.handle(.edit(.type(String(repeating: "x", count: 21))))
        #expect(model.refusal == "A name has at most 20 characters.")
        _ = model.handle(.edit(.type("dana")))
        #expect(model.handle(.submit).count == 1 && taken == ["dana"])
        let frame = AccountView().render(model, in: Size(width: 40, height: 10))
        #expect((0..<10).map(frame.line).joined().contains("Name: dana"))
    }

    @Test func hostCommandOptionsAreOnlyTheirOwn() throws {
        let allowed = ["--data-dir", "--config"]
        #expect(try HostCommand.options(["--data-dir", "/srv", "--config=/c.json"], allowed: allowed,
                                        required: ["--data-dir"]) == ["--data-dir": "/srv", "--config": "/c.json"])
        for words in [["--data-dir", "/a", "--data-dir", "/b"], ["--seed", "1", "--data-dir", "/a"], ["--config", "/c"],
                      ["--data-dir"], ["--data-dir="], ["/srv"]] {
            #expect(throws: UsageError.self, "\(words)") {
                try HostCommand.options(words, allowed: allowed, required: ["--data-dir"])
            }
        }
    }

    @Test func hostingInConfigJSON() throws {
        let games = [GameEntry(CounterGame.self)]
        let config = try Config.parse(Data(#"{"hosting": {"signUp": false, "namedKeys": "/etc/players"}}"#.utf8),
                                      source: "/x/config.json", games: games)
        #expect(!config.hosting.signUp && config.hosting.namedKeys == "/etc/players")
        #expect(try Config.parse(Data("{}".utf8), source: "c", games: games).hosting.signUp)
        for bad in [#"{"hosting": 1}"#, #"{"hosting": {"signup": false}}"#, #"{"hosting": {"signUp": "no"}}"#,
                    #"{"hosting": {"namedKeys": 3}}"#] {
            #expect(throws: ConfigError.self) { try Config.parse(Data(bad.utf8), source: "c", games: games) }
        }
    }
}
