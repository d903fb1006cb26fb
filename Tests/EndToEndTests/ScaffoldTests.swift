import Foundation
import Testing

/// `gamehost new <Name>` in a scratch copy of the repository's Scaffold/: the files it makes
/// for a good name, and a clear refusal, with nothing made, for a bad one. That the copied
/// game builds, plays and conforms is shown by Scaffold/TemplateTests, which swift test runs.
@Suite struct ScaffoldTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A folder holding Scaffold/ and Games/Existing/, removed when `body` ends.
    func inScratchCheckout(_ body: (String) throws -> Void) throws {
        let folder = NSTemporaryDirectory() + "gamehost-new-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Games/Existing", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.repository.appendingPathComponent("Scaffold").path,
                                         toPath: folder + "/Scaffold")
        try body(folder)
    }

    func contents(_ folder: String) -> [String] {
        (FileManager.default.subpaths(atPath: folder) ?? []).filter { !$0.hasPrefix("Scaffold") }.sorted()
    }

    @Test func aGoodNameMakesTheGameAndItsTestsWithTheNamesChanged() throws {
        try inScratchCheckout { folder in
            let result = try Child.run(["new", "StarCounter"], directory: folder)
            #expect(result.status == 0, "\(result.error)")
            let made = contents(folder).filter { $0.hasSuffix(".swift") }
            #expect(made == [
                "Games/StarCounter/Model/GuessPreferences.swift", "Games/StarCounter/Model/Guessing.swift",
                "Games/StarCounter/StarCounterGame.swift", "Games/StarCounter/View/StarCounterView.swift",
                "Games/StarCounter/ViewModel/StarCounterViewModel.swift",
                "Tests/StarCounterTests/ConformanceTests.swift", "Tests/StarCounterTests/GuessingTests.swift",
            ])
            let module = try String(contentsOfFile: folder + "/Games/StarCounter/StarCounterGame.swift", encoding: .utf8)
            #expect(module.contains(#"id: "star-counter", title: "Star Counter""#))
            #expect(module.contains("public enum StarCounterGame: GameModule"))
            for path in made {
                let text = try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
                #expect(!text.lowercased().contains("template"), "\(path) still names the template")
            }
            #expect(result.output.contains("gamehost play star-counter"))
            // The suite walks every game for seconds: the made test runs it once (D5).
            let conformance = try String(contentsOfFile: folder + "/Tests/StarCounterTests/ConformanceTests.swift",
                                         encoding: .utf8)
            #expect(conformance.components(separatedBy: "ConformanceSuite.check(").count == 2,
                    "the conformance test runs the suite more than once:\n\(conformance)")
        }
    }

    @Test(arguments: [
        ("", "the game needs a name"),
        ("starCounter", "'starCounter' cannot name a game: use letters and digits, starting with a capital letter"),
        ("Star-Counter", "cannot name a game"),
        ("Ünicode", "cannot name a game"),
        ("Existing", "Games/Existing already exists"),
        ("EXISTING", "Games/Existing already exists"),
        ("GameHost", "is taken by one of GameHost's own modules"),
    ])
    func aBadNameIsRefusedAndNothingIsMade(_ name: String, _ message: String) throws {
        try inScratchCheckout { folder in
            let before = contents(folder)
            let result = try Child.run(["new", name], directory: folder)
            #expect(result.status == 64)
            #expect(result.error.hasPrefix("gamehost: new: ") && result.error.contains(message), "\(result.error)")
            #expect(contents(folder) == before)
        }
    }

    @Test func aNameWhoseIDIsTakenIsRefused() throws {
        let id = try #require(GameListing.all.first?.id)
        let name = id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        try inScratchCheckout { folder in
            let result = try Child.run(["new", name], directory: folder)
            #expect(result.status == 64 && result.error.contains("the id '\(id)' is taken"), "\(result.error)")
        }
    }

    @Test func outsideACheckoutItSaysWhereToRunIt() throws {
        let folder = NSTemporaryDirectory()
        let result = try Child.run(["new", "StarCounter"], directory: folder)
        #expect(result.status == 64 && result.error.contains("run it in the GameHost folder"), "\(result.error)")
    }
}
