import Foundation
@testable import GameHost
import Testing

/// What a launcher killed in the middle of a save leaves behind.
@Suite struct DataStoreLeftoverTests {
    let directory = NSTemporaryDirectory() + "gamehost-leftover-" + UUID().uuidString

    /// A temporary of a process that is gone is removed when the file is next read; one of a
    /// running process (it may be saving right now) is left alone.
    @Test func temporariesOfKilledLaunchersAreRemovedOnTheNextRead() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let gone = Int32.max - 7     // beyond any pid_max, so no such process
        for name in ["note.json.tmp-\(gone)-1", "note.json.tmp-\(getppid())-2", "other.json.tmp-\(gone)-3"] {
            _ = FileManager.default.createFile(atPath: directory + "/" + name, contents: Data("{\"form".utf8))
        }
        let store = DataStore(directory: directory, report: { _ in })
        #expect(store.load([Int].self, from: "note.json", format: 1) == nil)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(left == ["note.json.tmp-\(getppid())-2", "other.json.tmp-\(gone)-3"])
    }

    /// A file that is written but never read through `load` (keys.json) has its temporaries
    /// removed too: the first write in a folder removes every file's of processes that are gone.
    @Test func temporariesOfKilledWritersAreRemovedByTheNextWriterInTheFolder() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/game", withIntermediateDirectories: true)
        let gone = Int32.max - 7
        let names = ["keys.json.tmp-\(gone)-1234", "keys.json.tmp-\(getppid())-2", "themes.json.tmp-\(gone)-99",
                     "notes.tmp-x", "game/scores.json.tmp-\(gone)-5"]
        for name in names {
            _ = FileManager.default.createFile(atPath: directory + "/" + name, contents: Data("{\"form".utf8))
        }
        let store = DataStore(directory: directory, report: { _ in })
        try store.save([1], to: "keys.json", format: 1)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(left == ["game", "keys.json", "keys.json.tmp-\(getppid())-2", "notes.tmp-x"].sorted(), "\(left)")
        #expect(FileManager.default.fileExists(atPath: directory + "/game/scores.json.tmp-\(gone)-5"),
                "another folder waits for a writer of its own")
    }
}
