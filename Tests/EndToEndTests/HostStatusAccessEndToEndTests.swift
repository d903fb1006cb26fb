import Foundation
import Testing

/// `host status` run by a user who cannot read the host's folder (here `nobody`, the folder
/// root's and 0700) fails saying so, not "No one is online" with status 0 (audit C3).
@Suite struct HostStatusAccessEndToEndTests {
    @Test(.enabled(if: getuid() == 0 && isInstalled("setpriv"), "needs root and setpriv"))
    func anotherUserIsToldItCannotReadTheFolder() throws {
        let folder = NSTemporaryDirectory() + "gamehost-status-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/sessions", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        chmod(folder, 0o700)
        let result = try shell("setpriv --reuid=65534 --regid=65534 --clear-groups \(quoted(Tmux.binary)) "
                               + "host status --data-dir \(quoted(folder))")
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("cannot read \(folder): run host status as the hosting account"),
                "\(result.output)")
        #expect(!result.output.contains("No one is online"))
    }
}
