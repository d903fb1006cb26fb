/// config.json's `"hosting"` object: how `gamehost host serve` lets players in.
///
///     "hosting": {"signUp": false, "namedKeys": "/etc/gamehost/players", "maxSessions": 50, "idleTimeout": 600,
///                 "roomTimeout": 600, "maxSignUps": 5, "signUpTimeout": 120}
public struct HostingConfig: Equatable, Sendable {
    /// Whether a key seen for the first time may sign up (an open server); when false only
    /// keys already known, or in `namedKeys`, come in.
    public var signUp = true
    /// An authorized_keys file whose lines name their player in the comment
    /// (`ssh-ed25519 AAAA… alice`): keys the operator gave fixed names.
    public var namedKeys: String?

    /// The most sessions online at once; one more connection is refused before anything starts.
    public var maxSessions = 200
    /// Seconds without a key after which a hosted session saves and ends; 0: never.
    public var idleTimeout = 1800
    /// Seconds a room may stay with every seat away before it is ended (its journal and
    /// rounds kept under the host's `rooms/ended/`).
    public var roomTimeout = 600
    /// The most kilobytes one game's journal grows to; past it the round goes on unjournaled
    /// (and can no longer be resumed). 8 MB holds hours of keys.
    public var maxJournalKB = 8192
    /// The most kilobytes a player's whole folder holds (preferences, themes, scores, journals
    /// kept): a save past it is refused and said. 64 MB is far more than play leaves.
    public var maxDataKB = 65536
    /// The most of the session places keys not signed up yet may hold at once (the sign-up
    /// screen); 0: a tenth of `maxSessions`, at least 2. Strangers cannot fill the host.
    public var maxSignUps = 0
    /// Seconds the sign-up screen stays open, keys or not; then the connection ends.
    public var signUpTimeout = 120

    public init() {}

    /// The places sign-ups may hold: `maxSignUps`, or a tenth of the host's.
    public var signUpPlaces: Int { maxSignUps > 0 ? maxSignUps : max(2, maxSessions / 10) }

    static let keys = ["signUp", "namedKeys", "maxSessions", "idleTimeout", "roomTimeout", "maxJournalKB", "maxDataKB",
                       "maxSignUps", "signUpTimeout"]
    static let largestJournalKB = 1 << 20
    static let largestDataKB = 1 << 24
    static let mostSessions = 100_000
    static let longestIdleTimeout = 7 * 24 * 3600

    /// Reads the object; `fail` words a refusal for config.json's file.
    static func parse(_ value: JSONValue, source: String,
                      fail: (String) -> ConfigError) throws(ConfigError) -> HostingConfig {
        guard case .object(let object) = value else {
            throw fail("'hosting' must be an object, not \(value.kindName); allowed keys: \(keys.joined(separator: ", "))")
        }
        if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) {
            throw fail("unknown key 'hosting.\(TextSanitizer.brief(unknown))'; allowed keys: \(keys.joined(separator: ", "))")
        }
        var hosting = HostingConfig()
        switch object["signUp"] {
        case nil: break
        case .bool(let open)?: hosting.signUp = open
        case let other?:
            throw fail("'hosting.signUp' cannot be \(TextSanitizer.brief(other.description)); allowed: true (any new key may sign up) or false")
        }
        switch object["namedKeys"] {
        case nil, .null?: break
        case .string(let path)? where !path.isEmpty && !TextSanitizer.hasUnsafe(path):
            hosting.namedKeys = Config.expand(path, relativeTo: source)
        case let other?:
            throw fail("'hosting.namedKeys' must be the path of an authorized_keys file naming players, not \(TextSanitizer.brief(other.description))")
        }
        if let value = object["maxSessions"] {
            hosting.maxSessions = try Config.wholeNumber(value, key: "hosting.maxSessions", in: 1...mostSessions,
                                                         meaning: "a whole number of sessions online at once",
                                                         fail: fail)
        }
        if let value = object["idleTimeout"] {
            hosting.idleTimeout = try Config.wholeNumber(
                value, key: "hosting.idleTimeout", in: 0...longestIdleTimeout,
                meaning: "whole seconds without a key before a session saves and ends", upper: " (a week)",
                lower: " (never)", fail: fail)
        }
        if let value = object["roomTimeout"] {
            hosting.roomTimeout = try Config.wholeNumber(
                value, key: "hosting.roomTimeout", in: 1...longestIdleTimeout,
                meaning: "whole seconds a room stays with every seat away before it ends", upper: " (a week)",
                lower: "", fail: fail)
        }
        if let value = object["maxJournalKB"] {
            hosting.maxJournalKB = try Config.wholeNumber(
                value, key: "hosting.maxJournalKB", in: 1...largestJournalKB,
                meaning: "whole kilobytes one game's journal may grow to", upper: " (1 GB)", fail: fail)
        }
        if let value = object["maxDataKB"] {
            hosting.maxDataKB = try Config.wholeNumber(
                value, key: "hosting.maxDataKB", in: 64...largestDataKB,
                meaning: "whole kilobytes a player's folder may hold", upper: " (16 GB)", fail: fail)
        }
        if let value = object["maxSignUps"] {
            hosting.maxSignUps = try Config.wholeNumber(
                value, key: "hosting.maxSignUps", in: 1...mostSessions,
                meaning: "a whole number of connections signing up at once", fail: fail)
        }
        if let value = object["signUpTimeout"] {
            hosting.signUpTimeout = try Config.wholeNumber(
                value, key: "hosting.signUpTimeout", in: 1...longestIdleTimeout,
                meaning: "whole seconds the sign-up screen stays open", upper: " (a week)", lower: "", fail: fail)
        }
        return hosting
    }
}
