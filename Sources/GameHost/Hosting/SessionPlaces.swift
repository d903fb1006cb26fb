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
///
/// A key not signed up yet takes a sign-up place, `PID.signup`: it counts as a session, and
/// those of all such keys may not pass `hosting.maxSignUps`, so strangers leave places for
/// players. Once the key has a name its place becomes an ordinary one (renamed).
extension ConnectionRegistry {
    /// What a connection found: its place (the file's name, to give back), or a full host and
    /// how many were on.
    public enum Place: Equatable, Sendable {
        case taken(String)
        case full(Int)
        /// The sign-up places are all taken (how many).
        case signUpsFull(Int)
    }

    static let placeSuffix = ".place"
    static let signUpSuffix = ".signup"

    /// For tests only: a pause between counting and taking, which widens the window two
    /// connections could both pass through without the lock.
    nonisolated(unsafe) static var pauseAfterCounting: useconds_t = 0

    /// Counts the live sessions and, under `limit`, takes a place for the process `pid`.
    /// `inPlayFor` names the connecting player when known: on a full host a player whose
    /// session is in play still comes in, since taking it over gives its place back.
    /// `signUps`: the connection's key is not signed up, and sign-ups may hold this many places.
    public func takePlace(limit: Int, pid: Int32 = getpid(), inPlayFor player: String? = nil,
                          signUps: Int? = nil) throws -> Place {
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
        if let signUps {
            let signingUp = livePlaces().filter(\.signingUp).count
            guard signingUp < signUps else { return .signUpsFull(signingUp) }
        }
        let name = "\(pid)" + (signUps == nil ? Self.placeSuffix : Self.signUpSuffix)
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

    /// A sign-up's place, once its key has a name: an ordinary place from then on (the name
    /// to give back). The count of sessions is the same, so no lock is needed.
    public func signedUp(_ name: String) -> String {
        guard name.hasSuffix(Self.signUpSuffix) else { return name }
        let place = String(name.dropLast(Self.signUpSuffix.count)) + Self.placeSuffix
        return rename(directory + "/" + name, directory + "/" + place) == 0 ? place : name
    }

    /// The sessions online: the registry's live entries, and the places of processes that
    /// have none yet (signing up, or starting).
    public func liveSessions() -> Int {
        let entries = live()
        let withEntries = Set(entries.map(\.pid))
        let places = Set(livePlaces().map(\.pid)).subtracting(withEntries)
        return entries.count + places.count
    }

    /// The places whose processes still run, and which are sign-ups'; the places of those
    /// that are gone are removed (read by `live()` too, so the lobby and `host status` clean them).
    func livePlaces() -> [(pid: Int32, signingUp: Bool)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { name in
            let suffix = [Self.placeSuffix, Self.signUpSuffix].first { name.hasSuffix($0) }
            guard let suffix else { return nil }
            guard let pid = Int32(name.dropLast(suffix.count)), Self.isAlive(pid) else {
                unlink(directory + "/" + name)
                return nil
            }
            return (pid, suffix == Self.signUpSuffix)
        }
    }
}
