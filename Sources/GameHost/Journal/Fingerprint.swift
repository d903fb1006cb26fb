#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A short, stable name for the state of a game's screens: FNV-1a over their states as
/// sorted JSON. Stable across runs and machines (Swift's `Hasher` is seeded per process),
/// so a journal written today proves tomorrow's replay reached the same place.
enum Fingerprint {
    static func of(_ states: [any Encodable]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for state in states {
            let data = (try? encoder.encode(AnyEncodable(state))) ?? Data("unencodable".utf8)
            for byte in data + [0x0A] {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
