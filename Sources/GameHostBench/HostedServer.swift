import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The hosted benchmark's own OpenSSH server, set up as `gamehost host sshd-config` tells an
/// operator and thrown away afterwards (as Tests/EndToEndTests/SSHServer.swift does): a
/// throwaway account, host key, player keys and sshd_config in one folder under /var/lib, on
/// a free port of 127.0.0.1. The system's sshd and its config are never touched.
///
/// The folder is under /var/lib, not /tmp: sshd runs the AuthorizedKeysCommand only when it
/// and every folder above it are owned by root and writable by no one else.
final class BenchServer: @unchecked Sendable {
    /// What sshd runs for each connection: GameHost, or a floor to compare it with.
    enum Command: String { case game, cat, echo }

    let folder: String
    let account: String
    let port: Int
    let binary: String
    /// The host's data folder, the account's.
    var host: String { folder + "/host" }
    /// Private key paths, one per player, `bench1`…
    private(set) var keys: [String] = []
    private var block = ""
    private let lock = NSLock()
    private var sshd: pid_t = 0
    private var starts = 0
    private var lastCommand = Command.game

    /// Why the benchmark cannot run here; nil when it can.
    static var whyUnavailable: String? {
        for tool in ["/usr/sbin/sshd", "/usr/bin/ssh", "/usr/bin/ssh-keygen", "/usr/sbin/useradd", "/usr/sbin/userdel"]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            return "\(tool) is missing (apt-get install openssh-server openssh-client)"
        }
        if getuid() != 0 { return "adding a throwaway hosting account and running sshd for it needs root" }
        return nil
    }

    init(binary source: String) throws {
        var template = Array("/var/lib/gamehost-bench.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw BenchError("cannot make a folder under /var/lib") }
        folder = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        account = "ghbench\(getpid() % 100_000)"
        port = try Self.freePort()
        binary = folder + "/gamehost"
        Cleanup.shared.server = self
        chmod(folder, 0o755)
        try FileManager.default.copyItem(atPath: source, toPath: binary)
        chmod(binary, 0o755)
        try Self.check(["/usr/sbin/useradd", "-M", "-d", folder + "/home", "-s", "/bin/bash", account])
        // A '!' password is a locked account, which sshd refuses; '*' is no password at all.
        try Self.check(["/usr/sbin/usermod", "-p", "*", account])
        for path in [folder + "/home", host] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try Self.check(["chown", account, path])
        }
        try Self.check(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", folder + "/host_key"])
        // Players are named by the operator (hosting.namedKeys), so no session stops at sign-up;
        // limits high enough never to refuse the benchmark's sessions.
        let config = #"{"hosting": {"namedKeys": "\#(folder)/players.keys", "maxSessions": 100000, "idleTimeout": 0}}"#
        try config.write(toFile: folder + "/config.json", atomically: true, encoding: .utf8)
        chmod(folder + "/config.json", 0o644)
        let printed = try Self.run([binary, "host", "sshd-config", "--account", account, "--data-dir", host,
                                    "--config", folder + "/config.json"])
        guard printed.status == 0 else { throw BenchError("host sshd-config failed: \(printed.output)") }
        block = printed.output
        try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o755])
    }

    /// Makes player keys up to `count`, each named in the operator's list.
    func makeKeys(_ count: Int) throws {
        while keys.count < count {
            let path = folder + "/player\(keys.count + 1)"
            try Self.check(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "", "-f", path])
            keys.append(path)
        }
        let lines = try keys.enumerated().map { index, path in
            let key = try String(contentsOfFile: path + ".pub", encoding: .utf8).split(separator: " ").prefix(2)
            return key.joined(separator: " ") + " bench\(index + 1)\n"
        }
        try lines.joined().write(toFile: folder + "/players.keys", atomically: true, encoding: .utf8)
        chmod(folder + "/players.keys", 0o644)
    }

    /// Starts sshd running `command` for every connection: GameHost's block as printed, or the
    /// same block with its ForceCommand replaced by a floor.
    func start(_ command: Command) throws {
        let force: String
        switch command {
        case .game: force = ""
        case .cat: force = "ForceCommand /bin/cat"
        case .echo: force = "ForceCommand echo ready"
        }
        let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            force.isEmpty || !line.trimmingCharacters(in: .whitespaces).hasPrefix("ForceCommand ")
                ? String(line) : "    " + force
        }
        // MaxStartups: sshd drops connections beyond 10 unauthenticated ones at random.
        let config = """
            Port \(port)
            ListenAddress 127.0.0.1
            HostKey \(folder)/host_key
            PidFile \(folder)/sshd.pid
            UsePAM no
            LoginGraceTime 60
            MaxStartups 5000
            AllowUsers \(account)

            """ + lines.joined(separator: "\n")
        let path = folder + "/sshd_config.\(command.rawValue)"
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        let syntax = try Self.run(["/usr/sbin/sshd", "-t", "-f", path])
        guard syntax.status == 0 else { throw BenchError("sshd -t refused the config: \(syntax.output)") }
        starts += 1
        lastCommand = command
        // A log of its own: an earlier start's "Server listening" must not pass for this one's.
        let log = folder + "/sshd.\(starts).\(command.rawValue).log"
        let pid = try Self.start(["/usr/sbin/sshd", "-D", "-f", path, "-E", log])
        lock.withLock { sshd = pid }
        let deadline = Date().addingTimeInterval(10)
        func listening() -> Bool { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("Server listening") }
        while !listening(), Date() < deadline { usleep(20_000) }
        guard listening() else { throw BenchError("sshd did not start; see \(log)") }
    }

    /// The last lines of the running sshd's log, for a failure's message.
    var logTail: String {
        let text = (try? String(contentsOfFile: "\(folder)/sshd.\(starts).\(lastCommand.rawValue).log", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(8).joined(separator: "\n")
    }

    /// sshd's listening process (its sessions are below it).
    var listener: pid_t { lock.withLock { sshd } }

    /// Stops sshd and waits for the account's sessions to end (the clients were closed
    /// first); those still running after a while are ended by their ids.
    func stop() {
        let pid = lock.withLock { () -> pid_t in defer { sshd = 0 }; return sshd }
        if pid > 0 {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        if !waitForSessionsToEnd(timeout: 10) {
            for process in accountProcesses() { kill(process, SIGKILL) }
            waitForSessionsToEnd(timeout: 5)
        }
    }

    /// Empties the host's data folder, so every run starts with players on their first visit.
    func clearHostData() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: host)) ?? [] {
            try? FileManager.default.removeItem(atPath: host + "/" + name)
        }
    }

    /// Everything gone: sshd, the account's processes, the account, the folder.
    func remove() {
        stop()
        _ = try? Self.run(["/usr/sbin/userdel", account])
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The processes running as the account (the sessions and sshd's unprivileged halves).
    func accountProcesses() -> [pid_t] {
        guard let entry = getpwnam(account) else { return [] }
        let uid = entry.pointee.pw_uid
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { Int32($0) }.filter { pid in
            var status = stat()
            return stat("/proc/\(pid)", &status) == 0 && status.st_uid == uid
        }
    }

    @discardableResult
    func waitForSessionsToEnd(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !accountProcesses().isEmpty, Date() < deadline { usleep(100_000) }
        return accountProcesses().isEmpty
    }

    /// The ssh command line of player `index` (from 0), `-tt` and all.
    func ssh(_ index: Int) -> [String] {
        ["/usr/bin/ssh", "-tt", "-i", keys[index], "-p", "\(port)", "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none",
         "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
         "-o", "LogLevel=ERROR", "-o", "ConnectTimeout=60", "-o", "ControlMaster=no", "-o", "ControlPath=none",
         "\(account)@127.0.0.1"]
    }

    private static func check(_ arguments: [String]) throws {
        let result = try run(arguments)
        guard result.status == 0 else { throw BenchError("\(arguments.joined(separator: " ")) failed: \(result.output)") }
    }

    /// Runs a program to its end; its status and output (stdout and stderr).
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let output = NSTemporaryDirectory() + "gamehost-bench-\(getpid())-\(UUID().uuidString)"
        defer { unlink(output) }
        let pid = try start(arguments, output: output)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        return ((status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f), text)
    }

    /// Starts a program in a process group of its own (a ^C at the terminal reaches the
    /// benchmark, which ends it in order), its output to `output`; returns its pid.
    static func start(_ arguments: [String], output: String = "/dev/null") throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, arguments[0], &actions, &attributes, &cArguments, environ)
        guard status == 0 else { throw BenchError("cannot run \(arguments[0]): \(String(cString: strerror(status)))") }
        return pid
    }

    /// A port of 127.0.0.1 nothing listens on now.
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw BenchError("no socket") }
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
        guard bound else { throw BenchError("cannot find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
