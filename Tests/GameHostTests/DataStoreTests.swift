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

    /// A newer build's file is not damaged: it stays where it is, byte for byte, is reported
    /// once as read-only, and every save to it is refused in words (audit N16).
    @Test func aFileOfANewerFormatIsLeftAsItIsAndReadOnly() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let newer = "{\"format\": 9, \"data\": {\"text\": \"from the future\", \"count\": 1, \"more\": []}}"
        write(newer, to: "note.json")
        var reports: [String] = []
        let store = store { reports.append($0) }
        #expect(store.load(Note.self, from: "note.json", format: 1) == nil)
        #expect(store.load(Note.self, from: "note.json", format: 1) == nil)
        #expect(files() == ["note.json"], "nothing moved aside")
        #expect(reports.count == 1, "told once: \(reports)")
        #expect(reports.first?.contains("\(directory)/note.json is from a newer GameHost (format 9; this one reads up to 1)") == true,
                "\(reports)")
        #expect(reports.first?.contains("read-only") == true && reports.first?.contains("corrupt") == false, "\(reports)")
        let refusal = #expect(throws: StoreError.self) {
            try store.save(Note(text: "mine", count: 2), to: "note.json", format: 1)
        }
        #expect(refusal.map { "\($0)" }?.contains("note.json is read-only for this GameHost") == true, "\(String(describing: refusal))")
        #expect(throws: StoreError.self) { try store.update("note.json", format: 1, empty: Note(text: "", count: 0)) { $0.count += 1 } }
        #expect(FileManager.default.contents(atPath: directory + "/note.json") == Data(newer.utf8), "left byte for byte")
        #expect(files() == ["note.json", "note.json.lock"], "no temporary left either")

        // Once the newer file is gone (the player removed it), a new one may be started.
        try FileManager.default.removeItem(atPath: directory + "/note.json")
        #expect(store.load(Note.self, from: "note.json", format: 1) == nil)
        try store.save(Note(text: "new", count: 1), to: "note.json", format: 1)
        #expect(store.load(Note.self, from: "note.json", format: 1) == Note(text: "new", count: 1))
    }

    /// A round finished while the scores are a newer build's: the file is not written, and
    /// the error says the scores are read-only.
    @Test func aRoundIsNotSavedOverNewerScores() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/g", withIntermediateDirectories: true)
        let newer = Data(#"{"format": 2, "data": [{"score": 7, "summary": "later"}]}"#.utf8)
        _ = FileManager.default.createFile(atPath: directory + "/g/scores.json", contents: newer)
        var reports: [String] = []
        let book = ScoreBook(store: store { reports.append($0) })
        #expect(book.rounds(game: "g").isEmpty)
        let refusal = #expect(throws: StoreError.self) {
            try book.record(RoundResult(score: 1, summary: "1", duration: 2), game: "g")
        }
        #expect(refusal.map { "\($0)" }?.contains("read-only") == true)
        #expect(FileManager.default.contents(atPath: directory + "/g/scores.json") == newer)
        #expect(reports.count == 1)
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
