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
    /// and from a room's seats (the checks that warn, on short walks); a key of a hint whose
    /// other keys act there keeps the hint's promise (an arrow against a board's edge).
    @Test("every module conforms with --strict", arguments: ids)
    func conformsStrictly(_ id: String) {
        let entry = BuiltInGames.entries.first { $0.id == id }!
        let options = ConformanceOptions(keys: 60, checks: ["keys", "seats"], strict: true)
        let report = ConformanceSuite.check([entry], catalog: BuiltInGames.entries, options)
        #expect(report.passed, "\(report.text)")
    }

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
