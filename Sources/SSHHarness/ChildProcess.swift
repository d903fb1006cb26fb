import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Programs the harness runs: spawned directly, never through Foundation's Process or a pipe
/// (a tmux server or sshd started below would inherit a pipe, which would then never reach
/// its end, and Process was seen to leave exited children unreaped under the test runner).
public enum ChildProcess {
    /// Runs a program found on PATH to its end; its status and output (stdout and stderr).
    public static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let output = NSTemporaryDirectory() + "gamehost-spawn-\(getpid())-\(UUID().uuidString)"
        defer { unlink(output) }
        let pid = try start(arguments, output: output)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = FileManager.default.contents(atPath: output).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return ((status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f), text)
    }

    /// Runs a program to its end and throws, with its output, unless it succeeded.
    public static func check(_ arguments: [String]) throws {
        let result = try run(arguments)
        guard result.status == 0 else { throw HarnessError("\(arguments.joined(separator: " ")) failed: \(result.output)") }
    }

    /// Starts a program found on PATH, its output to `output`, with clean signals
    /// (`cleanSignalAttributes`); returns its pid. `ownGroup`: in a process group of its own,
    /// so a ^C at the terminal reaches the caller alone, which ends it in order.
    public static func start(_ arguments: [String], output: String = "/dev/null", ownGroup: Bool = false) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = cleanSignalAttributes(ownGroup: ownGroup)
        defer { posix_spawnattr_destroy(&attributes) }
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, arguments[0], &actions, &attributes, &cArguments, environ)
        guard status == 0 else { throw HarnessError("cannot run \(arguments[0]): \(String(cString: strerror(status)))") }
        return pid
    }
}

extension ChildProcess {
    /// Spawn attributes for a child with no blocked signals and every handler at its default
    /// (the test runner's threads block some signals, and children must not inherit that);
    /// `ownGroup`: in a process group of its own. The caller destroys them.
    public static func cleanSignalAttributes(ownGroup: Bool = false) -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        return attributes
    }
}

/// What went wrong setting up or running the harness, in words for a failure's message.
public struct HarnessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
