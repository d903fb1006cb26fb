import Foundation
import Testing

/// Rooms as players meet them (issue 29): two players at two terminals of their own, one
/// opens a room from the slider's page, the other joins by its code, a third watches at
/// another size (as a spectator: no seat's view), both press on from each topic's reveal, a
/// seat's connection drops mid-game and comes back; the game is played to its end, and each
/// seat's screens are compared with golden files.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"))
struct RoomsEndToEndTests {
    /// Plays the slider in a room from two terminals (through sshd when `server` is given).
    func playTheSlider(server: SSHServer?, golden prefix: String) throws {
        let folder = server?.folder ?? scratchDirectory()
        let host = server?.host ?? folder + "/host"
        if server == nil { try FileManager.default.createDirectory(atPath: host, withIntermediateDirectories: true) }
        let alice = try RoomTerminal("alice", folder: folder, host: host, server: server)
        defer { alice.tmux.send("C-c") }
        alice.send("g", "Down", "Down", "Enter")
        #expect(alice.waitFor("o open a room"), "\(alice.tmux.capture())")
        alice.send("o")
        try #require(alice.waitFor("Waiting for 1 more player"), "\(alice.tmux.capture())")
        let shown = alice.tmux.capture()
        let code = try #require(shown.firstMatch(of: /with the code ([A-Z]{4})/)?.1).description
        #expect(alice.compare(prefix + "-alice-waits", code: code) == nil)

        // bob, at a smaller terminal, joins by typing the code.
        let bob = try RoomTerminal("bob", folder: folder, host: host, server: server, width: 70, height: 20)
        defer { bob.tmux.send("C-c") }
        #expect(bob.waitFor("room \(code)"), "the lobby lists the room: \(bob.tmux.capture())")
        bob.send("c")
        bob.type(code.lowercased())
        bob.send("Enter")
        try #require(bob.waitFor("Topic 1 of "), "\(bob.tmux.capture())")
        let topics = try #require(bob.tmux.capture().firstMatch(of: /Topic 1 of (\d)/).flatMap { Int($0.1) })
        try #require(topics >= 3, "seed 4 plays \(topics) topics")
        try #require(alice.waitFor("Topic 1 of \(topics)"), "\(alice.tmux.capture())")
        #expect(alice.compare(prefix + "-alice-topic1", code: code) == nil)
        #expect(bob.compare(prefix + "-bob-topic1", code: code) == nil)

        // carol watches from the lobby, at her own size.
        let carol = try RoomTerminal("carol", folder: folder, host: host, server: server, width: 64, height: 22)
        defer { carol.tmux.send("C-c") }
        #expect(carol.waitFor("room \(code)"))
        carol.send("Down", "Down", "Down", "w")
        try #require(carol.waitFor("Everyone plays now · watching"), "\(carol.tmux.capture())")

        // Topic 1: both rate; bob's rating stays his until both have locked in, and no
        // spectator sees it either.
        alice.send("5", "Enter")
        bob.send("2")
        #expect(bob.waitFor("2 · "), "\(bob.tmux.capture())")
        #expect(!alice.tmux.capture().contains("2 · ") && !carol.tmux.capture().contains("2 · "))
        bob.send("Enter")
        // Both locked in: every terminal reveals the topic. alice presses on and waits for bob,
        // who sees she is ready; bob presses on with a click on the button.
        try #require(alice.waitFor("So far:") && bob.waitFor("So far:") && carol.waitFor("So far:"),
                     "\(alice.tmux.capture())")
        alice.send("Enter")
        try #require(alice.waitFor("Waiting for bob…") && bob.waitFor("alice is ready.")
                     && carol.waitFor("alice is ready."), "\(bob.tmux.capture())")
        #expect(alice.compare(prefix + "-alice-reveal", code: code) == nil)
        #expect(bob.compare(prefix + "-bob-reveal", code: code) == nil)
        #expect(carol.compare(prefix + "-carol-reveal", code: code) == nil)
        let button = try #require(Self.place(of: "Next topic", in: bob.tmux.capture()), "\(bob.tmux.capture())")
        bob.tmux.send("\u{1B}[<0;\(button.column + 1);\(button.row + 1)M\u{1B}[<0;\(button.column + 1);\(button.row + 1)m",
                      literal: true)
        try #require(alice.waitFor("Topic 2 of \(topics)") && bob.waitFor("Topic 2 of \(topics)"), "\(bob.tmux.capture())")
        #expect(carol.waitFor("Topic 2 of \(topics)"))

        // bob's connection drops mid-game: alice sees him away; he comes back to his seat.
        try bob.drop()
        #expect(alice.waitFor("2 bob, away"), "\(alice.tmux.capture())")
        try bob.reconnect(host: host, server: server)
        bob.send("c")
        bob.type(code)
        bob.send("Enter")
        try #require(bob.waitFor("Topic 2 of \(topics)"), "\(bob.tmux.capture())")
        #expect(alice.waitUntilGone("away"), "\(alice.tmux.capture())")

        for topic in 2...topics {
            alice.send("4", "Enter")
            bob.send("3", "Enter")
            if topic < topics {
                // The reveal first (an Enter sent before it shows would still be a lock-in's).
                try #require(alice.waitFor("So far:") && bob.waitFor("So far:"), "\(bob.tmux.capture())")
                alice.send("Enter")
                bob.send("Enter")
                try #require(alice.waitFor("Topic \(topic + 1) of \(topics)") && bob.waitFor("Topic \(topic + 1) of \(topics)"),
                             "\(bob.tmux.capture())")
            }
        }
        try #require(alice.waitFor("Play again") && bob.waitFor("Play again"), "\(alice.tmux.capture())")
        #expect(carol.waitFor("Play again"), "\(carol.tmux.capture())")
        #expect(alice.compare(prefix + "-alice-results", code: code) == nil)
        #expect(bob.compare(prefix + "-bob-results", code: code) == nil)
        #expect(carol.compare(prefix + "-carol-results", code: code) == nil)

        // The round is each seat's: on the shared board under both names, once each.
        let board = Self.board(host + "/scoreboard/compatibility-slider.json", naming: ["alice", "bob"])
        #expect(board.contains("\"alice\"") && board.contains("\"bob\"") && !board.contains("\"carol\""), "\(board)")
    }

    @Test func theSliderInARoomOnTwoTerminals() throws {
        try playTheSlider(server: nil, golden: "room-slider")
    }

    @Test(.enabled(if: SSHServer.shouldRun, "sshd cannot be started here"))
    func theSliderInARoomThroughSSHD() throws {
        let server = try SSHServer(environment: ["GAMEHOST_ROOM_SEED": "4"])
        // The same frames as on local terminals: sshd changes nothing of what is drawn.
        try playTheSlider(server: server, golden: "room-slider")
    }
}

extension RoomsEndToEndTests {
    /// The shared board's text once it names every one of `names`, or as it stands after five
    /// seconds: a seat writes its round just after the frame that shows the round's end, so
    /// both seats' last screens may be up before the board has both.
    static func board(_ path: String, naming names: [String]) -> String {
        var text = ""
        for _ in 0..<100 {
            text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            if names.allSatisfy({ text.contains("\"\($0)\"") }) { break }
            usleep(50_000)
        }
        return text
    }

    /// Where `text` first shows on the screen (0-based; its column counts characters, which
    /// are cells while nothing wide comes before it on its row, as before a button).
    static func place(of text: String, in screen: String) -> (column: Int, row: Int)? {
        for (row, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: text) { return (line.distance(from: line.startIndex, to: range.lowerBound), row) }
        }
        return nil
    }
}

extension RoomTerminal {
    func waitUntilGone(_ text: String) -> Bool { tmux.waitUntilGone(text) }
}
