import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// `host status` by a user who cannot read the host's folder says so and fails, rather than
/// "No one is online" (audit C3).
@Suite struct HostStatusAccessTests {
    static let games = [GameEntry(CounterGame.self)]

    @Test func aFolderThatCannotBeReadIsSaidAndFails() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let ada = try TestDriver(games: Self.games, dataDirectory: host, player: "ada")
        #expect(HostStatus.unreadable(host: host) == nil)
        let why = HostStatus.unreadable(host: host, canRead: { $0 != host })
        #expect(why?.hasPrefix("cannot read \(host): run host status as the hosting account") == true, "\(why ?? "")")
        let sessions = host + "/sessions"
        #expect(HostStatus.unreadable(host: host, canRead: { $0 != sessions })?.hasPrefix("cannot read \(sessions)") == true)
        _ = ada
    }

    @Test func aFolderThatIsNotThereFails() throws {
        let host = TestDriver.temporaryDirectory() + "-none"
        #expect(HostStatus.unreadable(host: host)?.hasPrefix("there is no host folder at \(host)") == true)
        let launcher = Launcher(catalog: Self.games, builtInConfig: "{}", environment: [:])
        #expect(launcher.main(["host", "status", "--data-dir", host]) == Launcher.ExitCode.failure)
    }
}
