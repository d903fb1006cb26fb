import Foundation
@testable import GameHost
import Testing

/// Audit S1: a key is a player's only when its holder proves it, by signing up with it or by a
/// one-time code shown on one connection and typed on the other.
@Suite struct KeyProofTests {
    static let alice = HostingTests.key
    static let laptop = HostingTests.other
    static let third = AuthorizedKey(type: "ssh-ed25519", base64: "AAAAC3NzaC1lZDI1NTE5AAAAIKugDxWu/UE29h7zGuDOrnJr8KSoPe738OLr0jBDL+1s")!

    /// A clock the test moves.
    final class Clock: @unchecked Sendable {
        var now = Date(timeIntervalSince1970: 1_800_000_000)
    }

    func host() -> String { HostingTests().temporaryFolder() }

    func keys(_ host: String, clock: Clock, named: String? = nil) -> PlayerKeys {
        PlayerKeys(hostDirectory: host, namedKeysPath: named, now: { clock.now }, report: { _ in })
    }

    @Test func aCodeShownOnTheNewKeyLinksItWhenThePlayerTypesIt() throws {
        let clock = Clock()
        let folder = host()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let keys = keys(folder, clock: clock)
        _ = try keys.signUp("alice", key: Self.alice)
        #expect(try keys.player(for: Self.laptop) == nil)
        let code = try keys.issueCode(for: Self.laptop)
        #expect(code.count == 8)
        // Typed as shown (a dash, lower case, spaces) it is the same code.
        #expect(try keys.redeem(" " + PlayerKeys.shown(code).lowercased(), byPlayer: "alice") == Self.laptop)
        #expect(try keys.player(for: Self.laptop) == "alice")
        #expect(keys.keys(of: "alice").map(\.proven) == [true, true])
    }

    @Test func aCodeShownOnTheKeysScreenLinksTheKeyThatTypesIt() throws {
        let clock = Clock()
        let folder = host()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let keys = keys(folder, clock: clock)
        _ = try keys.signUp("alice", key: Self.alice)
        let code = try keys.issueCode(forPlayer: "alice")
        #expect(try keys.redeem(code, byKey: Self.laptop) == "alice")
        #expect(try keys.arrive(Self.laptop) == "alice")
        // A code of one side is not taken on the other.
        let other = try keys.issueCode(forPlayer: "alice")
        #expect(throws: PlayerKeys.Refusal.self) { try keys.redeem(other, byPlayer: "alice") }
    }

    @Test func aCodeLastsTenMinutesAndWorksOnce() throws {
        let clock = Clock()
        let folder = host()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let keys = keys(folder, clock: clock)
        _ = try keys.signUp("alice", key: Self.alice)
        let late = try keys.issueCode(for: Self.laptop)
        clock.now += 600
        #expect(throws: PlayerKeys.Refusal("That code has expired: a code lasts 10 minutes. Ask for a new one.")) {
            try keys.redeem(late, byPlayer: "alice")
        }
        #expect(try keys.player(for: Self.laptop) == nil)
        let code = try keys.issueCode(for: Self.laptop)
        clock.now += 599
        try keys.redeem(code, byPlayer: "alice")
        _ = try keys.signUp("bob", key: Self.third)
        #expect(throws: PlayerKeys.Refusal("That code was used already: a code works once. Ask for a new one.")) {
            try keys.redeem(code, byPlayer: "bob")
        }
        #expect(try keys.player(for: Self.laptop) == "alice")
    }

    @Test func wrongCodesAreRefusedAndAFewOfThemVoidTheCode() throws {
        let clock = Clock()
        let folder = host()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let keys = keys(folder, clock: clock)
        _ = try keys.signUp("alice", key: Self.alice)
        let code = try keys.issueCode(forPlayer: "alice")
        // Not a code at all: said so, and not counted as a guess.
        for typed in ["", "ssh-ed25519 \(Self.laptop.base64) me@laptop", "ABC", "IIII-OOOO"] {
            #expect(throws: PlayerKeys.Refusal("A code has 8 letters and digits, as in HJKM-3R7W; type it as it is shown.")) {
                try keys.redeem(typed, byKey: Self.laptop)
            }
        }
        let wrong = code == "AAAAAAAA" ? "CCCCCCCC" : "AAAAAAAA"
        for _ in 0..<PlayerKeys.wrongTriesAllowed {
            #expect(throws: PlayerKeys.Refusal("That code is not one this host gave; check it against the screen that shows it.")) {
                try keys.redeem(wrong, byKey: Self.laptop)
            }
        }
        #expect(throws: PlayerKeys.Refusal("That code is void: too many wrong codes were typed while it was valid. Ask for a new one.")) {
            try keys.redeem(code, byKey: Self.laptop)
        }
        #expect(try keys.player(for: Self.laptop) == nil)
        // A new code is good again.
        #expect(try keys.redeem(try keys.issueCode(forPlayer: "alice"), byKey: Self.laptop) == "alice")
    }

    @Test func aCodeNeverTakesAKeyFromAnotherPlayer() throws {
        let clock = Clock()
        let folder = host()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let keys = keys(folder, clock: clock)
        _ = try keys.signUp("alice", key: Self.alice)
        _ = try keys.signUp("bob", key: Self.laptop)
        let code = try keys.issueCode(forPlayer: "alice")
        #expect(throws: PlayerKeys.Refusal("That key is already another player's.")) {
            try keys.redeem(code, byKey: Self.laptop)
        }
        #expect(try keys.player(for: Self.laptop) == "bob")
    }

    @Test func codesAreKeptInTheHostsFolder() throws {
        let host = host()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let keys = keys(host, clock: Clock())
        let code = try keys.issueCode(for: Self.laptop)
        let text = try String(contentsOfFile: host + "/link-codes.json", encoding: .utf8)
        #expect(text.contains(code) && text.contains("\"format\" : 1"))
        // Another process (another connection) sees it.
        _ = try keys.signUp("alice", key: Self.alice)
        try self.keys(host, clock: Clock()).redeem(code, byPlayer: "alice")
        #expect(try keys.player(for: Self.laptop) == "alice")
    }

    @Test func aPlayerRemovesAnyKeyButTheOneTheyAreConnectedWith() throws {
        let folder = host()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let keys = keys(folder, clock: Clock())
        _ = try keys.signUp("alice", key: Self.alice)
        try keys.redeem(try keys.issueCode(forPlayer: "alice"), byKey: Self.laptop)
        _ = try keys.signUp("bob", key: Self.third)
        #expect(throws: PlayerKeys.Refusal("That is the key of this connection: remove it from a connection made with another of your keys.")) {
            try keys.remove(Self.alice, from: "alice", connectedWith: Self.alice)
        }
        #expect(throws: PlayerKeys.Refusal("That key is not one of alice's.")) {
            try keys.remove(Self.third, from: "alice", connectedWith: Self.alice)
        }
        try keys.remove(Self.laptop, from: "alice", connectedWith: Self.alice)
        #expect(try keys.player(for: Self.laptop) == nil)
        #expect(keys.keys(of: "alice").map(\.key) == [Self.alice])
        #expect(try keys.player(for: Self.third) == "bob")
    }

    @Test func theOperatorsNamedKeysAreNotRemovedFromTheKeysScreen() throws {
        let host = host()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let list = host + "/players.keys"
        try "\(Self.alice) carol\n".write(toFile: list, atomically: true, encoding: .utf8)
        let keys = keys(host, clock: Clock(), named: list)
        #expect(throws: PlayerKeys.Refusal.self) { try keys.remove(Self.alice, from: "carol", connectedWith: Self.laptop) }
        #expect(keys.keys(of: "carol").map(\.named) == [true])
    }

    /// Format 1 held key → name only. The audit's attack: mallory pasted the victim's key
    /// (laptop) beside her own; that key must not let its holder in as mallory.
    @Test func keysFromFormatOneProveThemselvesOnlyForAPlayerWithoutAProvenKey() throws {
        let host = host()
        defer { try? FileManager.default.removeItem(atPath: host) }
        try """
            {"format": 1, "data": {"keys": {"\(Self.alice)": "alice", "\(Self.third)": "mallory", "\(Self.laptop)": "mallory"}}}
            """.write(toFile: host + "/keys.json", atomically: true, encoding: .utf8)
        let clock = Clock()
        let keys = keys(host, clock: clock)
        #expect(keys.keys(of: "mallory").map(\.proven) == [false, false])
        #expect(try keys.arrive(Self.alice) == "alice")
        #expect(try keys.arrive(Self.third) == "mallory")
        // mallory's own key proved itself by connecting first; the pasted one is not hers.
        #expect(try keys.player(for: Self.laptop) == nil)
        #expect(try keys.arrive(Self.laptop) == nil)
        // Its holder signs up as themselves, and the pasted record gives way.
        #expect(try keys.signUp("victim", key: Self.laptop) == "victim")
        let text = try String(contentsOfFile: host + "/keys.json", encoding: .utf8)
        #expect(text.contains("\"format\" : 2") && text.contains("\"proven\" : true"), "\(text)")
        let alice = try #require(keys.keys(of: "alice").first)
        #expect(alice.proven && alice.lastSeen == clock.now.timeIntervalSince1970)
    }

    @Test func aPastedKeyOfAnOperatorNamedPlayerIsNeverProvenByConnecting() throws {
        let host = host()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let list = host + "/players.keys"
        try "\(Self.alice) carol\n".write(toFile: list, atomically: true, encoding: .utf8)
        try """
            {"format": 1, "data": {"keys": {"\(Self.laptop)": "carol"}}}
            """.write(toFile: host + "/keys.json", atomically: true, encoding: .utf8)
        let keys = keys(host, clock: Clock(), named: list)
        #expect(try keys.arrive(Self.laptop) == nil)
        #expect(try keys.arrive(Self.alice) == "carol")
    }

    /// Audit C12: a kill -9 during a keys.json update left keys.json.tmp-PID-RAND for good.
    @Test func theNextChangeClearsTemporariesOfKilledWriters() throws {
        let host = host()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let dead = host + "/keys.json.tmp-2147483646-1234", live = host + "/keys.json.tmp-\(getpid())-1"
        for path in [dead, live] { try "{".write(toFile: path, atomically: false, encoding: .utf8) }
        _ = try keys(host, clock: Clock()).signUp("alice", key: Self.alice)
        #expect(!FileManager.default.fileExists(atPath: dead))
        // One of a process still running may be a save in progress: left alone.
        #expect(FileManager.default.fileExists(atPath: live))
    }

    @Test func aKeysLastVisitIsWrittenAtMostOnceAMinute() throws {
        let host = host()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let clock = Clock()
        let keys = keys(host, clock: clock)
        _ = try keys.signUp("alice", key: Self.alice)
        let signedUp = clock.now.timeIntervalSince1970
        clock.now += 59
        #expect(try keys.arrive(Self.alice) == "alice")
        #expect(keys.keys(of: "alice").first?.lastSeen == signedUp)
        clock.now += 1
        #expect(try keys.arrive(Self.alice) == "alice")
        #expect(keys.keys(of: "alice").first?.lastSeen == signedUp + 60)
    }

    @Test func bansRenamesAndRemovals() throws {
        let host = host()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let keys = keys(host, clock: Clock())
        _ = try keys.signUp("alice", key: Self.alice)
        _ = try keys.signUp("bob", key: Self.laptop)
        try FileManager.default.createDirectory(atPath: host + "/players/alice/snake", withIntermediateDirectories: true)
        try Data(count: 3000).write(to: URL(fileURLWithPath: host + "/players/alice/snake/scores.json"))
        try FileManager.default.createDirectory(atPath: host + "/players/bob", withIntermediateDirectories: true)
        #expect(keys.dataSize(of: "alice") == 3000)
        try keys.ban("alice", reason: "cheating")
        #expect(keys.ban(of: "alice")?.notice(for: "alice") == "The operator of this host has banned alice: cheating")
        #expect(PlayerKeys.banNotice(of: HostedPlayer(name: "alice", hostDirectory: host)) != nil)
        #expect(throws: PlayerKeys.Refusal("No player is called zed; 'gamehost host players' lists them.")) { try keys.ban("zed", reason: nil) }
        #expect(throws: PlayerKeys.Refusal("The name BOB is taken; choose another.")) { try keys.rename("alice", to: "BOB") }
        #expect(throws: PlayerKeys.Refusal.self) { try keys.rename("alice", to: "../x") }
        try keys.rename("alice", to: "Alicia")
        #expect(try keys.player(for: Self.alice) == "Alicia")
        #expect(keys.ban(of: "Alicia") != nil && keys.ban(of: "alice") == nil)
        #expect(FileManager.default.fileExists(atPath: host + "/players/Alicia/snake/scores.json"))
        try keys.unban("Alicia")
        #expect(throws: PlayerKeys.Refusal("Alicia is not banned.")) { try keys.unban("Alicia") }
        try keys.removeKey(of: "bob", fingerprint: Self.laptop.fingerprint)
        #expect(try keys.player(for: Self.laptop) == nil)
        try keys.removePlayer("Alicia")
        #expect(try keys.player(for: Self.alice) == nil)
        #expect(!FileManager.default.fileExists(atPath: host + "/players/Alicia"))
        #expect(try keys.players().map(\.name) == ["bob"])
    }
}
