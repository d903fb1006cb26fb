import Foundation

/// Any JSON value, for files whose shape is checked by hand so errors can name the key.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses JSON text; the error says what is wrong and, when Foundation tells, where.
    public static func parse(_ data: Data) throws -> JSONValue {
        try checkText(data)
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            // JSONDecoder often says only "not valid JSON", or reports a control character in
            // a string or a number like 1e400 as a type mismatch; JSONSerialization says what
            // and where ("Unescaped control character around character 8.").
            var detail = "it cannot be read"
            do {
                _ = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            } catch {
                if let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String { detail = text }
            }
            throw JSONSyntaxError(detail: TextSanitizer.brief(detail, limit: 120))
        }
    }

    /// JSON is UTF-8 text. Foundation would report other bytes as a type mismatch somewhere,
    /// or read them as replacement characters; both would hide what is wrong.
    public static func checkText(_ data: Data) throws(JSONSyntaxError) {
        guard String(validating: data, as: UTF8.self) != nil else {
            throw JSONSyntaxError(detail: "it is not UTF-8 text")
        }
    }

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

public struct JSONSyntaxError: Error, CustomStringConvertible {
    public let detail: String
    public var description: String { "not valid JSON (\(detail))" }
}

extension JSONValue: Codable {
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
        return String(decoding: data, as: UTF8.self)
    }
}
