import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// A notice too long for its place keeps its beginning, which names the file, and shows the
/// rest as far as the screen allows, never just its last lines.
@Suite struct NoticeLayoutTests {
    /// The message a DataStore gives when it moves a corrupt file aside, from a real store in
    /// a folder named like a player's (`…/.local/share/gamehost`), `padding` making it longer.
    func corruptFileNotice(padding: String = "") throws -> (notice: String, file: String, aside: String) {
        let root = NSTemporaryDirectory() + "gh-" + UUID().uuidString.prefix(8) + padding
        defer { try? FileManager.default.removeItem(atPath: root) }
        let directory = root + "/.local/share/gamehost"
        try FileManager.default.createDirectory(atPath: directory + "/arithmetic-quiz", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: directory + "/arithmetic-quiz/scores.json", contents: Data("garbage".utf8))
        var reports: [String] = []
        let store = DataStore(directory: directory, now: { Date(timeIntervalSince1970: 1_700_000_000) }) { reports.append($0) }
        struct Scores: Codable {}
        _ = store.load(Scores.self, from: "arithmetic-quiz/scores.json", format: 1)
        let notice = try #require(reports.first)
        let file = directory + "/arithmetic-quiz/scores.json"
        return (notice, file, file + ".corrupt-20231114-221320")
    }

    /// The rows between the header and the footer read as one text, the line breaks and the
    /// spaces taken out (a path too long for a line is cut across lines).
    func body(_ frame: Frame) -> String {
        frame.lines.dropFirst().dropLast().map { String($0.dropFirst()) }.joined().replacingOccurrences(of: " ", with: "")
    }

    @Test(arguments: [(Size(width: 50, height: 15), "-a-folder-some-way-down-from-the-temporary-one"),
                      (Size(width: 40, height: 12), "")])
    func theCorruptFileNoticeShowsTheFileAndWhereItWent(_ size: Size, _ padding: String) throws {
        let (notice, file, aside) = try corruptFileNotice(padding: padding)
        let driver = try TestDriver(games: [GameEntry(CounterGame.self)], size: size)
        let lines = DisplayWidth.wrap(notice, width: size.width - 2).count
        #expect(lines > (size.height - Session.chromeHeight) / 2, "a notice longer than half the screen: \(lines) lines")
        driver.session.notify(notice)
        let frame = driver.frame
        // The file is named twice (which, then where it went): the first is the notice's beginning.
        #expect(body(frame).contains(file + "couldnotberead"), "the file:\n\(frame.text)")
        #expect(body(frame).contains("movedto" + aside), "where it went:\n\(frame.text)")
        #expect(frame.lines.last?.contains("help") == true, "the footer stays:\n\(frame.text)")
        #expect(frame.lines.first?.hasPrefix(" GameHost") == true, "the header stays:\n\(frame.text)")
        driver.press(.down)
        #expect(!driver.frame.text.contains("could not be read"), "gone at the next key")
    }

    @Test func messagesThatDoNotFitEachKeepTheirBeginning() {
        let first = "First: " + String(repeating: "one ", count: 60)
        let second = "Second: " + String(repeating: "two ", count: 60)
        let lines = Chrome.noticeLines([first, second], width: 38, room: 10)
        #expect(lines.count == 10)
        #expect(lines[0].hasPrefix("First:") && lines[5].hasPrefix("Second:"), "\(lines)")
        #expect(lines[4].hasSuffix("…") && lines[9].hasSuffix("…"), "a sign that more follows: \(lines)")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 38 })
        // A short one takes only its own lines and is not cut.
        #expect(Chrome.noticeLines(["Short.", first], width: 38, room: 10).first == "Short.")
        #expect(Chrome.noticeLines(["Short."], width: 38, room: 10) == ["Short."])
        // More messages than rows: the first ones show, each from its start.
        #expect(Chrome.noticeLines(["a b", "c d", "e f"], width: 38, room: 2) == ["a b", "c d"])
    }
}
