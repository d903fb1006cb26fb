#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One-time codes that link a second key to a player: the proof that whoever holds the new
/// key is also the player. Either side may show the code and the other types it:
///
/// - the new key's sign-up screen shows a code, typed on the keys screen of a connection
///   made with one of the player's keys (`issueCode(for: key)`, `redeem(_:byPlayer:)`);
/// - the keys screen shows a code, typed on the new key's sign-up screen
///   (`issueCode(forPlayer:)`, `redeem(_:byKey:)`).
///
/// Both ends are connections sshd let in with their keys, so a code links only keys whose
/// holders are present. A code lasts `codeLifetime`, works once, and is void once
/// `wrongTriesAllowed` wrong codes were typed for its side while it was valid: anyone can
/// make keys and guess, so a guess counts against every code it could have hit, not only
/// against the guesser. They are kept in `HOST/link-codes.json` (0600, as every host file),
/// changed under its lock and always written whole; keys.json's lock is taken inside it.
extension PlayerKeys {
    static let codesFile = "link-codes.json"
    static let codesFormat = 1
    /// How long a code can be typed.
    public static let codeLifetime: TimeInterval = 600
    /// Wrong codes typed for one side while a code is valid before it is void.
    public static let wrongTriesAllowed = 5
    /// Letters and digits that cannot be taken for one another (no I/1/L, O/0/Q, U/V, S/5,
    /// Z/2, B/8, G/6): 20 of them, 8 to a code, 2.6 × 10¹⁰ codes.
    static let codeAlphabet: [Character] = Array("ACDEFHJKMNPRTWXY3479")
    static let codeLength = 8

    struct LinkCode: Codable, Equatable {
        var code: String
        /// A new key waiting for a player to type the code (shown on its sign-up screen).
        var key: String?
        /// A player waiting for a new key to type the code (shown on their keys screen).
        var player: String?
        var issued: Double
        var wrongTries = 0
        var used = false
    }

    struct Codes: Codable {
        var codes: [LinkCode] = []
    }

    /// A code for a new key's sign-up screen; the player types it on their keys screen. A
    /// key asking again gets a new code, and its earlier one goes.
    public func issueCode(for key: AuthorizedKey) throws -> String {
        try issue { LinkCode(code: $0, key: key.description, player: nil, issued: $1) }
    }

    /// A code for player `name`'s keys screen; the new key types it on its sign-up screen.
    public func issueCode(forPlayer name: String) throws -> String {
        try issue { LinkCode(code: $0, key: nil, player: name, issued: $1) }
    }

    /// A code shown on a new key's screen, typed by player `name`: that key becomes theirs.
    @discardableResult
    public func redeem(_ typed: String, byPlayer name: String) throws -> AuthorizedKey {
        var linked: AuthorizedKey?
        try redeem(typed, showingSide: { $0.key != nil }) { code in
            guard let key = code.key.flatMap({ AuthorizedKey.parse(line: $0)?.key }) else {
                throw Refusal("That code is not one this host gave.")
            }
            try link(key, to: name)
            linked = key
        }
        guard let linked else { throw Refusal("That code is not one this host gave.") }
        return linked
    }

    /// A code shown on a player's keys screen, typed on the sign-up screen of `key`: the key
    /// becomes that player's; returns their name.
    @discardableResult
    public func redeem(_ typed: String, byKey key: AuthorizedKey) throws -> String {
        var linked: String?
        try redeem(typed, showingSide: { $0.player != nil }) { code in
            guard let name = code.player else { throw Refusal("That code is not one this host gave.") }
            try link(key, to: name)
            linked = name
        }
        guard let linked else { throw Refusal("That code is not one this host gave.") }
        return linked
    }

    /// A code as shown: two groups of four.
    public static func shown(_ code: String) -> String {
        code.count == codeLength ? code.prefix(4) + "-" + code.suffix(4) : code
    }

    /// What was typed, as a code: case, spaces and dashes do not matter.
    static func normalized(_ typed: String) -> String {
        String(typed.uppercased().filter { $0 != " " && $0 != "-" })
    }

    private func issue(_ make: (String, Double) -> LinkCode) throws -> String {
        let time = now().timeIntervalSince1970
        var made = ""
        try changeCodes { codes in
            repeat {
                made = String((0..<Self.codeLength).map { _ in Self.codeAlphabet.randomElement()! })
            } while codes.codes.contains { $0.code == made }
            let code = make(made, time)
            // One waiting code per key and per player: asking again replaces it.
            codes.codes.removeAll { !$0.used && (($0.key != nil && $0.key == code.key) || ($0.player != nil && $0.player == code.player)) }
            codes.codes.append(code)
        }
        return made
    }

    /// Checks a typed code of the side `showingSide` picks and, when it is good, runs `use`
    /// (under both locks) and marks it used. A wrong code counts against every valid code of
    /// that side; the refusal says which of wrong, expired, used or void it was.
    private func redeem(_ typed: String, showingSide: (LinkCode) -> Bool, use: (LinkCode) throws -> Void) throws {
        let code = Self.normalized(typed)
        guard code.count == Self.codeLength, code.allSatisfy({ Self.codeAlphabet.contains($0) }) else {
            throw Refusal("A code has \(Self.codeLength) letters and digits, as in \(Self.shown("HJKM3R7W")); type it as it is shown.")
        }
        let time = now().timeIntervalSince1970
        var refusal: Refusal?
        try changeCodes { codes in
            guard let index = codes.codes.firstIndex(where: { $0.code == code && showingSide($0) }) else {
                for index in codes.codes.indices where showingSide(codes.codes[index]) && !codes.codes[index].used
                    && time - codes.codes[index].issued < Self.codeLifetime {
                    codes.codes[index].wrongTries += 1
                }
                refusal = Refusal("That code is not one this host gave; check it against the screen that shows it.")
                return
            }
            let found = codes.codes[index]
            if found.used {
                refusal = Refusal("That code was used already: a code works once. Ask for a new one.")
            } else if time - found.issued >= Self.codeLifetime {
                refusal = Refusal("That code has expired: a code lasts \(Int(Self.codeLifetime / 60)) minutes. Ask for a new one.")
            } else if found.wrongTries >= Self.wrongTriesAllowed {
                refusal = Refusal("That code is void: too many wrong codes were typed while it was valid. Ask for a new one.")
            } else {
                do {
                    try use(found)
                    codes.codes[index].used = true
                } catch let refused as Refusal {
                    refusal = refused
                }
            }
        }
        if let refusal { throw refusal }
    }

    /// Makes `key` player `name`'s, proven (under keys.json's lock).
    private func link(_ key: AuthorizedKey, to name: String) throws {
        let named = namedKeys()
        if let owner = named[key] {
            guard owner == name else { throw Refusal("That key is already another player's.") }
            return
        }
        try change { stored in
            if let owner = owner(of: key, stored, named), owner.name != name {
                throw Refusal("That key is already another player's.")
            }
            let time = now().timeIntervalSince1970
            let added = stored.keys[key.description].flatMap { $0.player == name && $0.proven ? $0.added : nil } ?? time
            stored.keys[key.description] = KeyRecord(player: name, proven: true, added: added, lastSeen: time)
        }
    }

    /// Changes link-codes.json under its lock; codes past their time (and an hour for a
    /// precise refusal) are dropped on the way.
    private func changeCodes(_ body: (inout Codes) throws -> Void) throws {
        try store.withLock(on: Self.codesFile) {
            var codes = store.load(Codes.self, from: Self.codesFile, format: Self.codesFormat) ?? Codes()
            let time = now().timeIntervalSince1970
            codes.codes.removeAll { time - $0.issued > Self.codeLifetime + 3600 }
            try body(&codes)
            try store.save(codes, to: Self.codesFile, format: Self.codesFormat)
        }
    }
}
