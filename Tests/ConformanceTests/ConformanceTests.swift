import Foundation
import BuiltInGames
import GameHost
import GameHostTesting
import Testing

/// The conformance suite over every module of the catalog; no game is named here.
@Suite struct ConformanceTests {
    static let ids = BuiltInGames.entries.map(\.id)

    @Test("every module conforms", arguments: ids)
    func conforms(_ id: String) {
        let entry = BuiltInGames.entries.first { $0.id == id }!
        let report = ConformanceSuite.check([entry], catalog: BuiltInGames.entries)
        #expect(report.passed, "\(report.text)")
    }

    /// `gamehost check --strict`: no key shown as available changes nothing, on one terminal
    /// and from a room's seats (the checks that warn, on short walks).
    @Test("every module conforms with --strict", arguments: ids)
    func conformsStrictly(_ id: String) {
        let entry = BuiltInGames.entries.first { $0.id == id }!
        let options = ConformanceOptions(keys: 60, checks: ["keys", "seats"], strict: true)
        let report = ConformanceSuite.check([entry], catalog: BuiltInGames.entries, options)
        guard Self.promisesLeftToKeep.contains(id) else {
            #expect(report.passed, "\(report.text)")
            return
        }
        withKnownIssue("keys that move a cursor or a snake are shown available where they change nothing",
                       isIntermittent: true) {
            #expect(report.passed, "\(report.text)")
        }
    }

    /// Games whose keys still promise what they do not do where a longer walk presses them
    /// (issue 38; the quiz's and the slider's were fixed): a cursor moved against the edge of
    /// the board (Memorize, Minesweeper) or of the text (Memorize's editor: End at the end,
    /// Backspace at the start), Snake steered straight on or back. Decided in the guide
    /// ("Keys that move against an edge"): the games are right and the check is to learn it;
    /// until it does they are known issues here.
    static let promisesLeftToKeep: Set<String> = ["memorize", "minesweeper", "snake"]

    @Test func catalogIsNotEmptyAndIdsAreUnique() {
        #expect(!Self.ids.isEmpty)
        #expect(Set(Self.ids).count == Self.ids.count)
    }

    @Test func theBuiltInConfigIsTheShippedFileAndHoldsForEveryGame() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let shipped = try String(contentsOf: root.appendingPathComponent("config.json"), encoding: .utf8)
        #expect(BuiltInGames.shippedConfig == shipped, "the build generates it from config.json")
        let config = try Config.parse(Data(shipped.utf8), source: "config.json", games: BuiltInGames.entries)
        #expect(config.menu == Self.ids, "every game is in the menu")
    }
}
