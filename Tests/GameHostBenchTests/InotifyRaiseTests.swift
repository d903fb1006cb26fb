import Foundation
@testable import GameHostBench
import Testing

/// The hosted and real-time rooms benchmarks raise the inotify instances a user may hold when
/// their sessions need more, and put the old value back when they end (issue 39 point 3).
@Suite struct InotifyRaiseTests {
    /// A file standing for /proc/sys/fs/inotify/max_user_instances, holding `value`.
    func limit(_ value: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/max_user_instances-\(UUID().uuidString)"
        try value.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    @Test func aLimitBelowTheSessionsIsRaisedAndPutBackByTheCleanup() throws {
        let path = try limit("128\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let raised = try #require(try InotifyRaise.ifNeeded(for: 200, path: path))
        #expect(raised.old == 128 && raised.new == 328)
        #expect(read(path) == "328\n")
        Cleanup.shared.inotify = raised
        Cleanup.shared.run()
        #expect(read(path) == "128\n", "the cleanup (the end, ^C or SIGTERM) puts it back")
        #expect(Cleanup.shared.inotify == nil)
    }

    @Test func aLimitHighEnoughIsLeftAlone() throws {
        let path = try limit("1024\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try InotifyRaise.ifNeeded(for: 200, path: path) == nil)
        #expect(read(path) == "1024\n")
    }
}
