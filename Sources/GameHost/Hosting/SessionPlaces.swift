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

/// The host's limit on sessions online at once (`hosting.maxSessions`): each connection takes
/// a place in the registry's folder before anything else starts, and keeps it until it ends.
///
/// A place is an empty file `PID.place`, made under a lock on `.lock` in the same folder while
/// the live sessions are counted, so two connections arriving together cannot both take the
/// last place. A session's own registry file (`PID-….json`) and its place count once; a place
/// whose process is gone (SIGKILL, or a hang-up before it was removed) counts for nothing and
/// is removed by the next count.
extension SessionRegistry {
    /// What a connection found: its place (the file's name, to give back), or a full host and
    /// how many were on.
    public enum Place: Equatable, Sendable {
        case taken(String)
        case full(Int)
    }

    /// For tests only: a pause between counting and taking, which widens the window two
    /// connections could both pass through without the lock.
    nonisolated(unsafe) static var pauseAfterCounting: useconds_t = 0

    /// Counts the live sessions and, under `limit`, takes a place for the process `pid`.
    /// `inPlayFor` names the connecting player when known: on a full host a player whose
    /// session is in play still comes in, since taking it over gives its place back.
    public func takePlace(limit: Int, pid: Int32 = getpid(), inPlayFor player: String? = nil) throws -> Place {
        if mkdir(directory, 0o700) != 0, errno != EEXIST {
            throw RuntimeError("cannot create \(directory): \(String(cString: strerror(errno)))")
        }
        let lock = open(directory + "/.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw RuntimeError("cannot open \(directory)/.lock: \(String(cString: strerror(errno)))") }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw RuntimeError("cannot lock \(directory)/.lock: \(String(cString: strerror(errno)))") }
        }
        defer { flock(lock, LOCK_UN) }
        let count = liveSessions()
        if Self.pauseAfterCounting > 0 { usleep(Self.pauseAfterCounting) }
        guard count < limit || player.map({ name in live().contains { $0.player == name } }) == true else {
            return .full(count)
        }
        let name = "\(pid).place"
        let descriptor = open(directory + "/" + name, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw RuntimeError("cannot write \(directory)/\(name): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        return .taken(name)
    }

    /// Gives a place back, when the connection ends.
    public func releasePlace(_ name: String) {
        unlink(directory + "/" + name)
    }

    /// The sessions online: the registry's live entries, and the places of processes that
    /// have none yet (signing up, or starting).
    public func liveSessions() -> Int {
        let entries = live()
        let withEntries = Set(entries.map(\.pid))
        let places = livePlaces().filter { !withEntries.contains($0) }
        return entries.count + places.count
    }

    /// The pids of the places whose processes still run; the places of those that are gone
    /// are removed (read by `live()` too, so the lobby and `host status` clean them).
    func livePlaces() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".place") }.compactMap { name in
            guard let pid = Int32(name.dropLast(".place".count)), Self.isAlive(pid) else {
                unlink(directory + "/" + name)
                return nil
            }
            return pid
        }
    }
}
