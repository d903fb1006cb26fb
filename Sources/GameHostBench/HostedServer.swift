import Foundation
import SSHHarness
#if canImport(Glibc)
import Glibc
#endif

/// The hosted benchmark's own OpenSSH server (the harness the end-to-end tests use too), with
/// the benchmark's players named by the operator, so no session stops at sign-up, and limits
/// high enough never to refuse its sessions. sshd can run GameHost or a floor to compare with.
final class BenchServer: @unchecked Sendable {
    /// What sshd runs for each connection: GameHost, or a floor to compare it with.
    enum Command: String { case game, cat, echo }

    let server: OpenSSHServer
    /// The host's data folder, the account's.
    var host: String { server.host }
    var port: Int { server.port }
    /// Private key paths, one per player, `bench1`…
    private(set) var keys: [String] = []

    /// Why the benchmark cannot run here; nil when it can.
    static var whyUnavailable: String? { OpenSSHServer.whyUnavailable }

    /// A server for the `benchmark` named, with ^C cleaning up, as many open files as the
    /// system allows (hundreds of clients each hold several) and inotify instances for
    /// `sessions` at once (raised for the run if need be); the caller runs the cleanup.
    static func started(binary: String, for benchmark: String, sessions: Int) throws -> BenchServer {
        if let reason = whyUnavailable { throw BenchError("cannot run the \(benchmark) benchmark: \(reason)") }
        Cleanup.shared.catchSignals()
        var files = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
        files.rlim_cur = files.rlim_max
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
        if let raised = try InotifyRaise.ifNeeded(for: sessions) {
            Cleanup.shared.inotify = raised
            print("fs.inotify.max_user_instances raised from \(raised.old) to \(raised.new) for this run "
                  + "(\(sessions) sessions, one each); it is put back at the end")
        }
        do { return try BenchServer(binary: binary) } catch {
            Cleanup.shared.run()
            throw error
        }
    }

    init(binary source: String) throws {
        server = try OpenSSHServer(binary: source, accountPrefix: "ghbench") { folder in
            #"{"hosting": {"namedKeys": "\#(folder)/players.keys", "maxSessions": 100000, "idleTimeout": 0}}"#
        }
        Cleanup.shared.server = self
    }

    /// Makes player keys up to `count`, each named in the operator's list.
    func makeKeys(_ count: Int) throws {
        while keys.count < count { keys.append(try server.newKey("player\(keys.count + 1)")) }
        let lines = try keys.enumerated().map { index, path in
            let key = try String(contentsOfFile: path + ".pub", encoding: .utf8).split(separator: " ").prefix(2)
            return key.joined(separator: " ") + " bench\(index + 1)\n"
        }
        let list = server.folder + "/players.keys"
        try lines.joined().write(toFile: list, atomically: true, encoding: .utf8)
        chmod(list, 0o644)
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
        let lines = server.block.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            force.isEmpty || !line.trimmingCharacters(in: .whitespaces).hasPrefix("ForceCommand ")
                ? String(line) : "    " + force
        }
        // sshd in a group of its own: a ^C at the terminal reaches the benchmark, which ends it in order.
        try server.start(block: lines.joined(separator: "\n"), maxStartups: 5000, loginGraceTime: 60, ownGroup: true)
    }

    /// The last lines of the running sshd's log, for a failure's message.
    var logTail: String { server.log.split(separator: "\n").suffix(8).joined(separator: "\n") }

    /// sshd's listening process (its sessions are below it).
    var listener: pid_t { server.listener }

    /// Stops sshd and waits for the account's sessions to end.
    func stop() { server.stop() }

    /// Empties the host's data folder, so every run starts with players on their first visit.
    func clearHostData() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: host)) ?? [] {
            try? FileManager.default.removeItem(atPath: host + "/" + name)
        }
    }

    /// Everything gone: sshd, the account's processes, the account, the folder.
    func remove() { server.remove() }

    @discardableResult
    func waitForSessionsToEnd(timeout: Double) -> Bool { server.waitForSessionsToEnd(timeout: timeout) }

    /// The ssh command line of player `index` (from 0), `-tt` and all.
    func ssh(_ index: Int) -> [String] {
        ["/usr/bin/ssh", "-tt"] + server.sshOptions(keys[index], connectTimeout: 60)
            + ["-o", "ControlMaster=no", "-o", "ControlPath=none", server.destination]
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
