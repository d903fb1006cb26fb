import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// 50 hosted sessions, each its own process, finish rounds at the same moment on one host
/// (issue 28, point 3): the shared board loses no score, each player's own scores hold every
/// round, and no session is told of a problem.
///
/// The sessions are this test program started again (so they are real processes with their
/// own locks and files, as sshd's sessions are) and each runs `playAsAChild` only: a hosted
/// `TestDriver` session that waits for the start signal, then plays its rounds to the end.
@Suite struct ConcurrentScoreboardTests {
    static let sessions = 50
    static let rounds = 3
    static let variable = "GAMEHOST_SCOREBOARD_CHILD"
    static let job = ProcessInfo.processInfo.environment[variable]

    @Test(.enabled(if: Self.job == nil, "a parent of the sessions, not one of them"),
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/proc/self/exe"),
                   "runs the test program again through /proc/self/exe (Linux)"))
    func fiftySessionsFinishingAtOnceLoseNoScore() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let names = (1...Self.sessions).map { "player-\($0)" }
        let children = try names.map { name -> Process in
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
            child.arguments = ["--testing-library", "swift-testing", "--filter", "ConcurrentScoreboardTests/playAsAChild"]
            child.environment = ProcessInfo.processInfo.environment.merging([Self.variable: host + "|" + name]) { $1 }
            child.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            child.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try child.run()
            return child
        }
        // Every session is started and waiting when this appears, so they finish together.
        let ready = { (try? FileManager.default.contentsOfDirectory(atPath: host + "/ready"))?.count ?? 0 }
        let deadline = Date().addingTimeInterval(120)
        while ready() < Self.sessions, Date() < deadline, children.allSatisfy(\.isRunning) { usleep(10_000) }
        #expect(ready() == Self.sessions, "every session started")
        _ = FileManager.default.createFile(atPath: host + "/go", contents: nil)
        for child in children { child.waitUntilExit() }
        #expect(children.map(\.terminationStatus) == Array(repeating: 0, count: Self.sessions))

        let board = HostBoard(directory: host + "/scoreboard", report: { Issue.record("board reported: \($0)") })
            .entries(game: "counter")
        // What the board holds when every round is added to it, whatever the order.
        var expected: [HostBoard.Entry] = []
        for name in names {
            let rounds = ScoreBook(store: DataStore(directory: host + "/players/" + name, report: { _ in }))
                .rounds(game: "counter")
            #expect(rounds.count == Self.rounds, "\(name)'s own scores hold every round")
            for round in rounds { expected = HostBoard.adding(.init(player: name, round: round), to: expected) }
            let problems = (try? String(contentsOfFile: host + "/problems/" + name, encoding: .utf8)) ?? ""
            #expect(problems.isEmpty, "\(name) was told: \(problems)")
        }
        #expect(expected.count == HostBoard.kept, "more rounds than the board keeps, so its limit is tried too")
        #expect(Set(board.map(\.player)) == Set(names), "every player is on the board")
        #expect(board == expected, "no round lost, none twice")
    }

    /// One session, when started by the test above: waits for the start, then plays.
    @Test(.enabled(if: Self.job != nil, "one of the sessions the test above starts"))
    func playAsAChild() throws {
        let parts = try #require(Self.job?.split(separator: "|").map(String.init))
        let (host, name) = (parts[0], parts[1])
        let driver = try TestDriver(games: [GameEntry(CounterGame.self)], play: "counter", dataDirectory: host,
                                    player: name)
        try FileManager.default.createDirectory(atPath: host + "/ready", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: host + "/ready/" + name, contents: nil)
        let deadline = Date().addingTimeInterval(120)
        while !FileManager.default.fileExists(atPath: host + "/go"), Date() < deadline { usleep(1_000) }
        for round in 0..<Self.rounds {
            if round > 0 { driver.press(.character("r")) }
            driver.press(.up, .up, .up, .up, .up)
        }
        let problems = driver.session.noticeLog.joined(separator: "\n")
        try FileManager.default.createDirectory(atPath: host + "/problems", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: host + "/problems/" + name, contents: Data(problems.utf8))
    }
}
