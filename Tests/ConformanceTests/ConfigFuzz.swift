import Foundation
import BuiltInGames
import GameHost
import GameHostTesting

/// Fuzz check (Fuzz/Targets/config.swift): the bytes as config.json, against the real catalog.
///
/// A refused file gets one line naming the file, with nothing a terminal would obey. An
/// accepted one holds only what the checks allow (a menu of known games, once each; values
/// every schema accepts), and each game it configures starts on its values and draws frames
/// that fit.
enum ConfigFuzz {
    static func problems(_ bytes: [UInt8]) -> [String] {
        let games = BuiltInGames.entries
        let config: Config
        do {
            config = try Config.parse(Data(bytes), source: "config.json", games: games)
        } catch {
            let message = error.description
            var failures: [String] = []
            if !message.hasPrefix("config.json: ") { failures.append("the message does not name the file: \(message)") }
            if TextSanitizer.hasUnsafe(message) {
                failures.append("the message holds a control character: \(message.unicodeScalars.map(\.value))")
            }
            return failures
        }

        var failures: [String] = []
        let ids = games.map(\.id)
        if config.menu.isEmpty || Set(config.menu).count != config.menu.count || !config.menu.allSatisfy(ids.contains) {
            failures.append("accepted the menu \(config.menu)")
        }
        for (id, values) in config.preferences {
            guard let entry = games.first(where: { $0.id == id }) else {
                failures.append("accepted preferences for an unknown game \(id)")
                continue
            }
            for (key, value) in values {
                guard let field = entry.schema.field(key) else {
                    failures.append("accepted an unknown key \(id).\(key)")
                    continue
                }
                if field.kind.validated(value) != value { failures.append("accepted \(id).\(key) = \(value)") }
                if (try? entry.schema.validate(game: id, key: key, json: value.json)) != value {
                    failures.append("\(id).\(key) = \(value) does not read back from its JSON")
                }
            }
        }
        if let folder = config.dataDirectory, !folder.hasPrefix("/") || TextSanitizer.hasUnsafe(folder) {
            failures.append("accepted the data directory \(folder.unicodeScalars.map(\.value))")
        }
        // The driver takes text; a file Foundation read as UTF-16 or 32 is left to the checks above.
        guard let text = String(validating: bytes, as: UTF8.self) else { return failures }
        for id in config.preferences.keys.sorted() where config.menu.contains(id) {
            failures += Fuzzing.withDirectory { directory in
                guard let driver = try? TestDriver(games: games, play: id, dataDirectory: directory, configJSON: text)
                else { return ["\(id) did not start on an accepted config"] }
                return ConformanceSuite.sizes.prefix(2).flatMap { size in
                    driver.size = size
                    return Fuzzing.frameProblems(driver.frame, size: size, context: "\(id) at \(size)")
                }
            }
        }
        return failures
    }
}
