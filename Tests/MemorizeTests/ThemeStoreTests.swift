import Foundation
import GameHost
import GameHostTesting
@testable import Memorize
import Testing

/// Collects what a data store reports to the player.
final class Reports: @unchecked Sendable {
    private(set) var messages: [String] = []
    func add(_ message: String) { messages.append(message) }
}

/// The theme store: saved at once, read back after a restart, and never silently losing
/// a file it cannot read or a change another launcher made.
@Suite final class ThemeStoreTests {
    let directory = TestDriver.temporaryDirectory()
    let reports = Reports()

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    func store() -> ThemeStore {
        ThemeStore(storage: DataStore(directory: directory, report: reports.add))
    }

    var path: String { directory + "/" + MemorizeConstants.themesFile }

    func file() throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func firstRunShipsTheThemesAndSavesThemWithTheFirstChange() throws {
        let store = store()
        #expect(store.themes == ShippedThemes.all)
        #expect(!FileManager.default.fileExists(atPath: path), "opening the game writes nothing")
        try store.markPlayed(store.themes[0].id)
        #expect(try file().contains("\"format\" : 1"))
        #expect(try file().contains("Vehicles"))
        #expect(reports.messages.isEmpty)
    }

    @Test func everyChangeIsSavedAndReadBackAfterARestart() throws {
        let first = store()
        let id = first.themes[1].id
        try first.modify(id) { theme in
            try? theme.rename("Pets")
            _ = theme.add("🦄")
            try? theme.remove("🐶")
            theme.setPairCount(5)
            theme.color = .pink
        }
        let added = try first.addUntitled()
        try first.markPlayed(id)
        let deleted = try #require(try first.delete(first.themes[0].id))

        // A new store on the same folder is what a restart sees.
        let second = store()
        #expect(second.library == first.library)
        let pets = try #require(second.theme(id))
        #expect(pets.name == "Pets" && pets.emojis.last == "🦄" && pets.removedEmojis == ["🐶"])
        #expect(pets.pairCount == 5 && pets.color == .pink)
        #expect(second.theme(added.id)?.name == "Untitled")
        #expect(second.library.lastPlayed?.id == id)
        #expect(second.theme(deleted.theme.id) == nil)

        try second.reinsert(deleted.theme, at: deleted.index)
        #expect(store().themes.first == deleted.theme)
        #expect(reports.messages.isEmpty)
    }

    @Test func idsAreNeverReused() throws {
        let store = store()
        let added = try store.addUntitled()
        _ = try store.delete(added.id)
        let next = try store.addUntitled()
        #expect(next.id > added.id)
        #expect(self.store().library == store.library)
    }

    @Test func aCorruptFileIsMovedAsideAndReported() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let garbage = Data("{ \"format\": 1, \"data\": { \"themes\": [ oops".utf8)
        _ = FileManager.default.createFile(atPath: path, contents: garbage)
        let store = store()
        #expect(store.themes == ShippedThemes.all, "a new file starts from the shipped themes")
        #expect(reports.messages.count == 1)
        #expect(reports.messages.first?.contains("themes.json") == true)
        #expect(reports.messages.first?.contains("moved to") == true)
        let aside = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasPrefix("themes.json.corrupt-") }
        #expect(aside.count == 1)
        #expect(FileManager.default.contents(atPath: directory + "/" + aside[0]) == garbage, "kept as it was")
    }

    @Test func aFileWithAnImpossibleThemeCountsAsCorrupt() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let text = #"{"format":1,"data":{"themes":[{"id":1,"name":"X","emojis":["🐶"],"pairCount":2,"color":"red"}],"nextID":2}}"#
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        _ = store()
        #expect(reports.messages.first?.contains("fewer than two emojis") == true)
    }

    @Test func namesFromTheFileAreSanitized() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let text = #"{"format":1,"data":{"themes":[{"id":1,"name":"Evil\u001b[31mRed","emojis":["🐶","🐱"],"pairCount":2,"color":"red"},{"id":2,"name":"\u0007","emojis":["🐶","🐱"],"pairCount":2,"color":"red"}],"nextID":3}}"#
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        let store = store()
        #expect(store.themes.map(\.name) == ["Evil[31mRed", "Untitled"])
        #expect(reports.messages.isEmpty)
    }

    /// Two launchers on the same data: each change is made on the file as it is now, so
    /// neither overwrites the other's.
    @Test func changesFromAnotherLauncherAreKept() throws {
        let one = store()
        let two = store()
        let first = one.themes[0].id, second = one.themes[1].id
        try one.modify(first) { try? $0.rename("Changed by one") }
        try two.modify(second) { try? $0.rename("Changed by two") }
        let added = try one.addUntitled()
        let again = store()
        #expect(again.theme(first)?.name == "Changed by one")
        #expect(again.theme(second)?.name == "Changed by two")
        #expect(again.theme(added.id) != nil)
        #expect(one.theme(second)?.name == "Changed by two", "a change reads what others saved")
    }

    @Test func aThemeDeletedElsewhereIsNotBroughtBackByAnEdit() throws {
        let one = store()
        let two = store()
        let id = one.themes[0].id
        _ = try one.delete(id)
        let result = try two.modify(id) { theme -> Bool in
            try? theme.rename("Too late")
            return true
        }
        #expect(result == nil)
        #expect(store().theme(id) == nil)
    }
}
