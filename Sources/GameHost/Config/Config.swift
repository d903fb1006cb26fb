#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The launcher's configuration: which games the menu shows and in which order, default
/// preferences per game, the data directory and the color mode.
///
/// It is checked whole before anything starts: a launcher never runs half-configured.
public struct Config: Sendable {
    /// `color` in config.json: colors when the terminal allows, always, or never.
    public enum ColorMode: String, CaseIterable, Sendable { case auto, always, never }
    /// How wide the terminal draws box drawing and other East Asian ambiguous glyphs: `auto`
    /// measures it at start; `wide` makes every screen use narrow stand-ins.
    public enum AmbiguousWidth: String, CaseIterable, Sendable { case auto, narrow, wide }

    /// Game ids in menu order: those `games` lists, then the rest in catalog order, less `hidden`.
    public var menu: [String]
    /// Default preferences per game id, already checked against each game's schema.
    public var preferences: [String: PreferenceValues]
    /// An absolute path, if the file names one.
    public var dataDirectory: String?
    /// Whether frames are drawn in color.
    public var color: ColorMode
    public var ambiguousWidth = AmbiguousWidth.auto
    /// Journals of finished rounds kept per game (`journalHistory`), for replays.
    public var journalHistory = Config.defaultJournalHistory
    /// Whether games are journaled, so an unfinished round can be resumed (`resume`).
    public var resume = true
    /// Whether the terminal reports clicks and the wheel; false keeps its own text selection.
    public var mouse = true
    /// How `host serve` lets players in (`hosting`).
    public var hosting = HostingConfig()
    public static let defaultJournalHistory = 10
    static let journalHistoryLimit = 1000
    /// Where it came from: a file path, or "built-in config.json".
    public var source: String

    static let keys = ["format", "games", "hidden", "preferences", "dataDirectory", "color", "ambiguousWidth",
                       "journalHistory", "resume", "mouse", "hosting"]

    /// Reads `path` if given; else the first of `searchPath` that exists; else the built-in copy.
    ///
    /// Never `./config.json`: an installed launcher must not pick up whatever file happens to
    /// lie in the folder it is started from. The places searched are named for the program,
    /// so a launcher built elsewhere never reads gamehost's file (which names games it lacks).
    public static func load(path: String?, builtIn: String, games: [GameEntry], program: String = "gamehost",
                            environment: [String: String] = ProcessEnvironment.variables(),
                            executable: String? = Path.executable()) throws(ConfigError) -> Config {
        if let path {
            return try parse(try read(path), source: path, games: games)
        }
        for candidate in searchPath(program: program, environment: environment, executable: executable)
        where Path.exists(candidate) {
            return try parse(try read(candidate), source: candidate, games: games)
        }
        return try parse(bytes: Array(builtIn.utf8), source: "built-in config.json", games: games)
    }

    /// Where a config.json is looked for, first found wins: the user's
    /// (`$XDG_CONFIG_HOME/PROGRAM/config.json`, else `~/.config/PROGRAM/config.json`), then
    /// the installed one (`PREFIX/share/PROGRAM/config.json` for `PREFIX/bin/PROGRAM`).
    public static func searchPath(program: String = "gamehost", environment: [String: String],
                                  executable: String?) -> [String] {
        var paths: [String] = []
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            paths.append(Path.join(xdg, program + "/config.json"))
        } else {
            paths.append(Path.join(Path.home(environment), ".config/" + program + "/config.json"))
        }
        if let executable {
            let prefix = Path.folder(of: Path.folder(of: executable))
            paths.append(Path.join(prefix, "share/" + program + "/config.json"))
        }
        return paths
    }

    private static func read(_ path: String) throws(ConfigError) -> Data {
        var status = stat()
        guard stat(path, &status) == 0 else { throw ConfigError(file: path, problem: "no such file") }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            throw ConfigError(file: path, problem: "it is a directory, not a file")
        }
        guard let data = FileBytes.contents(path, limit: 1 << 24, followingLinks: true) else {
            throw ConfigError(file: path, problem: "cannot be read (permission denied?)")
        }
        return data
    }

    /// Checks a configuration's text against the catalog.
    public static func parse(_ data: Data, source: String, games: [GameEntry]) throws(ConfigError) -> Config {
        try parse(bytes: [UInt8](data), source: source, games: games)
    }

    private static func parse(bytes: [UInt8], source: String, games: [GameEntry]) throws(ConfigError) -> Config {
        func fail(_ problem: String) -> ConfigError { ConfigError(file: source, problem: problem) }
        let ids = games.map(\.id)
        var idList: String { ids.joined(separator: ", ") }

        guard !bytes.isEmpty else { throw fail("the file is empty") }
        let root: JSONValue
        do { root = try JSONValue.parse(bytes: bytes) } catch { throw fail("\(error)") }
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

        func gameIDs(_ key: String) throws(ConfigError) -> [String] {
            guard let value = object[key] else { return [] }
            guard case .array(let list) = value else {
                throw fail("'\(key)' must be a list of game ids, not \(value.kindName); valid ids: \(idList)")
            }
            var result: [String] = []
            for item in list {
                guard case .string(let id) = item else {
                    throw fail("'\(key)' must hold game ids as strings, found \(TextSanitizer.brief(item.description)); valid ids: \(idList)")
                }
                guard ids.contains(id) else {
                    throw fail("'\(key)' names an unknown game '\(TextSanitizer.brief(id))'; valid ids: \(idList)")
                }
                guard !result.contains(id) else { throw fail("'\(key)' lists '\(id)' twice") }
                result.append(id)
            }
            return result
        }
        // The listed games first, in their order, then every other game in catalog order.
        let listed = try gameIDs("games")
        let hidden = try gameIDs("hidden")
        if let both = listed.first(where: hidden.contains) {
            throw fail("'\(both)' is in both 'games' and 'hidden'; a game is either shown or hidden")
        }
        config.menu = (listed + ids.filter { !listed.contains($0) }).filter { !hidden.contains($0) }
        guard !config.menu.isEmpty else { throw fail("'hidden' hides every game; leave at least one of: \(idList)") }

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
                // Each value allowed alone may still break the game's rule across fields.
                do {
                    try game.schema.validate(game: id, values: game.schema.defaults.merging(values) { $1 })
                } catch {
                    throw fail("'preferences.\(id)': \(error)")
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
        if let width = object["ambiguousWidth"] {
            guard case .string(let name) = width, let mode = AmbiguousWidth(rawValue: name) else {
                throw fail("'ambiguousWidth' cannot be \(TextSanitizer.brief(width.description)); allowed: auto, narrow, wide")
            }
            config.ambiguousWidth = mode
        }

        if let history = object["journalHistory"] {
            config.journalHistory = try wholeNumber(history, key: "journalHistory", in: 0...journalHistoryLimit,
                                                    meaning: "a whole number of finished rounds' journals to keep per game",
                                                    fail: fail)
        }

        switch object["resume"] {
        case nil: break
        case .bool(let value)?: config.resume = value
        case let other?:
            throw fail("'resume' cannot be \(TextSanitizer.brief(other.description)); allowed: true (journal each game so an unfinished round can be resumed) or false")
        }

        if let mouse = object["mouse"] {
            guard case .bool(let on) = mouse else {
                throw fail("'mouse' cannot be \(TextSanitizer.brief(mouse.description)); allowed: true, false")
            }
            config.mouse = on
        }
        if let hosting = object["hosting"] { config.hosting = try HostingConfig.parse(hosting, source: source, fail: fail) }
        return config
    }

    /// `~` is the home folder; a relative path is taken from the config file's folder.
    static func expand(_ path: String, relativeTo source: String) -> String {
        if path == "~" || path.hasPrefix("~/") {
            return Path.home() + path.dropFirst()
        }
        if path.hasPrefix("/") { return path }
        let base = source.hasPrefix("built-in") || !source.contains("/")
            ? FileManager.default.currentDirectoryPath
            : Path.folder(of: source)
        let folder = base.hasPrefix("/") ? base : FileManager.default.currentDirectoryPath + "/" + base
        return Path.join(folder, path)
    }
}

/// A configuration that was refused, naming the file and the problem.
public struct ConfigError: Error, CustomStringConvertible {
    /// The file (or "built-in config.json") that was refused.
    public let file: String
    /// What was wrong, and what is allowed.
    public let problem: String
    /// "FILE: PROBLEM", as the launcher prints it.
    public var description: String { "\(file): \(problem)" }
}

extension Config {
    /// A key whose value is a whole number in `range`; the refusal names the key, the value
    /// and what is allowed ("from 0 (never) to 604800 (a week)").
    static func wholeNumber(_ value: JSONValue, key: String, in range: ClosedRange<Int>, meaning: String,
                            upper: String = "", lower: String = "",
                            fail: (String) -> ConfigError) throws(ConfigError) -> Int {
        guard let number = value.integer, range.contains(number) else {
            throw fail("'\(key)' cannot be \(TextSanitizer.brief(value.description)); allowed: \(meaning), "
                       + "from \(range.lowerBound)\(lower) to \(range.upperBound)\(upper)")
        }
        return number
    }
}
