import Foundation
import Testing

/// At 50×15 the notice about a corrupt file is longer than half the screen: it must still
/// show the file's name and where it went, not only its last lines.
@Suite(.serialized, .enabled(if: Tmux.isAvailable && GameListing.has("arithmetic-quiz"), "tmux and the quiz's scores"))
struct CorruptFileNoticeTests {
    @Test(arguments: [(50, 15), (40, 12)])
    func theNoticeNamesTheFileAndWhereItWent(_ width: Int, _ height: Int) throws {
        let folder = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/data/arithmetic-quiz/scores.json"
        try FileManager.default.createDirectory(atPath: folder + "/data/arithmetic-quiz", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: file, contents: Data("garbage".utf8))
        _ = FileManager.default.createFile(atPath: folder + "/config.json", contents: Data("{}".utf8))

        let tmux = try Tmux(width: width, height: height)
        tmux.shell("clear; \(Tmux.binary) --data-dir \(folder)/data --config \(folder)/config.json; echo done-$((40+2))")
        try #require(tmux.waitFor("GameHost"))
        tmux.send("s")  // the scores of the first game read its scores.json
        try #require(tmux.waitFor("started."), "\(tmux.capture())")
        let screen = tmux.capture()
        let aside = try #require(try FileManager.default.contentsOfDirectory(atPath: folder + "/data/arithmetic-quiz")
            .first { $0.hasPrefix("scores.json.corrupt-") })
        // The lines between header and footer, read as one text without breaks or spaces.
        let body = screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast()
            .map { $0.drop { $0 == " " } }.joined().replacingOccurrences(of: " ", with: "")
        // The file is named twice (which, then where it went): the first is the notice's beginning.
        #expect(body.contains(file + "couldnotberead"), "the file:\n\(screen)")
        #expect(body.contains("movedto" + file + ".corrupt-") && body.contains(aside), "where it went:\n\(screen)")
        tmux.send("q", "q")
        #expect(tmux.waitFor("done-42"))
    }
}
