/// A sentence for the player that names keys by the intents they trigger, so the words live
/// in the view model and the key names come from the screen's bindings: they cannot drift
/// from what is really bound.
///
///     message = "Deleted “\(name)”. \(key: .undo) brings it back."
///     frame.write(model.message.text(bindings(model)), …)   // "Deleted “Animals”. u brings it back."
public struct Prose<Intent: Equatable>: Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    enum Part: Equatable {
        case text(String)
        case key(Intent)
    }

    let parts: [Part]

    public init(stringLiteral text: String) { parts = [.text(text)] }

    public init(stringInterpolation: Interpolation) { parts = stringInterpolation.parts }

    public struct Interpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) { parts.append(.text(literal)) }

        /// Text that is not a key: a name, a number.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            parts.append(.text(value.description))
        }

        /// The key bound to `intent`, shown as the footer shows it ("Enter", "u", "↑").
        public mutating func appendInterpolation(key intent: Intent) { parts.append(.key(intent)) }
    }

    /// The sentence with each key named by the first binding that sends its intent (an
    /// enabled one before a disabled one); a key no binding sends is named by the intent.
    public func text(_ bindings: [KeyBinding<Intent>]) -> String {
        // Plain loops: this runs unspecialized for every game's intents, and each generic
        // collection call in it (map, filter, first(where:)) made the runtime build types,
        // which showed in the cost of every first frame.
        var text = ""
        for part in parts {
            switch part {
            case .text(let words): text += words
            case .key(let intent): text += Self.name(of: intent, in: bindings)
            }
        }
        return text
    }

    private static func name(of intent: Intent, in bindings: [KeyBinding<Intent>]) -> String {
        var disabled: String?
        for binding in bindings {
            // Not `intent(for:) == intent`: unspecialized, comparing optionals makes the
            // runtime build a tuple type of them.
            for key in binding.keys {
                guard let found = binding.intent(for: key), found == intent else { continue }
                if binding.isEnabled { return key.symbol }
                if disabled == nil { disabled = key.symbol }
                break
            }
        }
        return disabled ?? "\(intent)"
    }

    /// The sentence with keys written as their intents, for traces and tests.
    public var description: String {
        parts.map { part in
            switch part {
            case .text(let text): text
            case .key(let intent): "[\(intent)]"
            }
        }.joined()
    }
}

extension Prose: Sendable where Intent: Sendable {}
extension Prose.Part: Sendable where Intent: Sendable {}

extension Prose: Encodable {
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension ScreenView where Model.Intent: Equatable {
    /// A view model's sentence with the keys of this screen's bindings.
    public func say(_ prose: Prose<Model.Intent>, _ model: Model) -> String { prose.text(bindings(model)) }
}

extension ScreenView where Model.Intent: Equatable {
    /// The key bound to an intent, named as the footer names it ("Enter"), for a button.
    public func keyName(_ intent: Model.Intent, _ model: Model) -> String { say("\(key: intent)", model) }
}
