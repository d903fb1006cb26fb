/// The `Match User` block of sshd_config that makes an account a GameHost host
/// (`gamehost host sshd-config --account NAME --data-dir DIR`).
///
/// OpenSSH does the network and the keys; the block makes sshd run `host serve` for every
/// connection of the account whatever the client asks (ForceCommand), lets any key in and
/// tells the session which one it was (the AuthorizedKeysCommand echoes the offered key back;
/// ExposeAuthInfo writes it to the file SSH_USER_AUTH names), and turns off everything else a
/// login can do: forwarding of any kind, the agent, X11, ~/.ssh/rc, passwords.
public struct SSHDConfig: Equatable, Sendable {
    /// The hosting account, as in /etc/passwd.
    public let account: String
    /// The host's data folder (absolute).
    public let dataDirectory: String
    /// The gamehost binary, by its absolute path.
    public let executable: String
    /// A config.json for `host serve`, if the operator names one.
    public let configPath: String?
    /// The user the AuthorizedKeysCommand runs as: it reads nothing, so the least of all.
    public static let keysCommandUser = "nobody"
    /// Seconds sshd keeps a connection that opens no session (OpenSSH 9.2 and later).
    public static let unusedConnectionTimeout = 60
    /// A client that answers none of `clientAliveCountMax` probes, `clientAliveInterval`
    /// seconds apart, is gone: its connection is closed (and its game saved, as on a hang-up).
    public static let clientAliveInterval = 30
    public static let clientAliveCountMax = 3

    /// A block for `account`, checked: every path absolute and plain, since sshd splits the
    /// command lines on spaces and runs ForceCommand through the account's shell.
    public init(account: String, dataDirectory: String, executable: String,
                configPath: String? = nil) throws(UsageError) {
        guard Self.isAccountName(account) else {
            throw UsageError("--account must be a user name (lower-case letters, digits, - and _, starting with a letter or _), not '\(account)'")
        }
        for (option, path) in [("--data-dir", dataDirectory), ("the gamehost binary", executable),
                               ("--config", configPath ?? "/")] {
            guard path.hasPrefix("/") else { throw UsageError("\(option) must be an absolute path, not '\(path)'") }
            guard Self.isPlainPath(path) else {
                throw UsageError("\(option) may hold only letters, digits, / . _ + - (it goes into sshd_config and a shell command), not '\(path)'")
            }
        }
        self.account = account
        self.dataDirectory = dataDirectory
        self.executable = executable
        self.configPath = configPath
    }

    /// The block, to append to /etc/ssh/sshd_config (a Match block lasts to the end of the
    /// file or the next Match, so it goes last).
    public var text: String {
        let config = configPath.map { " --config " + $0 } ?? ""
        return """
        # GameHost: every connection of '\(account)' plays; the SSH key is the player.
        # Appended last to sshd_config (a Match block runs to the end of the file).
        # sshd runs the AuthorizedKeysCommand only if it and every folder above it are owned
        # by root and writable by no one else; '\(account)' needs a login shell (ForceCommand
        # runs through it) and no password.
        Match User \(account)
            AuthenticationMethods publickey
            PubkeyAuthentication yes
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            AuthorizedKeysFile none
            AuthorizedKeysCommand \(executable) host authorized-keys %t %k
            AuthorizedKeysCommandUser \(Self.keysCommandUser)
            ExposeAuthInfo yes
            ForceCommand \(executable) host serve --data-dir \(dataDirectory)\(config)
            PermitTTY yes
            DisableForwarding yes
            AllowTcpForwarding no
            AllowStreamLocalForwarding no
            AllowAgentForwarding no
            X11Forwarding no
            PermitTunnel no
            GatewayPorts no
            PermitListen none
            PermitOpen none
            PermitUserRC no
            MaxSessions 1
            # A connection that opens no session (ssh -N) holds no place and no idle time-out
            # of GameHost's: sshd closes it. One whose client stops answering goes too.
            UnusedConnectionTimeout \(Self.unusedConnectionTimeout)
            ClientAliveInterval \(Self.clientAliveInterval)
            ClientAliveCountMax \(Self.clientAliveCountMax)

        """
    }

    /// A user name as useradd takes it by default.
    static func isAccountName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 32,
              ("a"..."z").contains(first) || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
    }

    /// A path with nothing sshd or a shell would read as more than a path.
    static func isPlainPath(_ path: String) -> Bool {
        !path.isEmpty && path.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "/._+-".unicodeScalars.contains($0)
        }
    }
}
