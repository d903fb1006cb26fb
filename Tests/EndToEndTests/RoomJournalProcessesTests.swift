import Foundation
import GameHost
import Testing

/// A room's journal appended to by several processes at once (each a `gamehost-bench
/// --room-append`, as each seat is a process of its own): every line is there, whole, each
/// process's in the order it wrote them, and two readers read the same.
@Suite struct RoomJournalProcessesTests {
    @Test func appendsFromSeveralProcessesKeepOrderAndLoseNothing() throws {
        let bench = (Tmux.binary as NSString).deletingLastPathComponent + "/gamehost-bench"
        try #require(FileManager.default.isExecutableFile(atPath: bench), "build the tests first: \(bench)")
        let folder = scratchDirectory()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let created = try spawn([bench, "--room-create", folder + "/rooms"])
        try #require(created.status == 0, "\(created.output)")
        let path = created.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let processes = 6, each = 300
        let children = try (0..<processes).map { seat in
            try SSHServer.start([bench, "--room-append", path, String(seat), String(each)])
        }
        for child in children {
            var status: Int32 = 0
            waitpid(child, &status, 0)
            #expect(status == 0)
        }
        let lines = try RoomJournalReader(path: path).readNew()
        #expect(lines.count == processes * each)
        for seat in 0..<processes {
            let texts = lines.filter { $0.seat == Seat(seat) }.compactMap { line -> String? in
                if case .input(.paste(let text), _) = line.line { text } else { nil }
            }
            #expect(texts == (0..<each).map { "\(seat)-\($0)" })
        }
        #expect(try RoomJournalReader(path: path).readNew() == lines)
    }
}
