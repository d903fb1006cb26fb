#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// Conformance checks on a preferences schema: keys, defaults, JSON round trips, and
/// that bad values are refused with a message naming the key.
enum SchemaChecks {
    static func run(_ context: CheckContext) -> Int {
        for failure in problems(context.entry) { Checks.fail(context, "schema", failure) }
        return 0
    }

    static func problems(_ entry: GameEntry) -> [String] {
        let schema = entry.schema
        let id = entry.id
        var failures: [String] = []
        let keys = schema.fields.map(\.key)
        if Set(keys).count != keys.count { failures.append("keys are not unique: \(keys)") }

        for field in schema.fields {
            if !InfoChecks.isIdentifier(field.key) {
                failures.append("key '\(field.key)' is not lowercase words joined by hyphens")
            }
            if field.label.isEmpty || field.help.isEmpty { failures.append("'\(field.key)' needs a label and a help line") }
            if field.kind.validated(field.defaultValue) == nil {
                failures.append("the default of '\(field.key)' (\(field.defaultValue.json)) is not allowed")
            }
            for value in field.kind.samples + [field.defaultValue] {
                failures += roundTrip(value, field: field, game: id, schema: schema)
            }
            for bad in badValues(field.kind) {
                do {
                    let accepted = try schema.validate(game: id, key: field.key, json: bad)
                    failures.append("'\(field.key)' accepted the bad value \(bad) as \(accepted)")
                } catch {
                    let message = error.description
                    if !message.contains(field.key) || !message.contains(id) {
                        failures.append("the message for '\(field.key)' = \(bad) does not name the game and key: \(message)")
                    }
                }
            }
            if case .choice(let options) = field.kind {
                if options.isEmpty { failures.append("'\(field.key)' has no choices") }
                if Set(options.map(\.key)).count != options.count { failures.append("'\(field.key)' repeats a choice") }
            }
        }
        do {
            _ = try schema.validate(game: id, key: "no-such-key", json: .bool(true))
            failures.append("an unknown key was accepted")
        } catch {
            if !error.description.contains("no-such-key") { failures.append("the unknown-key message does not name it") }
        }
        for preset in schema.presets {
            for (key, value) in preset.values where schema.field(key)?.kind.validated(value) == nil {
                failures.append("preset '\(preset.name)' has a bad value for '\(key)'")
            }
            if let conflict = schema.conflict(in: schema.defaults.merging(preset.values) { $1 }) {
                failures.append("preset '\(preset.name)' has values that do not go together: \(conflict.reason)")
            }
        }
        // The form starts from the defaults: a player must be able to save them as they are.
        if let conflict = schema.conflict(in: schema.defaults) {
            failures.append("the defaults do not go together: \(conflict.reason)")
        }
        return failures
    }

    /// A value written to JSON text and read back must be the same value.
    private static func roundTrip(_ value: PreferenceValue, field: AnyPreferenceSchema.Field, game: String,
                                  schema: AnyPreferenceSchema) -> [String] {
        guard let data = try? JSONEncoder().encode(value.json),
              let json = try? JSONValue.parse(data) else {
            return ["'\(field.key)' = \(value.json) does not encode to JSON"]
        }
        guard let back = try? schema.validate(game: game, key: field.key, json: json), back == value else {
            return ["'\(field.key)' = \(value.json) does not round-trip through JSON"]
        }
        return []
    }

    /// An out-of-range number, an unknown choice and a wrong type, as the field allows.
    static func badValues(_ kind: PreferenceKind) -> [JSONValue] {
        switch kind {
        case .choice: [.string("no-such-choice"), .bool(true), .array([])]
        case .integer(let range):
            [.number(Double(range.upperBound) + 1), .number(Double(range.lowerBound) - 1), .number(2.5),
             .string("many"), .bool(true)]
        case .toggle: [.number(1), .string("yes"), .null]
        case .text(let maxLength):
            [.string(""), .string(String(repeating: "x", count: maxLength + 1)), .string("a\u{1B}[31m"), .number(3)]
        }
    }
}
