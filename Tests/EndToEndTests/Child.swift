import Foundation
import SSHHarness

/// The real binary as a child process, with its standard input, output and error on files.
///
/// posix_spawn rather than Foundation's Process, for the reasons given at `spawn` in
/// Tmux.swift, and because some tests kill the child at a moment of their choosing.
enum Child {
    struct Result {
        let status: Int32
        let output: String
        let error: String
    }

    /// Runs `gamehost` to the end on the given key bytes.
    /// - Parameter user: with an id, the child runs as that user (the caller is root).
    /// - Parameter directory: the child's working folder; the test's own if nil.
    static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:],
                    user: UInt32? = nil, directory: String? = nil) throws -> Result {
        let files = NSTemporaryDirectory() + "gamehost-child-" + UUID().uuidString
        defer { ["in", "out", "err"].forEach { unlink(files + "." + $0) } }
        guard FileManager.default.createFile(atPath: files + ".in", contents: Data(input.utf8)) else {
            throw TmuxError("cannot write \(files).in")
        }
        let pid = try start(arguments, input: files + ".in", output: files + ".out", error: files + ".err",
                            environment: environment, user: user, directory: directory)
        let status = wait(pid)
        func read(_ suffix: String) -> String {
            String(decoding: FileManager.default.contents(atPath: files + suffix) ?? Data(), as: UTF8.self)
        }
        return Result(status: status, output: read(".out"), error: read(".err"))
    }

    /// Starts `gamehost` and returns at once with its process id.
    static func start(_ arguments: [String], input: String, output: String, error: String,
                      environment: [String: String] = [:], user: UInt32? = nil,
                      directory: String? = nil) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, error, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attributes = ChildProcess.cleanSignalAttributes()
        defer { posix_spawnattr_destroy(&attributes) }

        var command = [Tmux.binary] + arguments
        // posix_spawn_file_actions_addchdir_np is not in Glibc's Swift module: a shell changes folder.
        if let directory { command = ["/bin/sh", "-c", #"cd "$1" && shift && exec "$@""#, "sh", directory] + command }
        if let user { command = Unprivileged.prefix(user) + command }
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        var cArguments = command.map { strdup($0) } + [nil]
        var cEnvironment = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, command[0], &actions, &attributes, &cArguments, &cEnvironment)
        guard status == 0 else { throw TmuxError("cannot run \(command[0]): \(String(cString: strerror(status)))") }
        return pid
    }

    /// Waits for the child; its exit status, or 128 + the signal that ended it.
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return decode(status)
    }

    /// The child's status if it has ended, else nil; does not wait.
    static func poll(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid ? decode(status) : nil
    }

    private static func decode(_ status: Int32) -> Int32 {
        (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}

/// Permission bits do not stop root from reading a file, so as root a test that needs them
/// runs the binary as `nobody` with util-linux's setpriv; as any other user it runs as is.
enum Unprivileged {
    static let nobody: UInt32 = 65534

    /// The user to run as (nil: as we are), or why it cannot be done.
    static let user: Result<UInt32?, TmuxError> = {
        guard getuid() == 0 else { return .success(nil) }
        guard let result = try? spawn(prefix(nobody) + [Tmux.binary, "--version"]), result.status == 0 else {
            return .failure(TmuxError("running as root, and setpriv cannot run gamehost as nobody"))
        }
        return .success(nobody)
    }()

    static var isPossible: Bool { (try? user.get()) != nil }

    static func prefix(_ user: UInt32) -> [String] {
        ["setpriv", "--reuid=\(user)", "--regid=\(user)", "--clear-groups"]
    }

    /// Gives the tree to the user the binary will run as.
    static func own(_ path: String) {
        guard case .success(let user?) = user else { return }
        _ = try? spawn(["chown", "-R", "\(user):\(user)", path])
    }
}
