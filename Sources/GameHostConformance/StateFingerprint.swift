/// A hash of an encodable value, made by walking it as an encoder does but hashing keys and
/// values instead of writing JSON: a cheap way to tell whether a view model's state changed.
///
/// Keyed entries are combined without regard to order, since two equal dictionaries may
/// list their keys in different orders; lists and single values keep their order.
struct StateFingerprint {
    static func of(_ value: any Encodable) -> Int {
        let sink = Sink()
        try? value.encode(to: FingerprintEncoder(sink: sink, codingPath: []))
        return sink.finalize()
    }

    final class Sink {
        var hasher = Hasher()
        /// The sum of the keyed entries' hashes: the same in any order.
        var unordered = 0

        func finalize() -> Int {
            var copy = hasher
            copy.combine(unordered)
            return copy.finalize()
        }

        func addEntry(_ key: String, _ valueHash: Int) {
            var entry = Hasher()
            entry.combine(key)
            entry.combine(valueHash)
            unordered &+= entry.finalize()
        }
    }

    /// The fingerprint of one value on its own.
    static func of<T: Encodable>(value: T, codingPath: [CodingKey]) throws -> Int {
        let sink = Sink()
        try encodeValue(value, sink: sink, codingPath: codingPath)
        return sink.finalize()
    }
}

private struct FingerprintEncoder: Encoder {
    let sink: StateFingerprint.Sink
    var codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        sink.hasher.combine(1)
        return KeyedEncodingContainer(Keyed<Key>(sink: sink, codingPath: codingPath))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        sink.hasher.combine(2)
        return Unkeyed(sink: sink, codingPath: codingPath)
    }

    func singleValueContainer() -> SingleValueEncodingContainer { Single(sink: sink, codingPath: codingPath) }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: StateFingerprint.Sink
        var codingPath: [CodingKey]

        mutating func encodeNil(forKey key: Key) { sink.addEntry(key.stringValue, 0) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            sink.addEntry(key.stringValue, try StateFingerprint.of(value: value, codingPath: codingPath + [key]))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey> {
            sink.hasher.combine(key.stringValue)
            return KeyedEncodingContainer(Keyed<NestedKey>(sink: sink, codingPath: codingPath + [key]))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
            sink.hasher.combine(key.stringValue)
            return Unkeyed(sink: sink, codingPath: codingPath + [key])
        }
        mutating func superEncoder() -> Encoder { FingerprintEncoder(sink: sink, codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> Encoder { FingerprintEncoder(sink: sink, codingPath: codingPath) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let sink: StateFingerprint.Sink
        var codingPath: [CodingKey]
        var count = 0

        mutating func encodeNil() { sink.hasher.combine(0); count += 1 }
        mutating func encode<T: Encodable>(_ value: T) throws {
            count += 1
            try encodeValue(value, sink: sink, codingPath: codingPath)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey> {
            count += 1
            return KeyedEncodingContainer(Keyed<NestedKey>(sink: sink, codingPath: codingPath))
        }
        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
            count += 1
            return Unkeyed(sink: sink, codingPath: codingPath)
        }
        mutating func superEncoder() -> Encoder { FingerprintEncoder(sink: sink, codingPath: codingPath) }
    }

    struct Single: SingleValueEncodingContainer {
        let sink: StateFingerprint.Sink
        var codingPath: [CodingKey]

        mutating func encodeNil() { sink.hasher.combine(0) }
        mutating func encode<T: Encodable>(_ value: T) throws { try encodeValue(value, sink: sink, codingPath: codingPath) }
    }
}

/// Hashes the primitive values directly and walks everything else.
fileprivate func encodeValue<T: Encodable>(_ value: T, sink: StateFingerprint.Sink, codingPath: [CodingKey]) throws {
    switch value {
    case let value as String: sink.hasher.combine(value)
    case let value as Int: sink.hasher.combine(value)
    case let value as Bool: sink.hasher.combine(value)
    case let value as Double: sink.hasher.combine(value)
    case let value as UInt64: sink.hasher.combine(value)
    default: try value.encode(to: FingerprintEncoder(sink: sink, codingPath: codingPath))
    }
}
