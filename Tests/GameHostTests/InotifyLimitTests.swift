import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// The operator learns that the hosting account is short of inotify instances (issue 39
/// point 3): `host status` compares the kernel's limit with `maxSessions`, and the first
/// session refused an instance says so in the host's log, once.
@Suite struct InotifyLimitTests {
    let host = TestDriver.temporaryDirectory()

    /// A file standing for /proc/sys/fs/inotify/max_user_instances.
    func limit(_ text: String) throws -> String {
        let path = host + "/max_user_instances"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func statusWarnsWhenTheLimitIsBelowWhatMaxSessionsNeeds() throws {
        let warning = HostStatus.warnings(maxSessions: 200, inotifyLimit: try limit("128\n"))
        #expect(warning.contains("fs.inotify.max_user_instances is 128"), "\(warning)")
        #expect(warning.contains("up to 200 sessions (maxSessions)"), "\(warning)")
        #expect(warning.contains("sysctl fs.inotify.max_user_instances=328"), "\(warning)")
        #expect(warning.contains("echo fs.inotify.max_user_instances=328 > /etc/sysctl.d/60-gamehost.conf"), "\(warning)")
    }

    @Test func statusSaysNothingWhenTheLimitIsEnoughOrUnknown() throws {
        #expect(HostStatus.warnings(maxSessions: 200, inotifyLimit: try limit("1024\n")) == "")
        #expect(HostStatus.warnings(maxSessions: 96, inotifyLimit: try limit("128")) == "", "96 and 32 to spare")
        #expect(HostStatus.warnings(maxSessions: 97, inotifyLimit: try limit("128")) != "")
        #expect(HostStatus.warnings(maxSessions: 200, inotifyLimit: host + "/none") == "", "no /proc: no guess")
    }

    func log() -> String {
        (try? String(contentsOfFile: host + "/host.log", encoding: .utf8)) ?? ""
    }

    @Test func theFirstSessionRefusedAnInstanceSaysSoInTheHostsLogOnce() throws {
        let ada = try TestDriver(games: [GameEntry(PacerGame.self)], dataDirectory: host, player: "ada")
        #expect(log() == "", "a session that has its instance says nothing")
        let refused = { () throws(InotifyRefusal) -> Inotify in throw InotifyRefusal(errno: EMFILE) }
        ada.session.hosting!.openFolders(refused)
        let bob = try TestDriver(games: [GameEntry(PacerGame.self)], dataDirectory: host, player: "bob")
        bob.session.hosting!.openFolders(refused)
        let lines = log().split(separator: "\n")
        #expect(lines.count == 1, "said once, not by every session: \(lines)")
        let line = String(lines.first ?? "")
        #expect(line.contains("could not have an inotify instance: fs.inotify.max_user_instances"), "\(line)")
        #expect(line.contains("sysctl fs.inotify.max_user_instances=328"), "\(line)")
        #expect(line.contains("/etc/sysctl.d/60-gamehost.conf"), "\(line)")
        #expect(line.contains(" UTC pid \(getpid()): "), "when and which process: \(line)")
    }

    @Test func theLogSaysEachThingOnce() {
        let log = HostLog(hostDirectory: host)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(log.once("one thing", now: now))
        #expect(!log.once("one thing", now: now))
        #expect(log.once("another", now: now))
        #expect(self.log() == "2023-11-14 22:13 UTC pid \(getpid()): one thing\n2023-11-14 22:13 UTC pid \(getpid()): another\n")
    }
}
