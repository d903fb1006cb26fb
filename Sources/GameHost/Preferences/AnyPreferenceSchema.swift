/// A schema with its values type erased: what the host's form, layering and checks use.
public struct AnyPreferenceSchema: Sendable {
    public struct Field: Sendable {
        public let key: String
        public let label: String
        public let help: String
        public let kind: PreferenceKind
        public let defaultValue: PreferenceValue
    }

    public let fields: [Field]
    public let presets: [(name: String, values: PreferenceValues)]

    public init<Values>(_ schema: PreferenceSchema<Values>) {
        let defaults = schema.values(of: schema.defaults)
        fields = schema.fields.map {
            Field(key: $0.key, label: $0.label, help: $0.help, kind: $0.kind, defaultValue: defaults[$0.key]!)
        }
        presets = schema.presets.map { ($0.name, schema.values(of: $0.values)) }
    }

    public var defaults: PreferenceValues {
        Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0.defaultValue) })
    }

    public func field(_ key: String) -> Field? { fields.first { $0.key == key } }

    /// Checks a value from a JSON file for a key of this game.
    public func validate(game: String, key: String, json: JSONValue) throws(PreferenceError) -> PreferenceValue {
        let field = try self.field(game: game, key: key)
        guard let value = field.kind.value(from: json) else {
            throw .invalidValue(game: game, key: key, value: json.description, allowed: field.kind.allowed)
        }
        return value
    }

    /// Checks a value typed as `--set key=value`.
    public func validate(game: String, key: String, argument: String) throws(PreferenceError) -> PreferenceValue {
        let field = try self.field(game: game, key: key)
        guard let value = field.kind.value(fromArgument: argument) else {
            throw .invalidValue(game: game, key: key, value: argument, allowed: field.kind.allowed)
        }
        return value
    }

    private func field(game: String, key: String) throws(PreferenceError) -> Field {
        guard let field = field(key) else {
            throw .unknownKey(game: game, key: key, known: fields.map(\.key))
        }
        return field
    }
}

/// A preference value that was refused, in words that name the game, the key, the value
/// and what is allowed.
public enum PreferenceError: Error, Equatable, CustomStringConvertible {
    case invalidValue(game: String, key: String, value: String, allowed: String)
    case unknownKey(game: String, key: String, known: [String])

    public var description: String {
        switch self {
        case let .invalidValue(game, key, value, allowed):
            "\(game): '\(key)' cannot be \(TextSanitizer.brief(value)); allowed: \(allowed)"
        case let .unknownKey(game, key, known):
            "\(game) has no preference '\(TextSanitizer.brief(key))'; "
                + (known.isEmpty ? "it has no preferences" : "its keys are " + known.joined(separator: ", "))
        }
    }
}
