#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which key is which player: `HOST/keys.json` (key → name, written by sign-ups and by
/// players adding a key), and the operator's list of keys with fixed names, which wins.
/// Every change is made under the file's lock, so two players signing up at the same moment
/// cannot both take one name. A keys.json that cannot be read stops every session with a
/// message, and is left as it is: moved aside and started afresh, as other files are, it
/// would make every player a stranger whose name is taken by their own folder.
public final class PlayerKeys {
    /// The host's data folder.
    public let hostDirectory: String
    /// The operator's authorized_keys file naming players (`hosting.namedKeys`), if any.
    public let namedKeysPath: String?
    private let store: DataStore
    static let file = "keys.json"
    static let format = 1

    struct Stored: Codable {
        /// `TYPE BASE64` → player name.
        var keys: [String: String] = [:]
    }

    /// Why a sign-up or a new key was refused, in words for the player.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    public init(hostDirectory: String, namedKeysPath: String?, report: @escaping (String) -> Void) {
        self.hostDirectory = hostDirectory
        self.namedKeysPath = namedKeysPath
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

    /// The player of a key; nil for a key never seen.
    public func player(for key: AuthorizedKey) throws -> String? {
        if let name = namedKeys()[key] { return name }
        let name = try stored().keys[key.description]
        // A keys.json edited by hand to name a path is not followed.
        return name.flatMap { HostedPlayer.check($0) == nil ? $0 : nil }
    }

    /// The keys of a player, for their settings screen.
    public func keys(of name: String) -> [String] {
        let named = namedKeys().filter { $0.value == name }.map(\.key.description)
        return (named + ((try? stored()) ?? Stored()).keys.filter { $0.value == name }.map(\.key)).sorted()
    }

    /// Gives `key` to a new player called `name`; returns the name (the one the key already
    /// has, if another session of it signed up first).
    public func signUp(_ name: String, key: AuthorizedKey) throws -> String {
        if let refusal = HostedPlayer.check(name) { throw Refusal(refusal) }
        if let fixed = namedKeys()[key] { return fixed }
        var result = name
        var refusal: Refusal?
        let named = namedKeys()
        try change { stored in
            if let existing = stored.keys[key.description] {
                result = existing
                return
            }
            guard !isTaken(name, stored, named) else {
                refusal = Refusal("The name \(name) is taken; choose another.")
                return
            }
            stored.keys[key.description] = name
        }
        if let refusal { throw refusal }
        return result
    }

    /// Adds a second key to player `name`: the line of a `.pub` file or authorized_keys.
    public func add(keyLine line: String, to name: String) throws {
        guard let (key, _) = AuthorizedKey.parse(line: line.trimmed) else {
            throw Refusal("That is not a public key: paste one line of a .pub file, such as ssh-ed25519 AAAA… you@laptop.")
        }
        if let owner = namedKeys()[key] {
            if owner == name { return }
            throw Refusal("That key belongs to another player.")
        }
        var refusal: Refusal?
        try change { stored in
            if let owner = stored.keys[key.description], owner != name {
                refusal = Refusal("That key belongs to another player.")
                return
            }
            stored.keys[key.description] = name
        }
        if let refusal { throw refusal }
    }

    /// keys.json now: empty when there is none; throws, in words, when it cannot be read.
    private func stored() throws -> Stored {
        let path = store.path(Self.file)
        guard Path.exists(path) else { return Stored() }
        do {
            guard let data = FileBytes.contents(path, limit: 1 << 26) else { throw StoreError.unreadable }
            return try store.decode(Stored.self, from: data, format: Self.format)
        } catch {
            throw Refusal("The host's list of players (\(path)) cannot be read (\(error)); nobody can sign in until its operator mends it.")
        }
    }

    /// Changes keys.json under its lock, from what it holds now.
    private func change(_ body: (inout Stored) -> Void) throws {
        try store.withLock(on: Self.file) {
            var current = try stored()
            body(&current)
            try store.save(current, to: Self.file, format: Self.format)
        }
    }

    /// Names are compared without case (Alice and alice would look like one player), and a
    /// folder left by a player is theirs still.
    private func isTaken(_ name: String, _ stored: Stored, _ named: [AuthorizedKey: String]) -> Bool {
        let lower = name.lowercased()
        if stored.keys.values.contains(where: { $0.lowercased() == lower }) { return true }
        if named.values.contains(where: { $0.lowercased() == lower }) { return true }
        let folders = Path.names(in: hostDirectory + "/players") ?? []
        return folders.contains { $0.lowercased() == lower }
    }
}
