#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the operator's commands change (`gamehost host players`, `remove-key`, `ban`,
/// `unban`, `rename`, `remove-player`): under keys.json's lock, as sign-ups, so they can run
/// while the host does.
extension PlayerKeys {
    /// One player as the operator sees them.
    public struct PlayerSummary: Equatable, Sendable {
        public let name: String
        public let keys: [KeyInfo]
        public let ban: Ban?
    }

    /// Every player: those with keys (stored or named), a folder, or a ban; by name.
    public func players() throws -> [PlayerSummary] {
        let stored = try stored()
        var names = Set(stored.keys.values.map(\.player)).union(namedKeys().values).union(stored.banned.keys)
        names.formUnion((Path.names(in: hostDirectory + "/players") ?? []).filter { HostedPlayer.check($0) == nil })
        return names.sorted().map { PlayerSummary(name: $0, keys: keys(of: $0), ban: stored.banned[$0]) }
    }

    /// The ban of player `name`, if they are banned.
    public func ban(of name: String) -> Ban? {
        (try? stored())?.banned[name]
    }

    /// What a banned player's session says as the operator ends it; nil when not banned.
    static func banNotice(of player: HostedPlayer) -> String? {
        PlayerKeys(hostDirectory: player.hostDirectory, namedKeysPath: nil, report: { _ in })
            .ban(of: player.name)?.notice(for: player.name)
    }

    /// Bans player `name`: their keys are refused with `reason` from now on.
    public func ban(_ name: String, reason: String?) throws {
        try requireExisting(name)
        try change { $0.banned[name] = Ban(reason: reason, since: now().timeIntervalSince1970) }
    }

    /// Lifts player `name`'s ban; refused when they are not banned.
    public func unban(_ name: String) throws {
        try change { stored in
            guard stored.banned.removeValue(forKey: name) != nil else { throw Refusal("\(name) is not banned.") }
        }
    }

    /// The operator removes one of `name`'s keys by its fingerprint (as `host players` shows it).
    public func removeKey(of name: String, fingerprint: String) throws {
        try requireExisting(name)
        let theirs = keys(of: name)
        guard let found = theirs.first(where: { $0.key.fingerprint == fingerprint }) else {
            let list = theirs.map(\.key.fingerprint).joined(separator: ", ")
            throw Refusal("\(name) has no key \(fingerprint); their keys: \(list.isEmpty ? "none" : list).")
        }
        try remove(found.key, from: name, connectedWith: nil)
    }

    /// Renames a player: their folder, their keys and their ban. Refused for a name that is
    /// invalid or taken, and for a player named in the operator's list (the list would name
    /// the old name still).
    public func rename(_ old: String, to new: String) throws {
        try requireExisting(old)
        if let refusal = HostedPlayer.check(new) { throw Refusal("\(new): \(refusal)") }
        let named = namedKeys()
        if named.values.contains(old) {
            throw Refusal("\(old) is named in the operator's list of players (\(namedKeysPath ?? "hosting.namedKeys")); rename them there.")
        }
        try change { stored in
            // A change of case only is the player's own name still.
            var others = stored
            others.keys = others.keys.filter { $0.value.player != old }
            let taken = old.lowercased() == new.lowercased() ? false : isTaken(new, others, named)
            guard !taken else { throw Refusal("The name \(new) is taken; choose another.") }
            let from = hostDirectory + "/players/" + old, to = hostDirectory + "/players/" + new
            if Path.exists(from), moveFolder(from, to) != 0 {
                throw Refusal("Cannot move \(from) to \(to): \(String(cString: strerror(errno))).")
            }
            for (line, record) in stored.keys where record.player == old { stored.keys[line]?.player = new }
            if let ban = stored.banned.removeValue(forKey: old) { stored.banned[new] = ban }
        }
    }

    /// Removes a player: their keys, their ban and their folder with everything in it.
    public func removePlayer(_ name: String) throws {
        try requireExisting(name)
        if namedKeys().values.contains(name) {
            throw Refusal("\(name) is named in the operator's list of players (\(namedKeysPath ?? "hosting.namedKeys")); remove their lines there first.")
        }
        try change { stored in
            stored.keys = stored.keys.filter { $0.value.player != name }
            stored.banned[name] = nil
            let folder = hostDirectory + "/players/" + name
            if Path.exists(folder) {
                do { try FileManager.default.removeItem(atPath: folder) } catch {
                    throw Refusal("Cannot remove \(folder): \(error).")
                }
            }
        }
    }

    /// The size of a player's folder, in bytes (files only, links not followed).
    public func dataSize(of name: String) -> Int {
        Self.size(of: hostDirectory + "/players/" + name)
    }

    private static func size(of path: String) -> Int {
        var status = stat()
        guard lstat(path, &status) == 0 else { return 0 }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return Int(status.st_size)
        case S_IFDIR: return (Path.names(in: path) ?? []).reduce(0) { $0 + size(of: path + "/" + $1) }
        default: return 0
        }
    }

    private func requireExisting(_ name: String) throws {
        if let refusal = HostedPlayer.check(name) { throw Refusal("\(name): \(refusal)") }
        guard try players().contains(where: { $0.name == name }) else {
            throw Refusal("No player is called \(name); 'gamehost host players' lists them.")
        }
    }
}

/// rename(2), out of reach of `PlayerKeys.rename` inside the extension.
private func moveFolder(_ from: String, _ to: String) -> Int32 { rename(from, to) }
