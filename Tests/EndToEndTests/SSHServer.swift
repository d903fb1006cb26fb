import Foundation

/// A real OpenSSH server for one test, set up as `gamehost host sshd-config` tells an
/// operator, and thrown away afterwards: a throwaway account, host key and sshd_config, on a
/// free port of 127.0.0.1 only. The system's own sshd and its config are never touched.
///
/// sshd runs the AuthorizedKeysCommand only when it and every folder above it are owned by
/// root and writable by no one else: /tmp is world-writable, and the build folder may lie
/// anywhere, so the binary is copied into a folder made for the test under /var/lib
/// (root-owned, 0755), removed at the end. Adding the account needs root, as does sshd's
/// login as another user: CI runs as root (`.ci/run`), where GAMEHOST_REQUIRE_SSHD=1 turns a
/// missing piece into a failure instead of a skip.
final class SSHServer {
    /// Why a server cannot be started here; nil when it can.
    static let whyUnavailable: String? = {
        if !Tmux.isAvailable { return "tmux is not installed" }
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

    /// Whether the tests run: always where a server can start, and where CI requires them
    /// (they then fail, with the reason, rather than skip).
    static var shouldRun: Bool {
        if whyUnavailable == nil { return true }
        if ProcessInfo.processInfo.environment["GAMEHOST_REQUIRE_SSHD"] == "1" { return true }
        FileHandle.standardError.write(Data("SSH hosting tests skipped: \(whyUnavailable!)\n".utf8))
        return false
    }

    /// The test's scratch folder: keys, sshd_config, the log.
    let folder: String
    /// The host's data folder, the account's.
    let host: String
    /// The throwaway hosting account.
    let account: String
    let port: Int
    /// The copy of gamehost sshd runs.
    let binaryFolder: String
    private var sshd: pid_t = 0

    /// Starts sshd with the block `host sshd-config` prints; `config` is a config.json for
    /// `host serve` (none: the built-in).
    /// `environment` is set for every session (sshd's SetEnv), such as a fixed seed for golden frames.
    init(config: String? = nil, environment: [String: String] = [:]) throws {
        if let reason = Self.whyUnavailable { throw TmuxError("cannot start sshd: \(reason)") }
        folder = scratchDirectory()
        host = folder + "/host"
        account = "ghe2e\(getpid() % 100_000)\(Int.random(in: 100...999))"
        binaryFolder = try Self.makeTemporaryFolder("/var/lib/gamehost-e2e.XXXXXX")
        port = try Self.freePort()
        chmod(folder, 0o755)
        let binary = binaryFolder + "/gamehost"
        // Copied by cp, not in this process: a file open for writing here would be inherited by
        // any child another test's thread forks meanwhile, and exec of the copy would then fail
        // with "Text file busy" until that child had exec'd.
        try Self.check(["/bin/cp", Tmux.binary, binary])
        chmod(binaryFolder, 0o755)
        chmod(binary, 0o755)
        try Self.check(["/usr/sbin/useradd", "-M", "-d", folder + "/home", "-s", "/bin/bash", account])
        // A '!' password means a locked account, which sshd refuses; '*' is no password at all.
        try Self.check(["/usr/sbin/usermod", "-p", "*", account])
        for path in [folder + "/home", host] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try Self.check(["chown", account, path])
        }
        try Self.check(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", folder + "/host_key"])
        var configOption: [String] = []
        if let config {
            let path = folder + "/config.json"
            try config.write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o644)
            configOption = ["--config", path]
        }
        let block = try spawn([binary, "host", "sshd-config", "--account", account, "--data-dir", host] + configOption)
        guard block.status == 0 else { throw TmuxError("host sshd-config failed: \(block.output)") }
        let sshdConfig = """
            Port \(port)
            ListenAddress 127.0.0.1
            HostKey \(folder)/host_key
            PidFile \(folder)/sshd.pid
            UsePAM no
            LoginGraceTime 20
            MaxStartups 100
            AllowUsers \(account)

            """ + environment.sorted(by: { $0.key < $1.key }).map { "SetEnv \($0.key)=\($0.value)\n" }.joined()
            + block.output
        try sshdConfig.write(toFile: folder + "/sshd_config", atomically: true, encoding: .utf8)
        // sshd's privilege separation folder; Debian's package makes it at boot only.
        try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o755])
        let syntax = try spawn(["/usr/sbin/sshd", "-t", "-f", folder + "/sshd_config"])
        guard syntax.status == 0 else { throw TmuxError("sshd -t refused the config: \(syntax.output)") }
        sshd = try Self.start(["/usr/sbin/sshd", "-D", "-f", folder + "/sshd_config", "-E", folder + "/sshd.log"])
        let deadline = Date().addingTimeInterval(10)
        while !log.contains("Server listening"), Date() < deadline { usleep(50_000) }
        guard log.contains("Server listening") else { throw TmuxError("sshd did not start: \(log)") }
    }

    deinit {
        if sshd > 0 {
            kill(sshd, SIGTERM)
            var status: Int32 = 0
            waitpid(sshd, &status, 0)
        }
        // The account's sessions end with their connections (the tests' tmux sessions); those
        // left after a while (all started by this sshd, as the throwaway account) are ended
        // by their ids, so the account can go.
        if !waitForSessionsToEnd(timeout: 5) {
            let pids = (try? spawn(["pgrep", "-u", account]))?.output.split(separator: "\n").compactMap { Int32($0) } ?? []
            for pid in pids { kill(pid, SIGKILL) }
            waitForSessionsToEnd(timeout: 5)
        }
        _ = try? spawn(["/usr/sbin/userdel", account])
        try? FileManager.default.removeItem(atPath: binaryFolder)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// sshd's log so far.
    var log: String { (try? String(contentsOfFile: folder + "/sshd.log", encoding: .utf8)) ?? "" }

    /// A new player key pair; returns the private key's path (the public one is PATH.pub).
    func newKey(_ name: String) throws -> String {
        let path = folder + "/" + name
        try Self.check(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "", "-f", path])
        return path
    }

    /// The ssh command line of a player with this key, then `extra` (options, `--`, a command).
    func ssh(_ key: String, _ extra: String = "") -> String {
        "ssh -i \(key) -p \(port) -o IdentitiesOnly=yes -o IdentityAgent=none -o BatchMode=yes"
            + " -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR"
            + " -o ConnectTimeout=10 \(extra) \(account)@127.0.0.1"
    }

    /// Whether any process of the account runs (a session not yet ended).
    var accountIsBusy: Bool { (try? spawn(["pgrep", "-u", account]))?.status == 0 }

    /// Waits until every session of the account has ended; false after the timeout.
    @discardableResult
    func waitForSessionsToEnd(timeout: Double = 15) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while accountIsBusy, Date() < deadline { usleep(100_000) }
        return !accountIsBusy
    }

    private static func check(_ arguments: [String]) throws {
        let result = try spawn(arguments)
        guard result.status == 0 else {
            throw TmuxError("\(arguments.joined(separator: " ")) failed: \(result.output)")
        }
    }

    /// Starts a program in the background, its output to /dev/null; returns its pid.
    static func start(_ arguments: [String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = cleanSignalAttributes()
        defer { posix_spawnattr_destroy(&attributes) }
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, &cArguments, environ)
        guard status == 0 else { throw TmuxError("cannot run \(arguments[0]): \(String(cString: strerror(status)))") }
        return pid
    }

    private static func makeTemporaryFolder(_ template: String) throws -> String {
        var bytes = Array(template.utf8CString)
        guard mkdtemp(&bytes) != nil else {
            throw TmuxError("cannot make \(template): \(String(cString: strerror(errno)))")
        }
        return String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A port of 127.0.0.1 nothing listens on now.
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw TmuxError("no socket") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { throw TmuxError("cannot find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
