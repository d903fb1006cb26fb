#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One preference value, as stored, layered and shown. Choice values are stable keys.
public enum PreferenceValue: Hashable, Sendable {
    case choice(String)
    case integer(Int)
    case toggle(Bool)
    case text(String)

    /// The value as config.json and the files write it.
    public var json: JSONValue {
        switch self {
        case .choice(let key): .string(key)
        case .integer(let value): .number(Double(value))
        case .toggle(let value): .bool(value)
        case .text(let value): .string(value)
        }
    }
}

/// Preference values by key, as the host keeps them for a game.
public typealias PreferenceValues = [String: PreferenceValue]

/// One allowed value of a choice: a stable key for files, a label for people.
public struct PreferenceOption: Hashable, Sendable {
    /// The choice's stable key.
    public let key: String
    /// What the form shows.
    public let label: String

    /// A choice with a stable key and a label.
    public init(key: String, label: String) {
        self.key = key
        self.label = label
    }
}

/// A choice's cases: a stable raw value each, and a label (the capitalized key by default).
public protocol PreferenceChoice: CaseIterable, RawRepresentable, Sendable where RawValue == String {
    var label: String { get }
}

extension PreferenceChoice {
    /// The raw value with its first letter in capitals. An ASCII letter is raised by hand:
    /// `uppercased()` loads Unicode case tables, and generic sequence code here (this runs
    /// unspecialized, for every choice of every game) made the runtime look up types; both
    /// showed in the cost of every start.
    public var label: String {
        var bytes = Array(rawValue.utf8)
        guard let first = bytes.first else { return rawValue }
        if first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") {
            bytes[0] = first - 32
            return String(decoding: bytes, as: UTF8.self)
        }
        return first < 0x80 ? rawValue : rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }
}

/// What a preference field holds and which values it allows.
public enum PreferenceKind: Hashable, Sendable {
    case choice([PreferenceOption])
    case integer(ClosedRange<Int>)
    case toggle
    case text(maxLength: Int)

    /// The allowed values, in words, for error messages and help.
    public var allowed: String {
        switch self {
        case .choice(let options): "one of " + options.map(\.key).joined(separator: ", ")
        case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .toggle: "true or false"
        case .text(let maxLength): "text of 1 to \(maxLength) characters, without control characters"
        }
    }

    /// Checks a value from a JSON file; nil when it is not allowed.
    public func value(from json: JSONValue) -> PreferenceValue? {
        switch (self, json) {
        case (.choice, .string(let key)): return validated(.choice(key))
        case (.choice, .number): return json.integer.flatMap { validated(.choice(String($0))) }
        case (.integer, .number): return json.integer.flatMap { validated(.integer($0)) }
        case (.toggle, .bool(let value)): return .toggle(value)
        case (.text, .string(let text)): return validated(.text(text))
        default: return nil
        }
    }

    /// Checks a value typed on the command line (`--set key=value`).
    public func value(fromArgument text: String) -> PreferenceValue? {
        switch self {
        case .choice: return validated(.choice(text))
        case .integer: return Int(text).flatMap { validated(.integer($0)) }
        case .toggle:
            switch text.lowercased() {
            case "true", "on", "yes", "1": return .toggle(true)
            case "false", "off", "no", "0": return .toggle(false)
            default: return nil
            }
        case .text: return validated(.text(text))
        }
    }

    /// The value itself if this field allows it, else nil.
    public func validated(_ value: PreferenceValue) -> PreferenceValue? {
        switch (self, value) {
        case (.choice(let options), .choice(let key)):
            return options.contains { $0.key == key } ? value : nil
        case (.integer(let range), .integer(let number)):
            return range.contains(number) ? value : nil
        case (.toggle, .toggle):
            return value
        case (.text(let maxLength), .text(let text)):
            guard !text.trimmed.isEmpty, text.count <= maxLength, !TextSanitizer.hasUnsafe(text) else { return nil }
            return value
        default:
            return nil
        }
    }

    /// The value one step on (→) or back (←), wrapping choices and toggles, stopping at range ends.
    public func step(_ value: PreferenceValue, by delta: Int) -> PreferenceValue {
        switch (self, value) {
        case (.choice(let options), .choice(let key)):
            guard !options.isEmpty else { return value }
            let index = options.firstIndex { $0.key == key } ?? 0
            let next = (index + delta % options.count + options.count) % options.count
            return .choice(options[next].key)
        case (.integer(let range), .integer(let number)):
            return .integer(min(range.upperBound, max(range.lowerBound, number + delta)))
        case (.toggle, .toggle(let on)):
            return .toggle(!on)
        default:
            return value
        }
    }

    /// How a value reads in the form: a choice's label, "on"/"off", the number or the text.
    public func display(_ value: PreferenceValue) -> String {
        switch (self, value) {
        case (.choice(let options), .choice(let key)):
            return options.first { $0.key == key }?.label ?? key
        case (_, .integer(let number)): return String(number)
        case (_, .toggle(let on)): return on ? "on" : "off"
        case (_, .text(let text)): return TextSanitizer.clean(text)
        case (_, .choice(let key)): return key
        }
    }

    /// Every value a form or a test can reach: all choices, both toggles, the range ends.
    public var samples: [PreferenceValue] {
        switch self {
        case .choice(let options): options.map { .choice($0.key) }
        case .integer(let range): [.integer(range.lowerBound), .integer(range.upperBound)]
        case .toggle: [.toggle(false), .toggle(true)]
        case .text(let maxLength): [.text("A"), .text(String(repeating: "W", count: maxLength))]
        }
    }
}
