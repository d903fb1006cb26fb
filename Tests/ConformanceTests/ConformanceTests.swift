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
