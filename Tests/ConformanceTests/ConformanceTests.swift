import Foundation
import GameCatalog
import GameHost
import GameHostTesting
import Testing

/// The conformance suite over every module of the catalog; no game is named here.
@Suite struct ConformanceTests {
    static let ids = Catalog.entries.map(\.id)

    @Test("every module conforms", arguments: ids)
    func conforms(_ id: String) {
        let entry = Catalog.entries.first { $0.id == id }!
        let report = ConformanceSuite.check([entry], catalog: Catalog.entries)
        #expect(report.passed, "\(report.text)")
    }

    @Test func catalogIsNotEmptyAndIdsAreUnique() {
        #expect(!Self.ids.isEmpty)
        #expect(Set(Self.ids).count == Self.ids.count)
    }

    @Test func builtInConfigMatchesTheShippedFile() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let shipped = try String(contentsOf: root.appendingPathComponent("config.json"), encoding: .utf8)
        #expect(shipped == builtInConfig, "regenerate Sources/GameCatalog/BuiltInConfig.swift from config.json")
        let config = try Config.parse(Data(builtInConfig.utf8), source: "config.json", games: Catalog.entries)
        #expect(config.menu == Self.ids, "config.json's menu should list every registered game")
    }
}
