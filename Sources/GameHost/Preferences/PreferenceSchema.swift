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
    /// Values that each field allows alone but that cannot go together (both players of the
    /// slider named "Bob"): the form and `--set` refuse them, saying why. Nil when they go
    /// together; by default every combination does.
    public let conflict: @Sendable (Values) -> PreferenceConflict?

    /// A schema; the defaults must themselves be valid (the conformance suite checks).
    public init(defaults: Values, fields: [PreferenceField<Values>], presets: [PreferencePreset<Values>] = [],
                conflict: @escaping @Sendable (Values) -> PreferenceConflict? = { _ in nil }) {
        self.defaults = defaults
        self.fields = fields
        self.presets = presets
        self.conflict = conflict
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

/// Why values that each field allows cannot go together: the keys of the fields at fault,
/// and the reason in words a player reads after "Not saved: " or a key's name.
public struct PreferenceConflict: Equatable, Sendable {
    /// The keys of the fields that clash, in the form's order.
    public let keys: [String]
    /// Why, starting in lower case: "both players would be called “Bob”…".
    public let reason: String

    /// A conflict between the fields `keys`, because of `reason`.
    public init(keys: [String], reason: String) {
        self.keys = keys
        self.reason = reason
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
    /// Sets the field to the value when given one that suits it, and returns the field's value.
    @usableFromInline let access: @Sendable (inout Values, PreferenceValue?) -> PreferenceValue

    // The makers below are inlinable so that each game's module compiles them for its own
    // types: unspecialized, listing a choice's cases made the runtime build types at start.
    // Each captures its key path in one closure only, and the makers are always inlined: the
    // compiler then turns the literal key path into plain property access. A key path object
    // made at run time costs its generic classes' metadata (a tenth of a start's work).
    @usableFromInline
    init(key: String, label: String, help: String, kind: PreferenceKind,
         access: @escaping @Sendable (inout Values, PreferenceValue?) -> PreferenceValue) {
        self.key = key
        self.label = label
        self.help = help
        self.kind = kind
        self.access = access
    }

    func read(_ values: Values) -> PreferenceValue {
        var copy = values
        return access(&copy, nil)
    }

    func write(_ values: inout Values, _ value: PreferenceValue) {
        _ = access(&values, value)
    }

    /// A choice among an enum's cases (a picker).
    @inlinable @inline(__always)
    public static func choice<Choice: PreferenceChoice>(
        _ key: String, _ path: WritableKeyPath<Values, Choice> & Sendable, label: String, help: String
    ) -> Self {
        let options = Choice.allCases.map { PreferenceOption(key: $0.rawValue, label: $0.label) }
        // Without the existential the compiler can fold the key path; the literal was Sendable.
        nonisolated(unsafe) let path = path as WritableKeyPath<Values, Choice>
        return Self(key: key, label: label, help: help, kind: .choice(options)) { values, new in
            if case .choice(let raw)? = new, let choice = Choice(rawValue: raw) { values[keyPath: path] = choice }
            return .choice(values[keyPath: path].rawValue)
        }
    }

    /// A whole number in a closed range (a stepper).
    @inlinable @inline(__always)
    public static func integer(
        _ key: String, _ path: WritableKeyPath<Values, Int> & Sendable, in range: ClosedRange<Int>,
        label: String, help: String
    ) -> Self {
        nonisolated(unsafe) let path = path as WritableKeyPath<Values, Int>
        return Self(key: key, label: label, help: help, kind: .integer(range)) { values, new in
            if case .integer(let number)? = new { values[keyPath: path] = number }
            return .integer(values[keyPath: path])
        }
    }

    /// On or off.
    @inlinable @inline(__always)
    public static func toggle(
        _ key: String, _ path: WritableKeyPath<Values, Bool> & Sendable, label: String, help: String
    ) -> Self {
        nonisolated(unsafe) let path = path as WritableKeyPath<Values, Bool>
        return Self(key: key, label: label, help: help, kind: .toggle) { values, new in
            if case .toggle(let on)? = new { values[keyPath: path] = on }
            return .toggle(values[keyPath: path])
        }
    }

    /// A short line of text, such as a player's name.
    @inlinable @inline(__always)
    public static func text(
        _ key: String, _ path: WritableKeyPath<Values, String> & Sendable, maxLength: Int = 20,
        label: String, help: String
    ) -> Self {
        nonisolated(unsafe) let path = path as WritableKeyPath<Values, String>
        return Self(key: key, label: label, help: help, kind: .text(maxLength: maxLength)) { values, new in
            if case .text(let text)? = new { values[keyPath: path] = text }
            return .text(values[keyPath: path])
        }
    }
}
