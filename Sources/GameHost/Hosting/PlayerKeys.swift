#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which key is which player: `HOST/keys.json` (key → player, written by sign-ups, by keys
/// linked with a one-time code and by the operator's commands), and the operator's list of
/// keys with fixed names, which wins.
///
/// A key is a player's only once its holder has proved it: by signing up with it, or by
/// connecting with it and linking it with a code (`LinkCodes`). A public key is public, so a
/// key someone merely pasted proves nothing; such keys (kept from format 1) let no one in.
///
/// Every change is made under the file's lock, so two players signing up at the same moment
/// cannot both take one name. A keys.json that cannot be read stops every session with a
/// message, and is left as it is: moved aside and started afresh, as other files are, it
/// would make every player a stranger whose name is taken by their own folder.
public final class PlayerKeys {
    /// The host's data folder.
    public let hostDirectory: String
    /// The operator's authorized_keys file naming players (`hosting.namedKeys`), if any.
    public let namedKeysPath: String?
    let store: DataStore
    /// The host's clock: link codes expire by it.
    let now: () -> Date
    static let file = "keys.json"
    /// 2: each key has a record (player, proven, added, last seen) and bans are kept;
    /// 1: key → player name, read still.
    static let format = 2
    /// Seconds between two writes of a key's last visit.
    static let lastSeenStep: TimeInterval = 60

    /// Why a sign-up, a code or a change was refused, in words for the player or the operator.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// One key of a player, for their keys screen and `host players`.
    public struct KeyInfo: Equatable, Sendable {
        public let key: AuthorizedKey
        /// Whether its holder proved it; a key in the operator's list is proven by the operator.
        public let proven: Bool
        /// Whether it is in the operator's list (which only the operator changes).
        public let named: Bool
        /// When it became the player's and when it last connected (seconds since 1970), if known.
        public let added: Double?
        public let lastSeen: Double?
    }

    public init(hostDirectory: String, namedKeysPath: String?, now: @escaping () -> Date = Date.init,
                report: @escaping (String) -> Void) {
        self.hostDirectory = hostDirectory
        self.namedKeysPath = namedKeysPath
        self.now = now
        store = DataStore(directory: hostDirectory, report: report)
    }

    /// The keys the operator named: key → name; lines whose name `HostedPlayer.check`
    /// refuses are left out (they could name a path).
    public func namedKeys() -> [AuthorizedKey: String] {
        guard let namedKeysPath, let data = FileBytes.contents(namedKeysPath, limit: 1 << 22, followingLinks: true)
        else { return [:] }
        var named: [AuthorizedKey: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let (key, comment) = AuthorizedKey.parse(line: String(line)), let name = comment,
                  HostedPlayer.check(name) == nil, named[key] == nil else { continue }
            named[key] = name
        }
        return named
    }

    /// The player a key lets in; nil for a key never seen or one not proven.
    public func player(for key: AuthorizedKey) throws -> String? {
        owner(of: key, try stored(), namedKeys())?.name
    }

    /// A connection made with `key`: its player (nil: a stranger), with the time noted as the
    /// key's last visit. A key kept from format 1 is proven by this visit when its player has
    /// no proven key (it is then the key they signed up with, or one of theirs).
    public func arrive(_ key: AuthorizedKey) throws -> String? {
        let named = namedKeys()
        if let name = named[key] { return name }
        // Last seen is shown to the minute: a key back within one is not written again, so
        // reconnections do not queue on keys.json's lock.
        let current = try stored()
        guard let (known, provesNow) = owner(of: key, current, named) else { return nil }
        if !provesNow, let seen = current.keys[key.description]?.lastSeen,
           now().timeIntervalSince1970 - seen < Self.lastSeenStep { return known }
        var found: String?
        try change { stored in
            guard let (name, provesNow) = owner(of: key, stored, named) else { return }
            found = name
            stored.keys[key.description]?.lastSeen = now().timeIntervalSince1970
            if provesNow {
                stored.keys[key.description]?.proven = true
                stored.keys[key.description]?.fromFormat1 = nil
            }
        }
        return found
    }

    /// The keys of a player, proven or not, for their keys screen and the operator.
    public func keys(of name: String) -> [KeyInfo] {
        let named = namedKeys().filter { $0.value == name }.map {
            KeyInfo(key: $0.key, proven: true, named: true, added: nil, lastSeen: nil)
        }
        let stored = ((try? stored()) ?? Stored()).keys.compactMap { line, record -> KeyInfo? in
            guard record.player == name, let (key, _) = AuthorizedKey.parse(line: line) else { return nil }
            return KeyInfo(key: key, proven: record.proven, named: false, added: record.added, lastSeen: record.lastSeen)
        }
        return (named + stored).sorted { ($0.added ?? 0, $0.key.description) < ($1.added ?? 0, $1.key.description) }
    }

    /// Gives `key` to a new player called `name`; returns the name (the one the key already
    /// has, if another session of it signed up first).
    public func signUp(_ name: String, key: AuthorizedKey) throws -> String {
        if let refusal = HostedPlayer.check(name) { throw Refusal(refusal) }
        let named = namedKeys()
        if let fixed = named[key] { return fixed }
        var result = name
        var refusal: Refusal?
        try change { stored in
            if let existing = owner(of: key, stored, named) {
                result = existing.name
                return
            }
            guard !isTaken(name, stored, named) else {
                refusal = Refusal("The name \(name) is taken; choose another.")
                return
            }
            // A record of this key that was never proven (pasted by someone) gives way.
            let time = now().timeIntervalSince1970
            stored.keys[key.description] = KeyRecord(player: name, proven: true, added: time, lastSeen: time)
        }
        if let refusal { throw refusal }
        return result
    }

    /// Removes one of player `name`'s keys; `connectedWith` is the key of the connection asking
    /// (nil: the operator), which cannot remove itself: the player would lock themselves out
    /// in the middle of a session, or an only key could go.
    public func remove(_ key: AuthorizedKey, from name: String, connectedWith: AuthorizedKey?) throws {
        if namedKeys()[key] == name {
            throw Refusal("That key is in the operator's list of players (\(namedKeysPath ?? "hosting.namedKeys")); only the operator can take it away, there.")
        }
        if key == connectedWith {
            throw Refusal("That is the key of this connection: remove it from a connection made with another of your keys.")
        }
        var refusal: Refusal?
        try change { stored in
            guard stored.keys[key.description]?.player == name else {
                refusal = Refusal("That key is not one of \(name)'s.")
                return
            }
            stored.keys[key.description] = nil
        }
        if let refusal { throw refusal }
    }

    /// Who a key lets in, from keys.json as `stored` holds it: the operator's name for it, or
    /// the player of a proven record; `provesNow` when it is a format-1 key that proves itself
    /// by this connection (see `arrive`).
    func owner(of key: AuthorizedKey, _ stored: Stored,
               _ named: [AuthorizedKey: String]) -> (name: String, provesNow: Bool)? {
        if let name = named[key] { return (name, false) }
        // A keys.json edited by hand to name a path is not followed.
        guard let record = stored.keys[key.description], HostedPlayer.check(record.player) == nil else { return nil }
        if record.proven { return (record.player, false) }
        guard record.fromFormat1 == true, !hasProvenKey(record.player, stored, named) else { return nil }
        return (record.player, true)
    }

    private func hasProvenKey(_ name: String, _ stored: Stored, _ named: [AuthorizedKey: String]) -> Bool {
        named.values.contains(name) || stored.keys.values.contains { $0.player == name && $0.proven }
    }

    /// keys.json now: empty when there is none; throws, in words, when it cannot be read.
    func stored() throws -> Stored {
        let path = store.path(Self.file)
        guard Path.exists(path) else { return Stored() }
        do {
            guard let data = FileBytes.contents(path, limit: 1 << 26) else { throw StoreError.unreadable }
            return try store.decode(Stored.self, from: data, format: Self.format)
        } catch {
            throw Refusal("The host's list of players (\(path)) cannot be read (\(error)); nobody can sign in until its operator mends it.")
        }
    }

    /// Changes keys.json under its lock, from what it holds now. keys.json is read past
    /// DataStore's `load` (it must never be moved aside), so the temporaries a writer killed
    /// mid-save left (audit C12) are cleared here, once per process.
    func change(_ body: (inout Stored) throws -> Void) throws {
        try store.withLock(on: Self.file) {
            store.sweepTemporaries(of: Self.file)
            var current = try stored()
            try body(&current)
            try store.save(current, to: Self.file, format: Self.format)
        }
    }

    /// Names are compared without case (Alice and alice would look like one player), and a
    /// folder left by a player is theirs still.
    func isTaken(_ name: String, _ stored: Stored, _ named: [AuthorizedKey: String]) -> Bool {
        let lower = name.lowercased()
        if stored.keys.values.contains(where: { $0.player.lowercased() == lower }) { return true }
        if named.values.contains(where: { $0.lowercased() == lower }) { return true }
        let folders = Path.names(in: hostDirectory + "/players") ?? []
        return folders.contains { $0.lowercased() == lower }
    }
}
