import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import GameHost
import GameHostTesting
import Testing

/// Keys not signed up yet hold fewer places than players (`hosting.maxSignUps`) and for less
/// time (`hosting.signUpTimeout`), so strangers cannot fill a host.
@Suite struct StrangerLimitsTests {
    static let games = [GameEntry(CounterGame.self)]

    @Test func theSignUpLimitsInConfigJSON() throws {
        let defaults = try Config.parse(Data("{}".utf8), source: "c", games: Self.games).hosting
        #expect(defaults.maxSignUps == 0 && defaults.signUpPlaces == 20 && defaults.signUpTimeout == 120)
        let small = try Config.parse(Data(#"{"hosting": {"maxSessions": 8}}"#.utf8), source: "c", games: Self.games)
        #expect(small.hosting.signUpPlaces == 2, "a tenth, at least 2")
        let set = try Config.parse(Data(#"{"hosting": {"maxSignUps": 5, "signUpTimeout": 30}}"#.utf8),
                                   source: "c", games: Self.games).hosting
        #expect(set.signUpPlaces == 5 && set.signUpTimeout == 30)
        for (bad, words) in [(#"{"hosting": {"maxSignUps": 0}}"#, "'hosting.maxSignUps' cannot be 0; allowed: a whole number of connections signing up at once, from 1 to 100000"),
                             (#"{"hosting": {"maxSignUps": "5"}}"#, "'hosting.maxSignUps'"),
                             (#"{"hosting": {"signUpTimeout": 0}}"#, "'hosting.signUpTimeout' cannot be 0"),
                             (#"{"hosting": {"signUpTimeout": 700000}}"#, "from 1 to 604800 (a week)"),
                             (#"{"hosting": {"signupTimeout": 5}}"#, "maxDataKB, maxSignUps, signUpTimeout")] {
            #expect {
                _ = try Config.parse(Data(bad.utf8), source: "c", games: Self.games)
            } throws: { "\($0)".contains(words) }
        }
    }

    @Test func signUpsHoldAtMostTheirPlacesAndPlayersStillComeIn() throws {
        let folder = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let registry = ConnectionRegistry(directory: folder + "/sessions")
        let others = try HostingLimitsTests.Sleepers(3)
        #expect(try registry.takePlace(limit: 10, pid: others.pids[0], signUps: 2) == .taken("\(others.pids[0]).signup"))
        #expect(try registry.takePlace(limit: 10, pid: others.pids[1], signUps: 2) == .taken("\(others.pids[1]).signup"))
        #expect(try registry.takePlace(limit: 10, pid: others.pids[2], signUps: 2) == .signUpsFull(2))
        // A player's key is not held back by them, and sign-ups count as sessions.
        #expect(try registry.takePlace(limit: 10, pid: others.pids[2]) == .taken("\(others.pids[2]).place"))
        #expect(registry.liveSessions() == 3)
        // One signs up: its place is a player's from then on, and frees a sign-up's.
        #expect(registry.signedUp("\(others.pids[0]).signup") == "\(others.pids[0]).place")
        #expect(registry.liveSessions() == 3)
        #expect(try registry.takePlace(limit: 10, signUps: 2) == .taken("\(getpid()).signup"))
        registry.releasePlace("\(getpid()).signup")
        // A sign-up's place whose process is gone counts for nothing and is removed.
        let ghost = registry.directory + "/999999999.signup"
        _ = FileManager.default.createFile(atPath: ghost, contents: nil)
        #expect(registry.liveSessions() == 3 && !FileManager.default.fileExists(atPath: ghost))
    }
}
