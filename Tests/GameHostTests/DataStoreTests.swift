import Foundation
@testable import GameHost
import Testing

@Suite struct DataStoreTests {
    struct Note: Codable, Equatable { var text: String; var count: Int }

    let directory = NSTemporaryDirectory() + "gamehost-store-" + UUID().uuidString
    func store(_ reports: @escaping (String) -> Void = { _ in }) -> DataStore {
        DataStore(directory: directory, now: { Date(timeIntervalSince1970: 1_700_000_000) }, report: reports)
    }
    func files(_ folder: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory + folder)) ?? []).sorted()
    }
    func write(_ text: String, to name: String) {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: directory + "/" + name, contents: Data(text.utf8))
    }

    @Test func savesAtomicallyWithAFormatVersion() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try store().save(Note(text: "hi", count: 2), to: "a/note.json", format: 3)
        #expect(files("/a") == ["note.json"], "no temporary file is left behind")
        let text = String(decoding: FileManager.default.contents(atPath: directory + "/a/note.json")!, as: UTF8.self)
        #expect(text.contains("\"format\" : 3"))
        #expect(store().load(Note.self, from: "a/note.json", format: 3) == Note(text: "hi", count: 2))
        #expect(store().load(Note.self, from: "missing.json", format: 3) == nil)
    }

    @Test(arguments: [
        ("", "the file is empty"),
        ("{\"format\": 1, \"data\": {\"text\": \"x\"", "not valid JSON"),
        ("\u{0}\u{1}\u{FF}garbage", "not valid JSON"),
        ("[1, 2]", "no \"format\" number"),
        ("{\"format\": 1, \"data\": {\"text\": 5, \"count\": 1}}", "unexpected value at \"data.text\""),
        ("{\"format\": 1, \"data\": {\"text\": \"x\"}}", "missing \"data.count\""),
        ("{\"format\": 9, \"data\": {}}", "format 9 is newer than this GameHost reads (up to 1)"),
    ])
    func aFileThatDoesNotDecodeIsMovedAsideAndReported(_ content: String, _ reason: String) {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        write(content, to: "note.json")
        var reports: [String] = []
        #expect(store { reports.append($0) }.load(Note.self, from: "note.json", format: 1) == nil)
        #expect(files() == ["note.json.corrupt-20231114-221320"])
        #expect(reports.count == 1)
        #expect(reports.first?.contains(reason) == true, "\(reports)")
        #expect(reports.first?.contains("moved to \(directory)/note.json.corrupt-20231114-221320") == true)
        let kept = FileManager.default.contents(atPath: directory + "/note.json.corrupt-20231114-221320")
        #expect(kept == Data(content.utf8), "the bad file is kept as it was")
    }

    @Test func aFolderWhereAFileShouldBeIsMovedAsideToo() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/note.json", withIntermediateDirectories: true)
        var reports: [String] = []
        #expect(store { reports.append($0) }.load(Note.self, from: "note.json", format: 1) == nil)
        #expect(reports.first?.contains("not a regular file") == true)
        try store().save(Note(text: "new", count: 1), to: "note.json", format: 1)
        #expect(files().count == 2)
    }

    @Test func twoCorruptFilesInTheSameSecondBothSurvive() {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        write("x", to: "note.json")
        _ = store().load(Note.self, from: "note.json", format: 1)
        write("y", to: "note.json")
        _ = store().load(Note.self, from: "note.json", format: 1)
        #expect(files() == ["note.json.corrupt-20231114-221320", "note.json.corrupt-20231114-221320-2"])
    }

    @Test func updateReadsUnderTheLockAndKeepsOthersChanges() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = store(), second = store()
        try first.update("list.json", format: 1, empty: [String]()) { $0.append("one") }
        try second.update("list.json", format: 1, empty: [String]()) { $0.append("two") }
        #expect(first.load([String].self, from: "list.json", format: 1) == ["one", "two"])
    }

    @Test func scoresKeepBestAndRecent() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let book = ScoreBook(store: store())
        for (score, duration) in [(3, 20.0), (5, 30.0), (5, 25.0), (1, 5.0)] {
            try book.record(RoundResult(score: score, summary: "\(score)", duration: duration), game: "g")
        }
        let rounds = book.rounds(game: "g")
        #expect(rounds.map(\.score) == [3, 5, 5, 1])
        #expect(ScoreBook.best(rounds, count: 2).map(\.duration) == [25, 30], "ties go to the faster round")
        #expect(ScoreBook.recent(rounds, count: 2).map(\.score) == [1, 5])
    }
}
