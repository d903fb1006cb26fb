/// A game's preferences: typed fields with stable keys, over one value type.
///
/// The host renders any schema as a form, stores values by key, and layers them
/// (defaults < config.json < saved < --set); the module only ever sees a whole `Values`.
public struct PreferenceSchema<Values: Sendable>: Sendable {
    /// The values of a player who has set nothing.
    public let defaults: Values
    /// The fields, in form order.
    public let fields: [PreferenceField<Values>]
    /// Named sets of values, offered in the form and walked by the conformance suite.
    public let presets: [PreferencePreset<Values>]

    /// A schema; the defaults must themselves be valid (the conformance suite checks).
    public init(defaults: Values, fields: [PreferenceField<Values>], presets: [PreferencePreset<Values>] = []) {
        self.defaults = defaults
        self.fields = fields
        self.presets = presets
    }

    /// The values by key; every field is present.
    public func values(of typed: Values) -> PreferenceValues {
        var values: PreferenceValues = [:]
        for field in fields { values[field.key] = field.read(typed) }
        return values
    }

    /// A typed value from values by key; missing or unsuitable keys keep their defaults.
    public func typed(_ values: PreferenceValues) -> Values {
        var typed = defaults
        for field in fields {
            if let value = values[field.key], field.kind.validated(value) != nil {
                field.write(&typed, value)
            }
        }
        return typed
    }
}

/// A named set of values the form offers, e.g. "Warm-up".
public struct PreferencePreset<Values: Sendable>: Sendable {
    /// What the form calls it.
    public let name: String
    /// The values it sets.
    public let values: Values

    /// A preset called `name`.
    public init(_ name: String, _ values: Values) {
        self.name = name
        self.values = values
    }
}

/// One field of a schema, bound to a property of the values type by a key path.
public struct PreferenceField<Values: Sendable>: Sendable {
    /// The stable key in config.json, files and `--set`.
    public let key: String
    /// The form's label.
    public let label: String
    /// The form's help line.
    public let help: String
    /// What values it takes.
    public let kind: PreferenceKind
    @usableFromInline let read: @Sendable (Values) -> PreferenceValue
    @usableFromInline let write: @Sendable (inout Values, PreferenceValue) -> Void

    // The makers below are inlinable so that each game's module compiles them for its own
    // types: unspecialized, listing a choice's cases made the runtime build types at start.
    @usableFromInline
    init(key: String, label: String, help: String, kind: PreferenceKind,
         read: @escaping @Sendable (Values) -> PreferenceValue,
         write: @escaping @Sendable (inout Values, PreferenceValue) -> Void) {
        self.key = key
        self.label = label
        self.help = help
        self.kind = kind
        self.read = read
        self.write = write
    }

    /// A choice among an enum's cases (a picker).
    @inlinable
    public static func choice<Choice: PreferenceChoice>(
        _ key: String, _ path: WritableKeyPath<Values, Choice> & Sendable, label: String, help: String
    ) -> Self {
        let options = Choice.allCases.map { PreferenceOption(key: $0.rawValue, label: $0.label) }
        return Self(key: key, label: label, help: help, kind: .choice(options),
                    read: { .choice($0[keyPath: path].rawValue) },
                    write: { values, value in
                        if case .choice(let raw) = value, let choice = Choice(rawValue: raw) {
                            values[keyPath: path] = choice
                        }
                    })
    }

    /// A whole number in a closed range (a stepper).
    @inlinable
    public static func integer(
        _ key: String, _ path: WritableKeyPath<Values, Int> & Sendable, in range: ClosedRange<Int>,
        label: String, help: String
    ) -> Self {
        Self(key: key, label: label, help: help, kind: .integer(range),
             read: { .integer($0[keyPath: path]) },
             write: { values, value in
                 if case .integer(let number) = value { values[keyPath: path] = number }
             })
    }

    /// On or off.
    @inlinable
    public static func toggle(
        _ key: String, _ path: WritableKeyPath<Values, Bool> & Sendable, label: String, help: String
    ) -> Self {
        Self(key: key, label: label, help: help, kind: .toggle,
             read: { .toggle($0[keyPath: path]) },
             write: { values, value in
                 if case .toggle(let on) = value { values[keyPath: path] = on }
             })
    }

    /// A short line of text, such as a player's name.
    @inlinable
    public static func text(
        _ key: String, _ path: WritableKeyPath<Values, String> & Sendable, maxLength: Int = 20,
        label: String, help: String
    ) -> Self {
        Self(key: key, label: label, help: help, kind: .text(maxLength: maxLength),
             read: { .text($0[keyPath: path]) },
             write: { values, value in
                 if case .text(let text) = value { values[keyPath: path] = text }
             })
    }
}
