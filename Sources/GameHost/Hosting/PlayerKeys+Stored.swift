#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PlayerKeys {
    /// What keys.json holds.
    struct Stored: Codable {
        /// `TYPE BASE64` → the key's record.
        var keys: [String: KeyRecord] = [:]
        /// Players the operator banned, by name.
        var banned: [String: Ban] = [:]

        init() {}

        private enum CodingKeys: String, CodingKey { case keys, banned }

        /// Format 1 held `TYPE BASE64` → name only: those keys come back not proven and
        /// marked as from format 1 (see `PlayerKeys.owner`), since nothing tells a key signed
        /// up with from one pasted by someone else.
        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            banned = try container.decodeIfPresent([String: Ban].self, forKey: .banned) ?? [:]
            if let names = try? container.decode([String: String].self, forKey: .keys) {
                keys = names.mapValues { KeyRecord(player: $0, proven: false, fromFormat1: true) }
            } else {
                keys = try container.decode([String: KeyRecord].self, forKey: .keys)
            }
        }
    }

    /// One key: whose it is and what is known of it.
    struct KeyRecord: Codable, Equatable {
        var player: String
        /// Its holder signed up with it or linked it with a code (or, from format 1, connected
        /// with it while its player had no proven key).
        var proven: Bool
        /// Read from a format-1 file and not yet proven; absent otherwise.
        var fromFormat1: Bool?
        /// When it became the player's, and when it last connected (seconds since 1970).
        var added: Double?
        var lastSeen: Double?
    }

    /// A player the operator banned: why (told to them when they connect) and since when.
    public struct Ban: Codable, Equatable, Sendable {
        public var reason: String?
        public var since: Double

        /// What the player reads as the connection ends.
        public func notice(for name: String) -> String {
            let because = reason.map { ": " + TextSanitizer.clean($0) } ?? "."
            return "The operator of this host has banned \(name)\(because)"
        }
    }
}
