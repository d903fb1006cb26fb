/// A schema with its values type erased: what the host's form, layering and checks use.
public struct AnyPreferenceSchema: Sendable {
    /// One field, as the form and the checks see it.
    public struct Field: Sendable {
        /// Its stable key in config.json, files and `--set`.
        public let key: String
        /// The form's label.
        public let label: String
        /// The form's help line.
        public let help: String
        /// What values it takes.
        public let kind: PreferenceKind
        /// Its value in the schema's defaults.
        public let defaultValue: PreferenceValue
    }

    /// The fields, in form order.
    public let fields: [Field]
    /// Named sets of values the form offers.
    public let presets: [(name: String, values: PreferenceValues)]
    /// The schema's rule across fields, over values by key.
    private let findConflict: @Sendable (PreferenceValues) -> PreferenceConflict?

    /// The schema with its value type erased.
    public init<Values>(_ schema: PreferenceSchema<Values>) {
        // Loops, not `map`: here `map` runs unspecialized, and each game's schema is erased
        // on the way to its first frame.
        let defaults = schema.values(of: schema.defaults)
        var fields: [Field] = []
        for field in schema.fields {
            fields.append(Field(key: field.key, label: field.label, help: field.help, kind: field.kind,
                                defaultValue: defaults[field.key]!))
        }
        var presets: [(name: String, values: PreferenceValues)] = []
        for preset in schema.presets { presets.append((preset.name, schema.values(of: preset.values))) }
        self.fields = fields
        self.presets = presets
        findConflict = { values in schema.conflict(schema.typed(values)) }
    }

    /// Why these values (by key; a missing key takes its default) cannot go together, or nil.
    public func conflict(in values: PreferenceValues) -> PreferenceConflict? { findConflict(values) }

    /// Checks whole values of a game (every layer merged) against the schema's rule across fields.
    public func validate(game: String, values: PreferenceValues) throws(PreferenceError) {
        if let conflict = conflict(in: values) {
            throw .conflict(game: game, keys: conflict.keys, reason: conflict.reason)
        }
    }

    /// Every field's default, by key.
    public var defaults: PreferenceValues {
        var values: PreferenceValues = [:]
        for field in fields { values[field.key] = field.defaultValue }
        return values
    }

    /// The field with this key, if there is one.
    public func field(_ key: String) -> Field? { fields.first { $0.key == key } }

    /// Checks a value from a JSON file for a key of this game.
    public func validate(game: String, key: String, json: JSONValue) throws(PreferenceError) -> PreferenceValue {
        let field = try self.field(game: game, key: key)
        guard let value = field.kind.value(from: json) else {
            if case .text = field.kind, case .string(let text) = json, text.trimmed.isEmpty {
                throw .blank(game: game, key: key, value: text, allowed: field.kind.allowed)
            }
            throw .invalidValue(game: game, key: key, value: json.description, allowed: field.kind.allowed)
        }
        return value
    }

    /// Checks a value typed as `--set key=value`.
    public func validate(game: String, key: String, argument: String) throws(PreferenceError) -> PreferenceValue {
        let field = try self.field(game: game, key: key)
        guard let value = field.kind.value(fromArgument: argument) else {
            if argument.trimmed.isEmpty {
                throw .blank(game: game, key: key, value: argument, allowed: field.kind.allowed)
            }
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
    /// An empty value, or one of spaces only: said so, rather than shown as nothing.
    case blank(game: String, key: String, value: String, allowed: String)
    /// Values each allowed alone that cannot go together (the schema's `conflict`).
    case conflict(game: String, keys: [String], reason: String)

    /// The message shown for the refused value.
    public var description: String {
        switch self {
        case let .invalidValue(game, key, value, allowed):
            "\(game): '\(key)' cannot be \(TextSanitizer.brief(value)); allowed: \(allowed)"
        case let .blank(game, key, value, allowed):
            "\(game): '\(key)' cannot be blank\(value.isEmpty ? "" : " (only spaces)"); allowed: \(allowed)"
        case let .conflict(game, keys, reason):
            "\(game): " + keys.map { "'\($0)'" }.joined(separator: " and ") + " cannot go together: \(reason)"
        case let .unknownKey(game, key, known):
            "\(game) has no preference '\(TextSanitizer.brief(key))'; "
                + (known.isEmpty ? "it has no preferences" : "its keys are " + known.joined(separator: ", "))
        }
    }
}
