/// config.json's `"hosting"` object: how `gamehost host serve` lets players in.
///
///     "hosting": {"signUp": false, "namedKeys": "/etc/gamehost/players"}
public struct HostingConfig: Equatable, Sendable {
    /// Whether a key seen for the first time may sign up (an open server); when false only
    /// keys already known, or in `namedKeys`, come in.
    public var signUp = true
    /// An authorized_keys file whose lines name their player in the comment
    /// (`ssh-ed25519 AAAA… alice`): keys the operator gave fixed names.
    public var namedKeys: String?

    public init() {}

    static let keys = ["signUp", "namedKeys"]

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
        return hosting
    }
}
