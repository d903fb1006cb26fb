import Foundation
import SSHHarness

/// A real OpenSSH server for one test (the harness the hosted benchmark uses too), hosting
/// the built binary, and thrown away at the end of the test. CI runs as root (`.ci/run`),
/// where GAMEHOST_REQUIRE_SSHD=1 turns a missing piece into a failure instead of a skip.
final class SSHServer {
    /// Why a server cannot be started here; nil when it can.
    static let whyUnavailable: String? = Tmux.isAvailable ? OpenSSHServer.whyUnavailable : "tmux is not installed"

    /// Whether the tests run: always where a server can start, and where CI requires them
    /// (they then fail, with the reason, rather than skip).
    static var shouldRun: Bool {
        if whyUnavailable == nil { return true }
        if ProcessInfo.processInfo.environment["GAMEHOST_REQUIRE_SSHD"] == "1" { return true }
        FileHandle.standardError.write(Data("SSH hosting tests skipped: \(whyUnavailable!)\n".utf8))
        return false
    }

    let server: OpenSSHServer
    /// The test's folder: keys, sshd_config, the log, the copy of gamehost sshd runs.
    var folder: String { server.folder }
    /// The host's data folder, the account's.
    var host: String { server.host }
    /// The throwaway hosting account.
    var account: String { server.account }
    var port: Int { server.port }
    /// The folder of the copy of gamehost sshd runs.
    var binaryFolder: String { server.folder }

    /// Starts sshd with the block `host sshd-config` prints; `config` is a config.json for
    /// `host serve` (none: the built-in). `environment` is set for every session (sshd's
    /// SetEnv), such as a fixed seed for golden frames.
    init(config: String? = nil, environment: [String: String] = [:]) throws {
        if let reason = Self.whyUnavailable { throw TmuxError("cannot start sshd: \(reason)") }
        server = try OpenSSHServer(binary: Tmux.binary, accountPrefix: "ghe2e", config: config.map { text in { _ in text } })
        do {
            try server.start(environment: environment)
        } catch {
            server.remove()
            throw error
        }
    }

    deinit { server.remove() }

    /// sshd's log so far.
    var log: String { server.log }

    /// A new player key pair; returns the private key's path (the public one is PATH.pub).
    func newKey(_ name: String) throws -> String { try server.newKey(name) }

    /// The ssh command line of a player with this key, then `extra` (options, `--`, a command).
    func ssh(_ key: String, _ extra: String = "") -> String {
        (["ssh"] + server.sshOptions(key)).joined(separator: " ") + " \(extra) \(server.destination)"
    }

    /// Waits until every session of the account has ended; false after the timeout.
    @discardableResult
    func waitForSessionsToEnd(timeout: Double = 15) -> Bool { server.waitForSessionsToEnd(timeout: timeout) }

    /// Starts a program in the background, its output to /dev/null; returns its pid.
    static func start(_ arguments: [String]) throws -> pid_t { try ChildProcess.start(arguments) }

    /// A port of 127.0.0.1 nothing listens on now.
    static func freePort() throws -> Int { try OpenSSHServer.freePort() }
}
