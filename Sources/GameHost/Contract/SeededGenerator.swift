/// A small, fast, seedable random number generator (xoshiro256**), so that the same seed
/// and the same keys always give the same game. Seeds are spread with SplitMix64.
public struct SeededGenerator: RandomNumberGenerator, Sendable, Codable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// A generator whose numbers follow from `seed` alone.
    public init(seed: UInt64) {
        var splitMix = seed
        func next() -> UInt64 {
            splitMix &+= 0x9E37_79B9_7F4A_7C15
            var z = splitMix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (next(), next(), next(), next())
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = rotate(state.1 &* 5, 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = rotate(state.3, 45)
        return result
    }

    private func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    private enum CodingKeys: CodingKey { case state }

    /// Reads a saved state.
    public init(from decoder: Decoder) throws {
        let words = try decoder.container(keyedBy: CodingKeys.self).decode([UInt64].self, forKey: .state)
        guard words.count == 4 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "4 words expected"))
        }
        state = (words[0], words[1], words[2], words[3])
    }

    /// Saves the state, so a game can carry on where it was.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([state.0, state.1, state.2, state.3], forKey: .state)
    }
}
