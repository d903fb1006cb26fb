#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Any JSON value, for files whose shape is checked by hand so errors can name the key.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses JSON text; the error says what is wrong and on which line and column.
    public static func parse(_ data: Data) throws -> JSONValue {
        try parse(bytes: [UInt8](data))
    }

    static func parse(bytes: [UInt8]) throws -> JSONValue {
        try checkText(bytes)
        return try JSONParser.parse(bytes)
    }

    /// JSON is UTF-8 text; bytes that are not get a message that says so, rather than a
    /// syntax error somewhere in the middle.
    public static func checkText(_ bytes: some Sequence<UInt8>) throws(JSONSyntaxError) {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw JSONSyntaxError(detail: "it is not UTF-8 text")
        }
    }

    /// The number as a whole number, if it is one.
    public var integer: Int? {
        if case .number(let n) = self, n.rounded() == n, abs(n) < 1e15 { return Int(n) }
        return nil
    }

    /// What kind of value this is, in words for error messages.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "true/false"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}

/// Text that is not JSON, and where.
public struct JSONSyntaxError: Error, CustomStringConvertible {
    /// What was wrong.
    public let detail: String
    /// The detail may quote the file, so it is cleaned: the message goes to a terminal.
    public var description: String { "not valid JSON (\(TextSanitizer.clean(detail)))" }
}

extension JSONValue: Codable {
    /// Reads any JSON value.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Writes the value as JSON.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if let whole = integer { try container.encode(whole) } else { try container.encode(value) }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text, for quoting a value back to the user.
    public var description: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "?" }
        let text = String(decoding: data, as: UTF8.self)
        // JSONEncoder leaves DEL, C1 controls and bidi overrides raw. Escaped, the quote stays
        // valid JSON, shows the player what the file holds, and no terminal acts on it.
        guard TextSanitizer.hasUnsafe(text) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if TextSanitizer.isUnsafe(scalar) {
                escaped += "\\u" + NumberText.hex(scalar.value, 4)
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
