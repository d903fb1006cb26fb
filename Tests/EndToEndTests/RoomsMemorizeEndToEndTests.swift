import Foundation
import Testing

/// Memorize for two in a room, at two terminals of their own, played to its end by a player
/// who remembers every card it has seen (the test reads the cards off the screen, as a
/// player would); each seat's last screen is compared with a golden file.
/// (In the rooms' suite, so its sshd and the slider's never start at the same moment: a
/// binary being copied for one cannot be run by the other.)
extension RoomsEndToEndTests {
    /// The cards as the screen shows them, in order: an emoji, or nil face down.
    static func cards(_ screen: String) -> [String?] {
        var cards: [String?] = []
        for line in screen.split(separator: "\n") where line.contains("│") || line.contains("┃") || line.contains("╎") {
            for match in line.matches(of: /[│┃╎]([^│┃╎]*)[│┃╎]/) {
                let face = match.1.trimmingCharacters(in: .whitespaces)
                cards.append(face.contains("░") ? nil : face)
            }
        }
        return cards
    }

    /// Where the first card's top-left corner is on the screen (0-based cells).
    static func firstCard(_ screen: String) -> (column: Int, row: Int)? {
        for (row, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let corner = line.firstIndex(where: { $0 == "┏" || $0 == "╭" }) {
                return (line.distance(from: line.startIndex, to: corner), row)
            }
        }
        return nil
    }

    @Test func twoPlayersPlayMemorizeInARoomToItsEnd() throws {
        try playMemorize(server: nil)
    }

    @Test(.enabled(if: SSHServer.shouldRun, "sshd cannot be started here"))
    func twoPlayersPlayMemorizeInARoomThroughSSHD() throws {
        // The same game and the same last screens as on local terminals.
        try playMemorize(server: SSHServer(environment: ["GAMEHOST_ROOM_SEED": "4"]))
    }

    func playMemorize(server: SSHServer?) throws {
        let folder = server?.folder ?? scratchDirectory()
        let host = server?.host ?? folder + "/host"
        if server == nil { try FileManager.default.createDirectory(atPath: host, withIntermediateDirectories: true) }
        let alice = try RoomTerminal("alice", folder: folder, host: host, server: server)
        defer { alice.tmux.send("C-c") }
        alice.send("g", "Down", "Enter")
        try #require(alice.waitFor("Players"), "\(alice.tmux.capture())")
        alice.send("Down", "Down", "Down", "Right")
        try #require(alice.waitFor("o open a room"), "\(alice.tmux.capture())")
        alice.send("o")
        try #require(alice.waitFor("Waiting for 1 more player"))
        let code = try #require(alice.tmux.capture().firstMatch(of: /with the code ([A-Z]{4})/)?.1).description
        let bob = try RoomTerminal("bob", folder: folder, host: host, server: server)
        defer { bob.tmux.send("C-c") }
        bob.send("c")
        bob.type(code)
        bob.send("Enter")
        try #require(bob.waitFor("1 alice · 2 bob (you)"), "\(bob.tmux.capture())")
        // The theme chooser comes first; alice picks the first theme for both.
        alice.send("Enter")
        // The game's header ("Your turn · 0 of 8 pairs"), not the chooser's rows ("8 pairs").
        try #require(alice.waitFor("0 of ") && bob.waitFor("0 of "), "\(alice.tmux.capture())")

        let count = Self.cards(alice.tmux.capture()).count
        try #require(count >= 4, "\(alice.tmux.capture())")
        let cardLines = alice.tmux.capture().split(separator: "\n").filter { $0.contains("│") || $0.contains("┃") || $0.contains("╎") }
        let columns = cardLines.first.map { $0.matches(of: /[│┃╎]([^│┃╎]*)[│┃╎]/).count } ?? 1
        var known: [Int: String] = [:]
        var matched: Set<Int> = []
        var cursor = 0
        /// The seat on turn moves the cursor to `index` and turns the card; returns its face.
        func turn(_ index: Int) -> String? {
            let onTurn = alice.tmux.capture().contains("\n Your turn") ? alice : bob
            while cursor != index {
                let key: String
                if cursor / columns != index / columns {
                    key = cursor / columns < index / columns ? "Down" : "Up"
                    cursor += key == "Down" ? columns : -columns
                } else {
                    key = cursor < index ? "Right" : "Left"
                    cursor += key == "Right" ? 1 : -1
                }
                let shown = alice.tmux.capture()
                onTurn.send(key)
                alice.tmux.waitForChange(from: shown)
            }
            let shown = alice.tmux.capture()
            if index == 0, onTurn === alice, let place = Self.firstCard(shown) {
                // The mouse as well: a click on the card turns it, in both copies of the game.
                onTurn.tmux.send("\u{1B}[<0;\(place.column + 3);\(place.row + 2)M\u{1B}[<0;\(place.column + 3);\(place.row + 2)m",
                                 literal: true)
            } else {
                onTurn.send("Enter")
            }
            alice.tmux.waitForChange(from: shown)
            let faces = Self.cards(alice.tmux.capture())
            for (card, face) in faces.enumerated() { if let face { known[card] = face } }
            return faces.indices.contains(index) ? faces[index] : nil
        }
        var moves = 0
        while matched.count < count, moves < 4 * count {
            moves += 1
            let open = (0..<count).filter { !matched.contains($0) }
            if let pair = open.lazy.compactMap({ first in
                open.first { $0 != first && known[$0] != nil && known[$0] == known[first] }.map { (first, $0) }
            }).first {
                _ = turn(pair.0)
                _ = turn(pair.1)
                matched.formUnion([pair.0, pair.1])
                continue
            }
            guard let first = open.first(where: { known[$0] == nil }), let face = turn(first) else { break }
            if let partner = open.first(where: { $0 != first && known[$0] == face }) {
                _ = turn(partner)
                matched.formUnion([first, partner])
            } else if let second = open.first(where: { known[$0] == nil && $0 != first }) {
                if turn(second) == face { matched.formUnion([first, second]) }
            }
        }
        try #require(alice.waitFor("Final scores") && bob.waitFor("Final scores"), "\(alice.tmux.capture())")
        #expect(alice.compare("room-memorize-alice-end", code: code) == nil)
        #expect(bob.compare("room-memorize-bob-end", code: code) == nil)
        let board = Self.board(host + "/scoreboard/memorize.json", naming: ["alice", "bob"])
        #expect(board.contains("\"alice\"") && board.contains("\"bob\""), "\(board)")
    }
}
