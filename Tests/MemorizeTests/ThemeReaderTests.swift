import Foundation
import GameHost
@testable import Memorize
import Testing

/// The quick reader of themes.json (ThemeLibrary+JSON.swift): it must take every file the
/// game writes, or starts fall back to JSONDecoder and slow down unnoticed, and it must read
/// every file as JSONDecoder does.
@Suite struct ThemeReaderTests {
    static let format = MemorizeConstants.themesFormat

    /// The file as the store saves it.
    static func saved(_ library: ThemeLibrary) throws -> Data {
        let directory = NSTemporaryDirectory() + "themes-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = DataStore(directory: directory, report: { _ in })
        try store.save(library, to: "themes.json", format: format)
        return try Data(contentsOf: URL(fileURLWithPath: directory + "/themes.json"))
    }

    static func quick(_ data: Data) -> ThemeLibrary? {
        guard case .object(let file) = try? JSONValue.parse(data), let body = file["data"] else { return nil }
        return ThemeLibrary(json: body)
    }

    static func decoded(_ data: Data) -> ThemeLibrary? {
        try? DataStore(directory: "/nonexistent", report: { _ in }).decode(ThemeLibrary.self, from: data, format: format)
    }

    @Test func takesWhatTheGameSavesAndReadsItAsJSONDecoderDoes() throws {
        var library = ThemeLibrary.shipped
        library.markPlayed(library.themes[2].id)
        _ = library.modify(library.themes[0].id) { theme in try? theme.remove(theme.emojis[0]) }
        let data = try Self.saved(library)
        let quick = try #require(Self.quick(data), "the quick reader refused a file the game wrote")
        #expect(quick == library)
        #expect(quick == Self.decoded(data))
    }

    @Test(arguments: [
        // Optional members absent or null; numbers written as decimals.
        #"{"themes":[{"id":1,"name":"A","emojis":["🐶","🐱"],"pairCount":2.0,"color":"red","removedEmojis":null}]}"#,
        #"{"themes":[],"lastPlayedID":null,"nextID":7}"#,
        // A key given twice: JSONDecoder keeps the first.
        #"{"themes":[{"id":1,"name":"A","name":"B","emojis":["🐶","🐱"],"pairCount":2,"color":"red"}]}"#,
    ])
    func readsOddButValidFilesAsJSONDecoderDoes(_ body: String) throws {
        let data = Data(#"{"format":1,"data":\#(body)}"#.utf8)
        let store = DataStore(directory: "/nonexistent", report: { _ in })
        let both = try store.decode(ThemeLibrary.self, from: data, format: Self.format, reading: ThemeLibrary.init(json:))
        #expect(both == Self.decoded(data))
    }

    @Test(arguments: [
        #"{"themes":[{"id":1,"name":" ","emojis":["🐶","🐱"],"pairCount":2,"color":"red"}]}"#,
        #"{"themes":[{"id":1,"name":"A","emojis":["🐶"],"pairCount":2,"color":"red"}]}"#,
        #"{"themes":[{"id":1,"name":"A","emojis":["🐶","🐱"],"pairCount":2,"color":"mauve"}]}"#,
        #"{"themes":[{"id":1,"name":"A","emojis":["🐶","🐱"],"pairCount":"2","color":"red"}]}"#,
        #"{"themes":[],"nextID":99999999999}"#,
    ])
    func refusesWhatJSONDecoderRefusesWithItsWords(_ body: String) throws {
        let data = Data(#"{"format":1,"data":\#(body)}"#.utf8)
        let store = DataStore(directory: "/nonexistent", report: { _ in })
        #expect(Self.quick(data) == nil)
        let quick = #expect(throws: StoreError.self) {
            try store.decode(ThemeLibrary.self, from: data, format: Self.format, reading: ThemeLibrary.init(json:))
        }
        let slow = #expect(throws: StoreError.self) { try store.decode(ThemeLibrary.self, from: data, format: Self.format) }
        #expect(quick?.description == slow?.description)
    }

    /// The bench's file of 10,000 themes, read the quick way.
    @Test func readsTenThousandThemes() throws {
        let emojis = ["🐶", "🐱", "🐭", "🐹"].map { "\"\($0)\"" }.joined(separator: ",")
        let themes = (1...10_000).map { id in
            #"{"id":\#(id),"name":"Theme \#(id)","emojis":[\#(emojis)],"removedEmojis":[],"pairCount":3,"color":"blue"}"#
        }
        let data = Data(#"{"format":1,"data":{"themes":[\#(themes.joined(separator: ","))],"nextID":10001}}"#.utf8)
        let library = try #require(Self.quick(data))
        #expect(library.themes.count == 10_000)
        #expect(library == Self.decoded(data))
    }
}
