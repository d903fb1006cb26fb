#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This same program started again as a check's child, with `posix_spawn` (Foundation's
/// Process is in full Foundation, which the lean binary does not link): standard output is
/// a pipe to the parent, standard input and error are /dev/null.
final class ChildProcess {
    let pid: pid_t
    /// The read end of the child's standard output.
    let output: Int32
    private var status: Int32?

    init?(environment: [String: String]) {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        let path = access("/proc/self/exe", X_OK) == 0 ? "/proc/self/exe" : CommandLine.arguments[0]
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(path), nil]
        let variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0.key + "=" + $0.value) } + [nil]
        defer {
            arguments.forEach { free($0) }
            variables.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, path, &actions, nil, arguments, variables)
        close(pipeEnds[1])
        guard result == 0 else {
            close(pipeEnds[0])
            errno = result
            return nil
        }
        pid = child
        output = pipeEnds[0]
    }

    deinit {
        close(output)
        _ = wait()
    }

    /// Whether the child has not ended yet (it is reaped once it has).
    var isRunning: Bool {
        guard status == nil else { return false }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
        status = raw
        return false
    }

    /// Waits for the child to end; the signal that ended it, if one did.
    func wait() -> (exit: Int32?, signal: Int32?) {
        if status == nil {
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
            status = raw
        }
        let raw = status ?? 0
        let signal = raw & 0x7F
        return signal == 0 ? ((raw >> 8) & 0xFF, nil) : (nil, signal)
    }
}
