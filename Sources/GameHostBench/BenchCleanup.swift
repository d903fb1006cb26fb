import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What must go when the benchmark ends, however it ends: the clients, then the server, then
/// a system limit raised for the run.
/// ^C, SIGTERM and SIGHUP are caught on a queue of their own, which cleans up and exits.
final class Cleanup: @unchecked Sendable {
    static let shared = Cleanup()
    private let lock = NSLock()
    private var clients: Set<pid_t> = []
    private var sources: [DispatchSourceSignal] = []
    var server: BenchServer? {
        get { lock.withLock { storedServer } }
        set { lock.withLock { storedServer = newValue } }
    }
    private var storedServer: BenchServer?
    /// The inotify limit raised for the run, put back last.
    var inotify: InotifyRaise? {
        get { lock.withLock { storedInotify } }
        set { lock.withLock { storedInotify = newValue } }
    }
    private var storedInotify: InotifyRaise?
    /// A folder of the benchmark's own (keys, a host's data), removed last.
    var folder: String? {
        get { lock.withLock { storedFolder } }
        set { lock.withLock { storedFolder = newValue } }
    }
    private var storedFolder: String?

    func add(_ pid: pid_t) { _ = lock.withLock { clients.insert(pid) } }
    func remove(_ pid: pid_t) { _ = lock.withLock { clients.remove(pid) } }

    func catchSignals() {
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            Glibc.signal(signal, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
            source.setEventHandler { [self] in
                FileHandle.standardError.write(Data("\ninterrupted: ending the sessions, sshd and the account\n".utf8))
                run()
                exit(130)
            }
            source.resume()
            sources.append(source)
        }
        Glibc.signal(SIGPIPE, SIG_IGN)
    }

    /// Ends every client (their sessions end with their connections), then the server.
    func run() {
        let pids = lock.withLock { () -> Set<pid_t> in defer { clients = [] }; return clients }
        for pid in pids { kill(pid, SIGTERM) }
        for pid in pids {
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        let server = lock.withLock { () -> BenchServer? in defer { storedServer = nil }; return storedServer }
        server?.remove()
        let folder = lock.withLock { () -> String? in defer { storedFolder = nil }; return storedFolder }
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
        guard let raised = lock.withLock({ () -> InotifyRaise? in defer { storedInotify = nil }; return storedInotify }) else {
            return
        }
        do {
            try raised.restore()
            print("fs.inotify.max_user_instances put back to \(raised.old)")
        } catch {
            FileHandle.standardError.write(Data("cannot put \(raised.path) back to \(raised.old): \(error)\n".utf8))
        }
    }
}
