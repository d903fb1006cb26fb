#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An SSH public key as OpenSSH writes it, `TYPE BASE64`: what identifies a player. It is
/// compared whole (type and key), so no two keys can be taken for one.
public struct AuthorizedKey: Hashable, Sendable, CustomStringConvertible {
    /// The key's algorithm: `ssh-ed25519`, `ecdsa-sha2-nistp256`, `sk-ssh-ed25519@openssh.com`…
    public let type: String
    /// The key itself, in base64.
    public let base64: String

    /// A key from its two parts; nil unless both look like what OpenSSH writes: the key's
    /// bytes start with its type's name, as every OpenSSH public key does.
    public init?(type: String, base64: String) {
        guard Self.isType(type), Self.isBase64(base64), let blob = Data(base64Encoded: base64) else { return nil }
        let name = Array(type.utf8)
        let length = Data([0, 0, 0, UInt8(name.count)])
        guard blob.count > 4 + name.count, blob.prefix(4) == length, Array(blob.dropFirst(4).prefix(name.count)) == name
        else { return nil }
        self.type = type
        self.base64 = base64
    }

    /// `TYPE BASE64`, as keys.json and authorized_keys hold it.
    public var description: String { type + " " + base64 }

    /// The fingerprint `ssh-keygen -l` prints, `SHA256:` and the digest of the key's bytes in
    /// base64 without its padding: what a player can compare with their own key's.
    public var fingerprint: String {
        let digest = Data(SHA256.hash(Data(base64Encoded: base64) ?? Data())).base64EncodedString()
        return "SHA256:" + digest.prefix { $0 != "=" }
    }

    /// A line of an authorized_keys file or a pasted `.pub` file: `[options] TYPE BASE64
    /// [comment]`. Returns the key and the comment's first word (a player's name in the
    /// operator's list); nil for a blank line, a `#` comment or something else.
    public static func parse(line: String) -> (key: AuthorizedKey, comment: String?)? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first, !first.hasPrefix("#") else { return nil }
        // Options (`restrict,pty`) may stand before the type; they hold no spaces here.
        for start in 0..<min(2, words.count) where start + 1 < words.count {
            if let key = AuthorizedKey(type: words[start], base64: words[start + 1]) {
                return (key, start + 2 < words.count ? words[start + 2] : nil)
            }
        }
        return nil
    }

    /// The key sshd's AuthorizedKeysCommand offers (`%t %k`), as a line sshd accepts, with
    /// `restrict,pty`: whatever sshd_config says, that login can forward nothing, run no
    /// ~/.ssh/rc and gets only a terminal. Nil for anything that is not a key.
    public static func line(type: String, key: String) -> String? {
        AuthorizedKey(type: type, base64: key).map { "restrict,pty " + $0.description }
    }

    /// The key a session was let in with: the last `publickey TYPE BASE64` line of the file
    /// sshd's ExposeAuthInfo names in SSH_USER_AUTH.
    public static func fromAuthInfo(_ text: String) -> AuthorizedKey? {
        var found: AuthorizedKey?
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            if words.count >= 3, words[0] == "publickey", let key = AuthorizedKey(type: words[1], base64: words[2]) {
                found = key
            }
        }
        return found
    }

    static func isType(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64 && text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || "-@.".unicodeScalars.contains($0)
        }
    }

    static func isBase64(_ text: String) -> Bool {
        // 16 kB holds an RSA key of 16,384 bits; nothing longer is a key.
        !text.isEmpty && text.utf8.count <= 16_384 && text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "+/=".unicodeScalars.contains($0)
        }
    }
}
