import Foundation
import BuiltInGames
@testable import GameHost
import GameHostTesting

/// Fuzz check (Fuzz/Targets/preferences.swift): the bytes as a game's preferences.json, for
/// every game of the catalog.
///
/// Each value is checked against the game's schema as the preference store checks it: an
/// accepted value is one `PreferenceKind.validated` allows and reads back from its JSON; a
/// refused one gets a message naming the game, with nothing a terminal would obey. A game
/// with accepted values starts on them, and it and its preferences form draw frames that fit.
enum PreferencesFuzz {
    static func problems(_ bytes: [UInt8]) -> [String] {
        let store = DataStore(directory: "/nonexistent", report: { _ in })
        guard let file = try? store.decode([String: JSONValue].self, from: Data(bytes),
                                           format: PreferenceStore.format) else { return [] }
        var failures: [String] = []
        for entry in BuiltInGames.entries {
            var accepted = 0
            for (key, json) in file {
                do {
                    let value = try entry.schema.validate(game: entry.id, key: key, json: json)
                    accepted += 1
                    guard let field = entry.schema.field(key) else {
                        failures.append("\(entry.id) accepted the unknown key \(key)")
                        continue
                    }
                    if field.kind.validated(value) != value { failures.append("\(entry.id) accepted \(key) = \(value)") }
                    if (try? entry.schema.validate(game: entry.id, key: key, json: value.json)) != value {
                        failures.append("\(entry.id).\(key) = \(value) does not read back from its JSON")
                    }
                    if TextSanitizer.hasUnsafe(field.kind.display(value)) {
                        failures.append("\(entry.id).\(key) shows a control character")
                    }
                } catch {
                    if !error.description.hasPrefix(entry.id) || TextSanitizer.hasUnsafe(error.description) {
                        failures.append("refused with \(error.description.unicodeScalars.map(\.value))")
                    }
                }
            }
            if accepted > 0 {
                failures += Fuzzing.withDirectory(holding: bytes, as: entry.id + "/" + PreferenceStore.fileName) {
                    renderProblems(entry, directory: $0)
                }
            }
        }
        return failures
    }

    /// The game started with the file saved as its preferences, then its form (back from
    /// the game), each at every size.
    static func renderProblems(_ entry: GameEntry, directory: String) -> [String] {
        guard let driver = try? TestDriver(games: BuiltInGames.entries, play: entry.id, dataDirectory: directory) else {
            return ["\(entry.id) did not start"]
        }
        var failures: [String] = []
        for screen in ["game", "form"] {
            if screen == "form" { driver.press(.escape) }
            for size in ConformanceSuite.sizes {
                driver.size = size
                failures += Fuzzing.frameProblems(driver.frame, size: size, context: "\(entry.id) \(screen) at \(size)")
            }
        }
        if driver.screenID != "host.preferences" { failures.append("back from \(entry.id) led to \(driver.screenIDs)") }
        return failures
    }
}
