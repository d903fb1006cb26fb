import Foundation
import Testing

/// Audit S1 through a real sshd: a second key becomes a player's by a one-time code shown on
/// one connection and typed on the other, each made with its own key; and the operator's
/// `host ban` ends a banned player's live session and refuses their key.
@Suite(.serialized, .enabled(if: SSHServer.shouldRun, "sshd cannot be started here (see SSHServer.whyUnavailable)"))
struct KeyLinkEndToEndTests {
    /// The code a screen shows: two groups of four of the code alphabet.
    static func code(in screen: String) -> String? {
        let pattern = try! NSRegularExpression(pattern: "\\b[ACDEFHJKMNPRTWXY3479]{4}-[ACDEFHJKMNPRTWXY3479]{4}\\b")
        let range = NSRange(screen.startIndex..., in: screen)
        return pattern.firstMatch(in: screen, range: range).flatMap { Range($0.range, in: screen) }.map { String(screen[$0]) }
    }

    /// Runs gamehost as the hosting account, as an operator would (`sudo -u ACCOUNT`).
    static func asOperator(_ server: SSHServer, _ words: [String]) throws -> (status: Int32, output: String) {
        try spawn(["/usr/sbin/runuser", "-u", server.account, "--", server.binaryFolder + "/gamehost", "host"] + words
                  + ["--data-dir", server.host])
    }

    @Test func aNewKeyIsLinkedByACodeEitherWay() throws {
        let server = try SSHServer()
        let alice = try server.newKey("alice"), laptop = try server.newKey("laptop"), phone = try server.newKey("phone")
        let first = try Tmux(), second = try Tmux()
        defer {
            first.send("C-c")
            second.send("C-c")
        }
        // alice signs up and opens her keys.
        first.shell("\(server.ssh(alice, "-tt")) keys; echo alice-$((40+2))")
        try #require(first.signUp(as: "alice", reaching: "› Your keys"), "\(first.capture())\n\(server.log)")
        // Pasting the laptop's public key (anyone can) links nothing.
        let pasted = try String(contentsOfFile: laptop + ".pub", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        first.send(pasted, literal: true)
        first.send("Enter")
        #expect(first.waitFor("A code has 8 letters and digits"), "\(first.capture())")
        first.send("C-u")

        // The laptop's key is new: Tab on its Welcome screen shows a code.
        second.shell("\(server.ssh(laptop, "-tt")); echo laptop-$((40+2))")
        try #require(second.waitFor("GameHost › Welcome"), "\(second.capture())\n\(server.log)")
        second.send("Tab")
        try #require(second.waitFor("› Link this key"), "\(second.capture())")
        let code = try #require(Self.code(in: second.capture()), "\(second.capture())")
        // Enter before the code was typed on alice's connection links nothing.
        second.send("Enter")
        #expect(second.waitFor("Not linked yet"), "\(second.capture())")

        // alice types it on her keys screen; the laptop's Enter then goes on as alice.
        first.send(code, literal: true)
        first.send("Enter")
        #expect(first.waitFor("Linked SHA256:"), "\(first.capture())")
        second.send("Enter")
        #expect(second.waitUntilGone("Link this key"), "\(second.capture())")
        // alice is online from her first connection too: the take-over offer, or the lobby.
        #expect(second.waitFor("another connection") || second.capture().contains("GameHost › Lobby"), "\(second.capture())")
        second.send("C-c")
        #expect(second.waitFor("laptop-42"))

        // The other way: alice's keys screen gives a code (Tab), the phone types it.
        first.send("Tab")
        #expect(first.waitFor("Type this code on the new key's screen"), "\(first.capture())")
        let given = try #require(Self.code(in: first.capture()), "\(first.capture())")
        second.shell("clear; \(server.ssh(phone, "-tt")); echo phone-$((40+2))")
        try #require(second.waitFor("GameHost › Welcome"), "\(second.capture())")
        second.send("Tab")
        try #require(second.waitFor("› Link this key"), "\(second.capture())")
        second.send(given, literal: true)
        second.send("Enter")
        #expect(second.waitUntilGone("Link this key"), "\(second.capture())")
        second.send("C-c")
        #expect(second.waitFor("phone-42"))
        first.send("C-c")
        #expect(first.waitFor("alice-42"))

        // The codes are kept as keys.json is: the hosting account's alone.
        for file in ["link-codes.json", "keys.json"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: server.host + "/" + file)
            #expect(attributes[.posixPermissions] as? Int == 0o600, "\(file)")
            #expect(attributes[.ownerAccountName] as? String == server.account, "\(file)")
        }
        let listed = try Self.asOperator(server, ["players"])
        #expect(listed.status == 0, "\(listed.output)")
        let rows = listed.output.split(separator: "\n").filter { $0.hasPrefix("alice ") }
        #expect(rows.count == 3 && rows.allSatisfy { $0.contains(" yes ") }, "\(listed.output)")
        #expect(server.waitForSessionsToEnd())
    }

    @Test func aBannedPlayersSessionEndsAndTheirKeyIsToldWhy() throws {
        let server = try SSHServer()
        let key = try server.newKey("spammer")
        let tmux = try Tmux()
        defer { tmux.send("C-c") }
        tmux.shell("\(server.ssh(key, "-tt")); echo first-$((40+2))")
        try #require(tmux.signUp(as: "spammer", reaching: "GameHost › Lobby"), "\(tmux.capture())\n\(server.log)")

        let started = Date()
        let banned = try Self.asOperator(server, ["ban", "spammer", "--reason", "flooding the lobby"])
        #expect(banned.status == 0 && banned.output.contains("Banned spammer; ended 1 session."), "\(banned.output)")
        #expect(tmux.waitFor("first-42", timeout: 5), "\(tmux.capture())")
        #expect(Date().timeIntervalSince(started) < 2.5)
        #expect(tmux.capture().contains("The operator of this host has banned spammer: flooding the lobby"), "\(tmux.capture())")

        tmux.shell("clear; \(server.ssh(key, "-tt")); echo second-$((40+2))")
        #expect(tmux.waitFor("second-42"), "\(tmux.capture())")
        #expect(tmux.capture().contains("banned spammer: flooding the lobby"), "\(tmux.capture())")
        #expect(!tmux.capture().contains("Lobby"))

        let lifted = try Self.asOperator(server, ["unban", "spammer"])
        #expect(lifted.status == 0, "\(lifted.output)")
        tmux.shell("clear; \(server.ssh(key, "-tt")); echo third-$((40+2))")
        #expect(tmux.waitFor("GameHost › Lobby"), "\(tmux.capture())")
        tmux.send("C-c")
        #expect(tmux.waitFor("third-42"))
        #expect(server.waitForSessionsToEnd())
    }
}
