import Foundation

/// The launcher's configuration: which games the menu shows and in which order, default
/// preferences per game, the data directory and the color mode.
///
/// It is checked whole before anything starts: a launcher never runs half-configured.
public struct Config: Sendable {
    public enum ColorMode: String, CaseIterable, Sendable { case auto, always, never }

    /// Game ids in menu order.
    public var menu: [String]
    /// Default preferences per game id, already checked against each game's schema.
    public var preferences: [String: PreferenceValues]
    /// An absolute path, if the file names one.
    public var dataDirectory: String?
    public var color: ColorMode
    /// Whether the terminal reports clicks and the wheel; false keeps its own text selection.
    public var mouse = true
    /// Where it came from: a file path, or "built-in config.json".
    public var source: String

    static let keys = ["format", "games", "preferences", "dataDirectory", "color", "mouse"]

    /// Reads `path` if given; else `./config.json` if there is one; else the built-in copy.
    public static func load(path: String?, builtIn: String, games: [GameEntry]) throws(ConfigError) -> Config {
        if let path {
            return try parse(try read(path), source: path, games: games)
        }
        let local = FileManager.default.currentDirectoryPath + "/config.json"
        if FileManager.default.fileExists(atPath: local) {
            return try parse(try read(local), source: "config.json", games: games)
        }
        return try parse(Data(builtIn.utf8), source: "built-in config.json", games: games)
    }

    private static func read(_ path: String) throws(ConfigError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ConfigError(file: path, problem: "no such file")
        }
        guard !isDirectory.boolValue else { throw ConfigError(file: path, problem: "it is a directory, not a file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(file: path, problem: "cannot be read (permission denied?)")
        }
        return data
    }

    /// Checks a configuration's text against the catalog.
    public static func parse(_ data: Data, source: String, games: [GameEntry]) throws(ConfigError) -> Config {
        func fail(_ problem: String) -> ConfigError { ConfigError(file: source, problem: problem) }
        let ids = games.map(\.id)
        let idList = ids.joined(separator: ", ")

        guard !data.isEmpty else { throw fail("the file is empty") }
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch { throw fail("\(error)") }
        guard case .object(let object) = root else {
            throw fail("the top level must be an object, not \(root.kindName)")
        }
        if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) {
            throw fail("unknown key '\(TextSanitizer.brief(unknown))'; allowed keys: \(keys.joined(separator: ", "))")
        }
        if let format = object["format"], format != .number(1) {
            throw fail("'format' is \(TextSanitizer.brief(format.description)); this GameHost reads format 1")
        }

        var config = Config(menu: ids, preferences: [:], dataDirectory: nil, color: .auto, source: source)

        if let games = object["games"] {
            guard case .array(let list) = games else {
                throw fail("'games' must be a list of game ids, not \(games.kindName); valid ids: \(idList)")
            }
            var menu: [String] = []
            for item in list {
                guard case .string(let id) = item else {
                    throw fail("'games' must hold game ids as strings, found \(TextSanitizer.brief(item.description)); valid ids: \(idList)")
                }
                guard ids.contains(id) else {
                    throw fail("'games' names an unknown game '\(TextSanitizer.brief(id))'; valid ids: \(idList)")
                }
                guard !menu.contains(id) else { throw fail("'games' lists '\(id)' twice") }
                menu.append(id)
            }
            guard !menu.isEmpty else { throw fail("'games' is empty; list at least one of: \(idList)") }
            config.menu = menu
        }

        if let preferences = object["preferences"] {
            guard case .object(let perGame) = preferences else {
                throw fail("'preferences' must be an object of game id → preferences, not \(preferences.kindName)")
            }
            for (id, value) in perGame.sorted(by: { $0.key < $1.key }) {
                guard let game = games.first(where: { $0.id == id }) else {
                    throw fail("'preferences' names an unknown game '\(TextSanitizer.brief(id))'; valid ids: \(idList)")
                }
                guard case .object(let fields) = value else {
                    throw fail("'preferences.\(id)' must be an object of key → value, not \(value.kindName)")
                }
                var values: PreferenceValues = [:]
                for (key, json) in fields.sorted(by: { $0.key < $1.key }) {
                    do {
                        values[key] = try game.schema.validate(game: id, key: key, json: json)
                    } catch {
                        throw fail("\(error)")
                    }
                }
                config.preferences[id] = values
            }
        }

        switch object["dataDirectory"] {
        case nil, .null?: break
        case .string(let path)?:
            guard !path.isEmpty, !TextSanitizer.hasUnsafe(path) else {
                throw fail("'dataDirectory' must be a folder path without control characters")
            }
            // Longer than the system takes, it would fail at every save instead of once here.
            guard path.utf8.count < 4096, path.split(separator: "/").allSatisfy({ $0.utf8.count <= 255 }) else {
                throw fail("'dataDirectory' is too long for a folder path (at most 4095 bytes, 255 per folder name)")
            }
            config.dataDirectory = expand(path, relativeTo: source)
        case let other?:
            throw fail("'dataDirectory' must be a folder path (a string) or null, not \(other.kindName)")
        }

        if let color = object["color"] {
            guard case .string(let name) = color, let mode = ColorMode(rawValue: name) else {
                throw fail("'color' cannot be \(TextSanitizer.brief(color.description)); allowed: auto, always, never")
            }
            config.color = mode
        }
        if let mouse = object["mouse"] {
            guard case .bool(let on) = mouse else {
                throw fail("'mouse' cannot be \(TextSanitizer.brief(mouse.description)); allowed: true, false")
            }
            config.mouse = on
        }
        return config
    }

    /// `~` is the home folder; a relative path is taken from the config file's folder.
    static func expand(_ path: String, relativeTo source: String) -> String {
        if path == "~" || path.hasPrefix("~/") {
            return NSHomeDirectory() + path.dropFirst()
        }
        if path.hasPrefix("/") { return path }
        let base = source.hasPrefix("built-in") || !source.contains("/")
            ? FileManager.default.currentDirectoryPath
            : (source as NSString).deletingLastPathComponent
        let folder = base.hasPrefix("/") ? base : FileManager.default.currentDirectoryPath + "/" + base
        return (folder as NSString).appendingPathComponent(path)
    }
}

/// A configuration that was refused, naming the file and the problem.
public struct ConfigError: Error, CustomStringConvertible {
    public let file: String
    public let problem: String
    public var description: String { "\(file): \(problem)" }
}
