#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The effective preferences of every game, in layers:
/// built-in defaults < config.json < saved values < `--set` for this run.
public final class PreferenceStore {
    /// Where a value comes from, as `prefs` shows it.
    public enum Source: String, Sendable {
        case defaults = "default"
        case config = "config.json"
        case saved = "saved"
        case override = "--set"
    }

    /// The file in each game's data folder.
    public static let fileName = "preferences.json"
    static let format = 1

    private let games: [GameEntry]
    private let config: Config
    private let store: DataStore
    private let report: (String) -> Void
    private var saved: [String: PreferenceValues] = [:]
    private var overrides: [String: PreferenceValues]

    /// The layers for `games`: their defaults, the config, the saved files, and `overrides` (by game id).
    public init(games: [GameEntry], config: Config, store: DataStore,
                overrides: [String: PreferenceValues] = [:], report: @escaping (String) -> Void) {
        self.games = games
        self.config = config
        self.store = store
        self.overrides = overrides
        self.report = report
    }

    /// The values a game starts with now.
    public func effective(_ game: String) -> PreferenceValues {
        var values: PreferenceValues = [:]
        forEachLayer(game) { _, layer in values.merge(layer) { $1 } }
        return values
    }

    /// Which layer a key's value comes from.
    public func source(_ game: String, key: String) -> Source {
        var source = Source.defaults
        forEachLayer(game) { layer, values in
            if values[key] != nil { source = layer }
        }
        return source
    }

    /// Saves one value (it becomes the saved layer) and drops a `--set` override for it.
    public func set(_ game: String, key: String, to value: PreferenceValue) throws {
        guard let entry = entry(game), let field = entry.schema.field(key), field.kind.validated(value) != nil else {
            return
        }
        overrides[game]?[key] = nil
        try store.update(path(game), format: Self.format, empty: [String: JSONValue]()) { file in
            // Values that fail the schema were reported when read; saving drops them.
            file = file.filter { (try? entry.schema.validate(game: game, key: $0.key, json: $0.value)) != nil }
            file[key] = value.json
        }
        saved[game] = nil
    }

    /// Forgets saved values and overrides: back to the defaults and config.json.
    public func reset(_ game: String) throws {
        overrides[game] = nil
        try store.update(path(game), format: Self.format, empty: [String: JSONValue]()) { file in
            file.removeAll()
        }
        saved[game] = nil
    }

    /// The layers, lowest first. Handed over one by one rather than as an array of pairs:
    /// the runtime builds such an array's type at first use, on the way to every start.
    private func forEachLayer(_ game: String, _ body: (Source, PreferenceValues) -> Void) {
        guard let entry = entry(game) else { return }
        body(.defaults, entry.schema.defaults)
        body(.config, config.preferences[game] ?? [:])
        body(.saved, savedValues(entry))
        body(.override, overrides[game] ?? [:])
    }

    private func entry(_ game: String) -> GameEntry? { games.first { $0.id == game } }

    private func path(_ game: String) -> String { game + "/" + Self.fileName }

    /// Saved values, checked like any other source: a bad one is reported and left unused.
    private func savedValues(_ entry: GameEntry) -> PreferenceValues {
        if let values = saved[entry.id] { return values }
        let file = store.load([String: JSONValue].self, from: path(entry.id), format: Self.format) ?? [:]
        var values: PreferenceValues = [:]
        // By sorted keys, for reports in a steady order (sorting the pairs would make the
        // runtime build their tuple's type at every start).
        for key in file.keys.sorted() {
            guard let json = file[key] else { continue }
            do {
                values[key] = try entry.schema.validate(game: entry.id, key: key, json: json)
            } catch {
                report("\(store.path(path(entry.id))): \(error); the saved value is not used.")
            }
        }
        saved[entry.id] = values
        return values
    }
}
