import Foundation
import Testing

/// Issue 28, point 8, through a real sshd: players' rounds on the shared board (two of them,
/// with their names, and one replayed by the other; fifty finishing at the same moment, none
/// lost), and a game watched at other sizes than the player's. The clients that only type a
/// round run without tmux: `ssh -tt` with their keys piped in (no terminal on their side, so
/// the session draws at 80×24).
@Suite(.serialized, .enabled(if: SSHServer.shouldRun, "sshd cannot be started here (see SSHServer.whyUnavailable)"))
struct SharedBoardEndToEndTests {
    /// A round of Arithmetic Quiz without looking: start, then answer 1 to each of the five.
    static let blindRound = #"\r1\r1\r1\r1\r1"#

    /// A host whose players are the operator's named keys, one per name (no sign-up screens).
    static func host(players names: [String]) throws -> (server: SSHServer, keys: [String: String], folder: String) {
        let folder = scratchDirectory()
        chmod(folder, 0o755)
        let list = folder + "/players.keys"
        let server = try SSHServer(config: #"{"hosting": {"namedKeys": "\#(list)"}}"#)
        var keys: [String: String] = [:], lines = ""
        for name in names {
            let key = try server.newKey(name)
            keys[name] = key
            lines += try String(contentsOfFile: key + ".pub", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
                + " \(name)\n"
        }
        try lines.write(toFile: list, atomically: true, encoding: .utf8)
        chmod(list, 0o644)
        return (server, keys, folder)
    }

    /// Starts an `ssh -tt` client with no terminal: what `script` (sh) prints is what it types.
    static func pipedClient(_ server: SSHServer, key: String, _ script: String, command: String = "arithmetic-quiz")
        throws -> pid_t {
        try SSHServer.start(["/bin/sh", "-c", "(\(script)) | \(server.ssh(key, "-tt")) \(command)"])
    }

    /// Waits for the clients to end, for at most `timeout` seconds; the ones left are killed.
    static func reap(_ clients: [pid_t], timeout: Double = 20) -> Int {
        var left = Set(clients)
        let deadline = Date().addingTimeInterval(timeout)
        while !left.isEmpty, Date() < deadline {
            for pid in left {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid { left.remove(pid) }
            }
            usleep(50_000)
        }
        for pid in left {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        return left.count
    }

    /// One player's blind round through a client with no terminal: its keys are typed once the
    /// session is in the game (typed before, the terminal's switch to raw mode would drop them).
    static func playBlindRound(_ server: SSHServer, key: String, folder: String, name: String) throws {
        let go = folder + "/go-" + name, done = folder + "/done-" + name
        let client = try pipedClient(server, key: key, "while [ ! -e \(go) ]; do sleep 0.05; done; printf '\(blindRound)';"
                                     + " while [ ! -e \(done) ]; do sleep 0.1; done; printf '\\003'; sleep 2")
        var deadline = Date().addingTimeInterval(20)
        while inGame(server.host) < 1, Date() < deadline { usleep(50_000) }
        _ = FileManager.default.createFile(atPath: go, contents: nil)
        deadline = Date().addingTimeInterval(20)
        while !boardPlayers(server.host).contains(name), Date() < deadline { usleep(50_000) }
        _ = FileManager.default.createFile(atPath: done, contents: nil)
        #expect(reap([client]) == 0)
        #expect(server.waitForSessionsToEnd())
    }

    /// The board file's rows: each player's name.
    static func boardPlayers(_ host: String, game: String = "arithmetic-quiz") -> [String] {
        guard let data = FileManager.default.contents(atPath: host + "/scoreboard/\(game).json"),
              let file = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let rows = file["data"] as? [[String: Any]] else { return [] }
        return rows.compactMap { $0["player"] as? String }
    }

    /// Sessions of the host in a game now, from its registry.
    static func inGame(_ host: String) -> Int {
        let folder = host + "/sessions"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter {
            (try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8))?.contains("arithmetic-quiz") == true
        }.count
    }

    @Test func fiftyPlayersFinishingAtOnceAllReachTheBoard() throws {
        let names = (1...50).map { "p" + String(100 + $0).dropFirst() }
        let (server, keys, folder) = try Self.host(players: names)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let go = folder + "/go", done = folder + "/done"
        // Each waits in the quiz for the start, plays its round, and leaves once the test has looked.
        let script = "while [ ! -e \(go) ]; do sleep 0.05; done; printf '\(Self.blindRound)';"
            + " while [ ! -e \(done) ]; do sleep 0.1; done; printf '\\003'; sleep 2"
        var clients: [pid_t] = []
        defer { _ = Self.reap(clients, timeout: 0) }
        for name in names { clients.append(try Self.pipedClient(server, key: keys[name]!, script)) }
        var deadline = Date().addingTimeInterval(60)
        while Self.inGame(server.host) < names.count, Date() < deadline { usleep(100_000) }
        try #require(Self.inGame(server.host) == names.count, "\(Self.inGame(server.host)) in the game\n\(server.log.suffix(2000))")

        // Fifty rounds end at the same moment: each session adds its own under the board's lock.
        _ = FileManager.default.createFile(atPath: go, contents: nil)
        deadline = Date().addingTimeInterval(30)
        while Self.boardPlayers(server.host).count < names.count, Date() < deadline { usleep(100_000) }
        let board = Self.boardPlayers(server.host)
        _ = FileManager.default.createFile(atPath: done, contents: nil)
        #expect(board.count == names.count && Set(board) == Set(names), "\(board.count) on the board: \(board.sorted())")
        #expect(Self.reap(clients) == 0, "clients still running")
        #expect(server.waitForSessionsToEnd(), "sessions outlived their connections")
        // Each kept its round's journal with the board, and its own score in its own folder.
        let kept = try FileManager.default.contentsOfDirectory(atPath: server.host + "/scoreboard/journals/arithmetic-quiz")
        #expect(kept.count == names.count, "\(kept.count) journals kept")
        for name in names {
            let own = try String(contentsOfFile: server.host + "/players/\(name)/arithmetic-quiz/scores.json", encoding: .utf8)
            #expect(own.contains("of 5 correct"), "\(name): \(own)")
        }
    }

    @Test func twoPlayersShareTheBoardAndOneReplaysTheOthersRound() throws {
        let (server, keys, folder) = try Self.host(players: ["ann", "bob"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["bob", "ann"] { try Self.playBlindRound(server, key: keys[name]!, folder: folder, name: name) }
        #expect(Set(Self.boardPlayers(server.host)) == ["ann", "bob"], "\(Self.boardPlayers(server.host))")

        let tmux = try Tmux()
        defer { tmux.send("C-c") }
        // What she types after the host name, a path to bob's files, is not read: the lobby, as ann.
        tmux.shell("\(server.ssh(keys["ann"]!, "-tt")) ../../players/bob/arithmetic-quiz; echo ann-$((40+2))")
        try #require(tmux.waitFor("GameHost › Lobby"), "\(tmux.capture())\n\(server.log)")
        tmux.send("g")
        try #require(tmux.waitFor("1  Arithmetic Quiz"), "\(tmux.capture())")
        tmux.send("s")
        try #require(tmux.waitFor("Everyone ("), "\(tmux.capture())")
        let board = tmux.settled()
        #expect(board.contains("ann (you)") && board.contains("bob") && !board.contains("bob (you)"), "\(board)")

        // Tab puts the cursor on the board (on ann's own row); bob's row is the other one.
        tmux.send("Tab")
        #expect(tmux.waitFor("Tab mine"), "\(tmux.capture())")
        if !tmux.settled().contains("› 1. bob") && !tmux.capture().contains("› 2. bob") {
            tmux.send(tmux.capture().contains("› 1. ann") ? "Down" : "Up")
        }
        #expect(tmux.waitFor(". bob"), "\(tmux.capture())")
        let cursor = tmux.settled().components(separatedBy: "\n").first { $0.contains("› ") && $0.contains(". bob") }
        #expect(cursor != nil, "\(tmux.capture())")
        tmux.send("Enter")
        #expect(tmux.waitFor("bob's round ·"), "\(tmux.capture())")
        #expect(tmux.waitFor("End of the round"), "\(tmux.capture())")
        #expect(tmux.capture().contains("Finished in"), "\(tmux.capture())")
        tmux.send("C-c")
        #expect(tmux.waitFor("ann-42"))
        #expect(server.waitForSessionsToEnd())
    }

    @Test func aGameIsWatchedAtTheWatchersOwnSizes() throws {
        let (server, keys, folder) = try Self.host(players: ["ann", "bob"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let player = try Tmux(width: 80, height: 24)
        defer { player.send("C-c") }
        player.shell("\(server.ssh(keys["ann"]!, "-tt")) arithmetic-quiz; echo ann-$((40+2))")
        try #require(player.waitFor("Enter start"), "\(player.capture())\n\(server.log)")
        player.send("Enter")
        try #require(player.waitFor("Question 1 of 5"), "\(player.capture())")
        let problem = try #require(Self.problem(player.settled()), "\(player.capture())")

        let watcher = try Tmux(width: 120, height: 40)
        defer { watcher.send("C-c") }
        watcher.shell("\(server.ssh(keys["bob"]!, "-tt")); echo bob-$((40+2))")
        try #require(watcher.waitFor("GameHost › Lobby"), "\(watcher.capture())")
        // The lobby lists who came first first: ann, selected.
        try #require(watcher.waitFor("ann"), "\(watcher.capture())")
        watcher.send("Enter")
        try #require(watcher.waitFor("Watching ann play Arithmetic Quiz"), "\(watcher.capture())")
        #expect(watcher.waitFor(problem), "\(watcher.capture())")
        var shown = watcher.settled()
        #expect(Self.footerRow(shown) == 39, "drawn for 120×40:\n\(shown)")
        #expect(shown.contains("Question 1 of 5"))
        // Centred on its own width, not the player's.
        #expect(Self.column(of: problem, in: shown) != Self.column(of: problem, in: player.capture()), "\(shown)")

        // Smaller than the player's: the quiz's narrow buttons, the same question.
        watcher.resize(width: 50, height: 16)
        #expect(watcher.waitFor("[1 "), "\(watcher.capture())")
        shown = watcher.settled()
        #expect(Self.footerRow(shown) == 15 && shown.contains(problem), "drawn for 50×16:\n\(shown)")

        // The player moves on; the watcher follows at its size.
        player.send("1")
        player.waitForChange(from: player.capture())
        player.send("Enter")
        try #require(player.waitFor("Question 2 of 5"), "\(player.capture())")
        let next = try #require(Self.problem(player.settled()))
        #expect(watcher.waitFor("Question 2 of 5") && watcher.waitFor(next), "\(watcher.capture())")
        #expect(watcher.capture().components(separatedBy: "\n").allSatisfy { $0.count <= 50 })
        player.send("C-c")
        #expect(player.waitFor("ann-42"))
        // The player left: the watcher says so and goes back to the lobby.
        #expect(watcher.waitFor("back to the lobby in"), "\(watcher.capture())")
        #expect(watcher.capture().contains("ann stopped playing") || watcher.capture().contains("ann left"))
        watcher.send("C-c")
        #expect(watcher.waitFor("bob-42"))
        #expect(server.waitForSessionsToEnd())
    }

    /// The row of the footer (the line ending in "? help").
    static func footerRow(_ screen: String) -> Int? {
        screen.components(separatedBy: "\n").firstIndex { $0.contains("? help") }
    }

    /// "15 × 13 = ?", as the screen shows it.
    static func problem(_ screen: String) -> String? {
        screen.components(separatedBy: "\n").first { $0.contains("= ?") }?.trimmingCharacters(in: .whitespaces)
    }

    static func column(of text: String, in screen: String) -> Int? {
        for line in screen.components(separatedBy: "\n") {
            if let range = line.range(of: text) { return line.distance(from: line.startIndex, to: range.lowerBound) }
        }
        return nil
    }
}
