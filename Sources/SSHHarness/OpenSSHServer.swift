import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real OpenSSH server hosting GameHost, set up as `gamehost host sshd-config` tells an
/// operator and thrown away afterwards: a throwaway account, host key, player keys and
/// sshd_config in one folder, on a free port of 127.0.0.1 only. The system's own sshd and its
/// config are never touched. The end-to-end tests and the hosted benchmark both use it.
///
/// The folder is under /var/lib, not /tmp: sshd runs the AuthorizedKeysCommand only when it
/// and every folder above it are owned by root and writable by no one else, so the binary is
/// copied there. Adding the account and running sshd for it need root.
public final class OpenSSHServer: @unchecked Sendable {
    /// The server's folder (root-owned, 0755): the binary, keys, configs and logs.
    public let folder: String
    /// The throwaway hosting account.
    public let account: String
    public private(set) var port = 0
    /// The copy of gamehost sshd runs.
    public var binary: String { folder + "/gamehost" }
    /// The host's data folder, the account's.
    public var host: String { folder + "/host" }
    /// The block `host sshd-config` printed for this server.
    public private(set) var block = ""
    private let lock = NSLock()
    private var sshd: pid_t = 0
    private var starts = 0

    /// Why a server cannot be started here; nil when it can.
    public static let whyUnavailable: String? = {
        for tool in ["/usr/sbin/sshd", "/usr/bin/ssh", "/usr/bin/ssh-keygen", "/usr/sbin/useradd", "/usr/sbin/userdel"]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            return "\(tool) is missing (apt-get install openssh-server openssh-client)"
        }
        if getuid() != 0 { return "adding a throwaway hosting account and running sshd for it needs root" }
        var status = stat()
        for folder in ["/", "/var", "/var/lib"] {
            guard stat(folder, &status) == 0, status.st_uid == 0, status.st_mode & 0o022 == 0 else {
                return "\(folder) is not root-owned and closed to others; sshd would refuse the AuthorizedKeysCommand under it"
            }
        }
        return nil
    }()

    /// Makes the folder, the account and the host key, and asks `binary` for its sshd block;
    /// `config` writes a config.json for `host serve` from the folder's path (none: the
    /// built-in). Nothing runs yet; what a failure half made is taken away.
    public init(binary source: String, accountPrefix: String, config: ((_ folder: String) -> String)? = nil) throws {
        if let reason = Self.whyUnavailable { throw HarnessError("cannot start sshd: \(reason)") }
        var template = Array("/var/lib/gamehost-\(accountPrefix).XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else {
            throw HarnessError("cannot make a folder under /var/lib: \(String(cString: strerror(errno)))")
        }
        folder = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        account = "\(accountPrefix)\(getpid() % 100_000)\(Int.random(in: 100...999))"
        do {
            port = try Self.freePort()
            try setUp(copying: source, config: config?(folder))
        } catch {
            remove()
            throw error
        }
    }

    private func setUp(copying source: String, config: String?) throws {
        chmod(folder, 0o755)
        // Copied by cp, not in this process: a file open for writing here would be inherited by
        // any child another thread forks meanwhile, and exec of the copy would then fail with
        // "Text file busy" until that child had exec'd.
        try ChildProcess.check(["/bin/cp", source, binary])
        chmod(binary, 0o755)
        try ChildProcess.check(["/usr/sbin/useradd", "-M", "-d", folder + "/home", "-s", "/bin/bash", account])
        // A '!' password is a locked account, which sshd refuses; '*' is no password at all.
        try ChildProcess.check(["/usr/sbin/usermod", "-p", "*", account])
        for path in [folder + "/home", host] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try ChildProcess.check(["chown", account, path])
        }
        try ChildProcess.check(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", folder + "/host_key"])
        var configOption: [String] = []
        if let config {
            try config.write(toFile: folder + "/config.json", atomically: true, encoding: .utf8)
            chmod(folder + "/config.json", 0o644)
            configOption = ["--config", folder + "/config.json"]
        }
        let printed = try ChildProcess.run([binary, "host", "sshd-config", "--account", account, "--data-dir", host]
                                           + configOption)
        guard printed.status == 0 else { throw HarnessError("host sshd-config failed: \(printed.output)") }
        block = printed.output
        // sshd's privilege separation folder; Debian's package makes it at boot only.
        try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o755])
    }

    /// Starts sshd with `block` (the printed one unless given), `environment` set for every
    /// session (SetEnv), and waits until it listens. `ownGroup`: sshd in a process group of its
    /// own (see `ChildProcess.start`).
    public func start(block: String? = nil, environment: [String: String] = [:], maxStartups: Int = 100,
                      loginGraceTime: Int = 20, ownGroup: Bool = false) throws {
        starts += 1
        let name = "sshd.\(starts)"
        // MaxStartups: sshd drops connections beyond that many unauthenticated ones at random.
        let config = """
            Port \(port)
            ListenAddress 127.0.0.1
            HostKey \(folder)/host_key
            PidFile \(folder)/sshd.pid
            UsePAM no
            LoginGraceTime \(loginGraceTime)
            MaxStartups \(maxStartups)
            AllowUsers \(account)

            """ + environment.sorted(by: { $0.key < $1.key }).map { "SetEnv \($0.key)=\($0.value)\n" }.joined()
            + (block ?? self.block)
        let path = "\(folder)/\(name).config"
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        let syntax = try ChildProcess.run(["/usr/sbin/sshd", "-t", "-f", path])
        guard syntax.status == 0 else { throw HarnessError("sshd -t refused the config: \(syntax.output)") }
        // A log of its own: an earlier start's "Server listening" must not pass for this one's.
        let pid = try ChildProcess.start(["/usr/sbin/sshd", "-D", "-f", path, "-E", "\(folder)/\(name).log"],
                                         ownGroup: ownGroup)
        lock.withLock { sshd = pid }
        let deadline = Date().addingTimeInterval(10)
        while !log.contains("Server listening"), Date() < deadline { usleep(20_000) }
        guard log.contains("Server listening") else { throw HarnessError("sshd did not start: \(log)") }
    }

    /// The log of the sshd started last.
    public var log: String { (try? String(contentsOfFile: "\(folder)/sshd.\(starts).log", encoding: .utf8)) ?? "" }

    /// sshd's listening process (its sessions are below it); 0 when none runs.
    public var listener: pid_t { lock.withLock { sshd } }

    /// Stops sshd and waits for the account's sessions to end (their connections closed
    /// first); those still running after a while are ended by their ids.
    public func stop() {
        let pid = lock.withLock { () -> pid_t in defer { sshd = 0 }; return sshd }
        if pid > 0 {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        if !waitForSessionsToEnd(timeout: 5) {
            for process in accountProcesses() { kill(process, SIGKILL) }
            waitForSessionsToEnd(timeout: 5)
        }
    }

    /// Everything gone: sshd, the account's processes, the account, the folder.
    public func remove() {
        stop()
        _ = try? ChildProcess.run(["/usr/sbin/userdel", account])
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A new player key pair in the folder; the private key's path (the public one is PATH.pub).
    public func newKey(_ name: String) throws -> String {
        let path = folder + "/" + name
        try ChildProcess.check(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "", "-f", path])
        return path
    }

    /// The ssh command line of a player with this key, `-tt` or other options first, without
    /// the destination (`destination`).
    public func sshOptions(_ key: String, connectTimeout: Int = 10) -> [String] {
        ["-i", key, "-p", "\(port)", "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none", "-o", "BatchMode=yes",
         "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
         "-o", "ConnectTimeout=\(connectTimeout)"]
    }

    /// Where players connect.
    public var destination: String { "\(account)@127.0.0.1" }

    /// The processes running as the account (the sessions and sshd's unprivileged halves).
    public func accountProcesses() -> [pid_t] {
        guard let entry = getpwnam(account) else { return [] }
        let uid = entry.pointee.pw_uid
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { Int32($0) }.filter { pid in
            var status = stat()
            return stat("/proc/\(pid)", &status) == 0 && status.st_uid == uid
        }
    }

    /// Waits until every session of the account has ended; false after the timeout.
    @discardableResult
    public func waitForSessionsToEnd(timeout: Double = 15) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !accountProcesses().isEmpty, Date() < deadline { usleep(100_000) }
        return accountProcesses().isEmpty
    }

    /// A port of 127.0.0.1 nothing listens on now.
    public static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw HarnessError("no socket") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { throw HarnessError("cannot find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
