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

/// Who is online on a host: one small JSON file per live hosted session in
/// `HOST/sessions/`, for the lobby and `gamehost host status`.
///
/// Each session writes only its own file, always whole (a temporary file renamed over it),
/// so a reader sees the old or the new version and no lock is needed. The time of the
/// player's last input is also the file's modification time: an input that changes nothing
/// else only sets that time (`touch`), as a rename over a file starts its write-back (ext4).
/// A session killed with SIGKILL cannot remove its file: a file whose process is gone is
/// ignored and removed by the next reader. Files are 0600 and the folder 0700: only the
/// hosting account reads them.
public struct ConnectionRegistry: Sendable {
    /// One live session, as its file holds it.
    public struct Entry: Codable, Equatable, Sendable {
        /// The file's format, raised when a field changes meaning.
        public var format = 1
        /// The session's name in the registry: its file's name without `.json`.
        public var id = ""
        /// The session's process.
        public var pid: Int32
        /// The player's name.
        public var player: String
        /// The id and the title of the game being played; nil in the lobby or the menu.
        public var game: String?
        public var title: String?
        /// When the session started, and when its game did (seconds since 1970).
        public var started: Double
        public var gameStarted: Double?
        /// When the player last pressed a key, clicked or pasted.
        public var lastInput: Double
        /// The player's terminal, in cells.
        public var width: Int
        public var height: Int
        /// How many watch this session (counted from the watchers' own files when read), and
        /// whether the player lets them.
        public var watchers = 0
        public var watchable = true
        /// The id of the session this one watches, if any ("room-CODE" for a room).
        public var watching: String?
        /// The room this session sits in (its code) and its seat there (nil: watching it).
        public var room: String?
        public var seat: Int?
        /// When the session's process started (seconds since 1970), where the system says: a
        /// file whose pid now runs a process started at another time is a dead session's.
        public var processStarted: Double?
        /// Where the player is when in no game, room or watch: "games" (the menu), "Scores ·
        /// Counter", a game's page; nil: the lobby (audit K4: not "lobby" from the menu).
        public var place: String?

        public init(pid: Int32, player: String, game: String? = nil, title: String? = nil, started: Double,
                    gameStarted: Double? = nil, lastInput: Double, width: Int, height: Int,
                    watchers: Int = 0, watchable: Bool = true) {
            self.pid = pid
            self.player = player
            self.game = game
            self.title = title
            self.started = started
            self.gameStarted = gameStarted
            self.lastInput = lastInput
            self.width = width
            self.height = height
            self.watchers = watchers
            self.watchable = watchable
        }
    }

    /// The sessions' folder (`HostedPlayer.sessionsDirectory`).
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// A file name for a new session of this process: its pid first, so a reader can tell
    /// whether it still runs, then something unique (one process may hold several sessions
    /// under test).
    public static func fileName(pid: Int32 = getpid()) -> String {
        "\(pid)-\(UUID().uuidString.prefix(8).lowercased()).json"
    }

    /// The session a file name holds.
    static func id(of name: String) -> String { String(name.dropLast(".json".count)) }

    /// Writes a session's file whole, creating the folder (0700) if it has to.
    public func write(_ entry: Entry, as name: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var entry = entry
        entry.id = Self.id(of: name)
        let bytes = Array(try encoder.encode(entry)) + [UInt8(ascii: "\n")]
        let path = directory + "/" + name
        let temporary = directory + "/." + name + ".tmp"
        var descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        if descriptor < 0, errno == ENOENT {
            if mkdir(directory, 0o700) != 0, errno != EEXIST {
                throw RuntimeError("cannot create \(directory): \(String(cString: strerror(errno)))")
            }
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        }
        guard descriptor >= 0 else {
            throw RuntimeError("cannot write \(temporary): \(String(cString: strerror(errno)))")
        }
        var failure = bytes.withUnsafeBytes { GameHost.writeAll(descriptor, $0) }
        // The modification time is the last input's (see `touch`), never the write's.
        if failure == 0, futimens(descriptor, Self.times(modified: entry.lastInput)) != 0 { failure = errno }
        close(descriptor)
        // No fsync: the file says who is online now, and means nothing after a crash.
        guard failure == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw RuntimeError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Moves the time of a session's last input (its file's modification time) to `time`,
    /// in seconds since 1970, leaving the file's text as it is.
    public func touch(_ name: String, lastInput time: Double) throws {
        let path = directory + "/" + name
        guard utimensat(AT_FDCWD, path, Self.times(modified: time), 0) == 0 else {
            throw RuntimeError("cannot touch \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Access time left as it is, modification time set to `modified` (seconds since 1970).
    private static func times(modified: Double) -> [timespec] {
        let seconds = modified.rounded(.down)
        // UTIME_OMIT, a macro Swift does not import.
        #if canImport(Darwin)
        let omit = -2
        #else
        let omit = (1 << 30) - 2
        #endif
        return [timespec(tv_sec: 0, tv_nsec: omit),
                timespec(tv_sec: Int(seconds), tv_nsec: min(999_999_999, Int(((modified - seconds) * 1e9).rounded())))]
    }

    /// Removes a session's file.
    public func remove(_ name: String) {
        unlink(directory + "/" + name)
    }

    /// Entries already read, by file name, with the file's bytes: a lobby reads the registry
    /// every second, and decodes again only the files whose text changed (a file's inode can
    /// be reused by its next version, and its time moves with every `touch`).
    public final class Cache: @unchecked Sendable {
        var read: [String: (bytes: Data, entry: Entry)] = [:]
        public init() {}
    }

    /// The live sessions, longest online first, each with the number of sessions watching it.
    /// Files of processes that are gone are removed; files that cannot be read are skipped
    /// (someone else's, or not a session's).
    public func live(cache: Cache? = nil) -> [Entry] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        let files = names.filter { $0.hasSuffix(".json") }
        // Places of connections that are gone (SIGKILL before they gave them back) go too, and
        // the watchers' folders of sessions whose file is gone (a signal ended them).
        if names.contains(where: { $0.hasSuffix(Self.placeSuffix) || $0.hasSuffix(Self.signUpSuffix) }) { _ = livePlaces() }
        let present = Set(files)
        for name in names where name.hasSuffix(Self.watchersSuffix) {
            let id = String(name.dropLast(Self.watchersSuffix.count))
            if !present.contains(id + ".json") { removeWatchers(of: id) }
        }
        var entries = files.compactMap { entry($0, cache: cache) }
        if let cache, cache.read.count > files.count {
            cache.read = cache.read.filter { present.contains($0.key) }
        }
        var watchers: [String: Int] = [:]
        for entry in entries { if let watched = entry.watching { watchers[watched, default: 0] += 1 } }
        for index in entries.indices { entries[index].watchers = watchers[entries[index].id] ?? 0 }
        return entries.sorted { ($0.started, $0.player, $0.id) < ($1.started, $1.player, $1.id) }
    }

    /// One live session, by its file's name or its id; nil when it has ended.
    public func entry(_ name: String, cache: Cache? = nil) -> Entry? {
        let name = name.hasSuffix(".json") ? name : name + ".json"
        guard !name.hasPrefix("."), !name.contains("/") else { return nil }
        let path = directory + "/" + name
        guard let pid = name.split(separator: "-").first.flatMap({ Int32($0) }) else { return nil }
        guard Self.isAlive(pid) else {
            unlink(path)
            removeWatchers(of: Self.id(of: name))
            return nil
        }
        var info = stat()
        guard stat(path, &info) == 0, let data = FileBytes.contents(path, limit: 65_536) else { return nil }
        let touched = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        if var known = cache?.read[name]?.entry, cache?.read[name]?.bytes == data {
            known.lastInput = max(known.lastInput, touched)
            return known
        }
        guard var entry = try? JSONDecoder().decode(Entry.self, from: data), entry.pid == pid else { return nil }
        if let recorded = entry.processStarted, let actual = Self.processStart(pid), abs(actual - recorded) > 2 {
            // The pid was reused by another process after the session died (SIGKILL).
            unlink(path)
            removeWatchers(of: Self.id(of: name))
            return nil
        }
        entry.id = Self.id(of: name)
        cache?.read[name] = (data, entry)
        entry.lastInput = max(entry.lastInput, touched)
        return entry
    }

    // MARK: - Watchers

    /// A session's watchers' folder: one empty file per watcher, named for the watcher's own
    /// registry file, so the player's session counts its watchers by listing one small folder
    /// rather than reading the whole registry.
    public func watchersFolder(of id: String) -> String { directory + "/" + id + Self.watchersSuffix }
    static let watchersSuffix = ".watchers"

    /// Marks `watcher` as watching the session `id`; returns the mark's path.
    @discardableResult
    public func addWatcher(_ watcher: String, to id: String) -> String {
        let folder = watchersFolder(of: id)
        _ = mkdir(folder, 0o700)
        let path = folder + "/" + watcher
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
        return path
    }

    /// The watchers of the session `id` whose processes still run; the marks of those that
    /// are gone are removed.
    public func countWatchers(of id: String) -> Int {
        let folder = watchersFolder(of: id)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
        return names.count { name in
            let pid = name.split(separator: "-").first.flatMap { Int32($0) } ?? 0
            if Self.isAlive(pid) { return true }
            unlink(folder + "/" + name)
            return false
        }
    }

    /// Removes a session's watchers' folder, when the session ends.
    public func removeWatchers(of id: String) {
        let folder = watchersFolder(of: id)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            unlink(folder + "/" + name)
        }
        rmdir(folder)
    }

    /// When a process started, in seconds since 1970, from Linux's /proc (field 22 of
    /// `/proc/PID/stat`, in clock ticks since boot, plus the boot time); nil where unknown.
    /// A lobby asks this of each session it reads: the line is read into a small buffer and
    /// scanned, not split.
    public static func processStart(_ pid: Int32) -> Double? {
        // One line of a few hundred bytes (52 numbers and a command of at most 64).
        guard let boot, let stat = FileBytes.contents("/proc/\(pid)/stat", limit: 4096),
              let ticks = startTicks(stat) else { return nil }
        return boot.time + Double(ticks) / boot.ticksPerSecond
    }

    /// The boot time (`btime` of /proc/stat) and the clock's ticks a second, read once: they
    /// do not change while the process runs.
    private static let boot: (time: Double, ticksPerSecond: Double)? = {
        let perSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard perSecond > 0, let stat = FileBytes.contents("/proc/stat"), let time = bootTime(stat) else { return nil }
        return (Double(time), perSecond)
    }()

    /// The `btime` line's number in the text of /proc/stat.
    static func bootTime(_ stat: some Collection<UInt8>) -> UInt64? {
        let key = Array("btime ".utf8)
        for line in Array(stat).split(separator: UInt8(ascii: "\n")) where line.starts(with: key) {
            return number(line.dropFirst(key.count))
        }
        return nil
    }

    /// Field 22 (the start, in clock ticks since boot) of the text of /proc/PID/stat. The
    /// command, field 2, is in parentheses and may hold spaces and ')' itself: the fields
    /// counted are those after its last ')'.
    static func startTicks<Bytes: BidirectionalCollection<UInt8>>(_ stat: Bytes) -> UInt64? {
        guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        var field = 2, start: Bytes.Index?
        let rest = stat[stat.index(after: close)...]
        for index in rest.indices {
            let separates = stat[index] == UInt8(ascii: " ") || stat[index] == UInt8(ascii: "\n")
            if separates, let first = start {
                if field == 22 { return number(stat[first..<index]) }
                start = nil
            } else if !separates, start == nil {
                field += 1
                start = index
            }
        }
        guard field == 22, let first = start else { return nil }
        return number(stat[first...])
    }

    /// A run of decimal digits as a number; nil for anything else, or one too large.
    private static func number(_ digits: some Collection<UInt8>) -> UInt64? {
        guard !digits.isEmpty else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, over) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !over, !carry else { return nil }
            value = sum
        }
        return value
    }

    /// Whether a process runs: signal 0 checks without sending anything. EPERM means it runs
    /// under another account.
    public static func isAlive(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}
