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

/// JSON files in the data directory: every write atomic, every file versioned, and a file
/// that cannot be read moved aside and reported, never silently replaced.
///
/// A file holds `{"format": N, "data": …}`. Writes go to a temporary file in the same folder,
/// are flushed to disk, then renamed over the old one, so a crash leaves the old file or the
/// new one, never half of either.
public final class DataStore {
    /// The folder it reads and writes.
    public let directory: String
    private let report: (String) -> Void
    private let now: () -> Date
    /// The last value read or written per file, with the file's identity at that moment, so
    /// re-reading a file nobody has replaced since costs a `stat` rather than a decode.
    private var cache: [String: (stamp: Stamp, value: Any)] = [:]
    /// Files that could not be read nor moved aside: reported once, and never saved over.
    private var kept: Set<String> = []
    /// Files a newer GameHost wrote (their format, this build's): left as they are, reported
    /// once, and never saved over, so going back to that build loses nothing.
    private var newer: [String: (found: Int, known: Int)] = [:]
    /// Files whose temporaries left by killed launchers were already cleared, and folders
    /// whose every file's were (by the first write in them).
    private var swept: Set<String> = []
    private var sweptFolders: Set<String> = []
    /// Set while a journal is replayed: files are read as the journal recorded them and
    /// written to memory only, so a replay writes nothing again and undoes nothing the
    /// player made since. Nothing on disk is read, written, locked or moved meanwhile.
    public var replay: ReplayFiles?
    /// Set while a game is journaled: told the name of each file just before it is read or
    /// written, so the journal can keep a file's bytes as the game first saw them.
    var willAccess: ((String) -> Void)?
    /// A hosted player's cap on their whole folder; nil: no cap.
    public var limit: FolderLimit?

    /// - Parameter report: tells the player, once, in words, about a file that was moved aside.
    public init(directory: String, now: @escaping () -> Date = Date.init, report: @escaping (String) -> Void) {
        self.directory = directory
        self.now = now
        self.report = report
    }

    /// The full path of a file in it.
    public func path(_ name: String) -> String { directory + "/" + name }

    /// Reads a file; nil when there is none or it could not be read (then it is moved aside).
    /// `read`, if given, is a quicker way to the value; see `decode`.
    public func load<Value: Decodable>(_ type: Value.Type, from name: String, format: Int,
                                       reading read: ((JSONValue) -> Value?)? = nil) -> Value? {
        if let replay {
            // Temporaries of killed launchers go as on any first read.
            sweepTemporaries(of: name)
            guard let data = replay.contents[name] ?? nil else { return nil }
            return try? decode(type, from: data, format: format, reading: read)
        }
        willAccess?(name)
        sweepTemporaries(of: name)
        let path = path(name)
        var status = stat()
        guard lstat(path, &status) == 0 else {
            // Removed since (by the player, say): a new file may be started.
            newer[name] = nil
            return nil
        }
        do {
            guard status.st_mode & S_IFMT == S_IFREG else { throw StoreError.notAFile }
            if let cached = cache[name], cached.stamp == Stamp(status), let value = cached.value as? Value {
                return value
            }
            guard let data = FileManager.default.contents(atPath: path) else { throw StoreError.unreadable }
            let value = try decode(type, from: data, format: format, reading: read)
            cache[name] = (Stamp(status), value)
            kept.remove(name)
            newer[name] = nil
            return value
        } catch StoreError.newerFormat(let found, let known) {
            // Not damaged: written by a newer build, which will read it again. Moving it aside
            // or saving over it would lose what that build keeps there.
            if newer.updateValue((found, known), forKey: name) == nil {
                report("\(path) is from a newer GameHost (format \(found); this one reads up to \(known)): "
                       + "it is read-only here, left as it is, and nothing will be saved to it.")
            }
            return nil
        } catch {
            moveAside(name, because: "\(error)")
            return nil
        }
    }

    /// Decodes a file's bytes; the error says in words what is wrong with them.
    ///
    /// `read` builds the value from the file's `data` as parsed by the host's own JSON reader,
    /// several times quicker than JSONDecoder on a large file. It returns nil for anything it
    /// is not sure of, and JSONDecoder then decides (and words the error), so a file reads the
    /// same either way; a key given twice goes to JSONDecoder too, which keeps the first.
    public func decode<Value: Decodable>(_ type: Value.Type, from data: Data, format: Int,
                                         reading read: ((JSONValue) -> Value?)? = nil) throws -> Value {
        guard !data.isEmpty else { throw StoreError.empty }
        try JSONValue.checkText(data)
        if let read, case .object(let file)? = try? JSONParser.parse([UInt8](data), refusingDuplicateKeys: true),
           let found = file["format"]?.integer, found <= format, let body = file["data"], let value = read(body) {
            return value
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            _ = try JSONValue.parse(data)
            throw StoreError.wrongShape("no \"format\" number at the top")
        }
        guard header.format <= format else { throw StoreError.newerFormat(header.format, format) }
        do {
            return try JSONDecoder().decode(Stored<Value>.self, from: data).data
        } catch {
            throw StoreError.wrongShape(Self.describe(error))
        }
    }

    /// Writes a file atomically, creating the folder if needed.
    public func save<Value: Encodable>(_ value: Value, to name: String, format: Int) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Saved(format: format, data: value))
        if let replay {
            replay.contents[name] = data
            return
        }
        willAccess?(name)
        cache[name] = nil
        try writeAtomically(data, to: name)
        var status = stat()
        if lstat(path(name), &status) == 0 { cache[name] = (Stamp(status), value) }
    }

    /// Writes bytes as they are, atomically (a copy of a journal, say).
    func write(_ data: Data, to name: String) throws {
        guard replay == nil else { return }
        try writeAtomically(data, to: name)
    }

    /// Runs `change` on the file's current contents while holding a lock on it, then saves.
    /// Two launchers updating the same file therefore never lose each other's changes.
    public func update<Value: Codable>(_ name: String, format: Int, empty: @autoclosure () -> Value,
                                       reading read: ((JSONValue) -> Value?)? = nil,
                                       _ change: (inout Value) -> Void) throws {
        try withLock(on: name) {
            var value = load(Value.self, from: name, format: format, reading: read) ?? empty()
            change(&value)
            try save(value, to: name, format: format)
        }
    }

    /// Holds an exclusive lock (a `.lock` file beside the data file) while `body` runs.
    public func withLock<Result>(on name: String, _ body: () throws -> Result) throws -> Result {
        if replay != nil { return try body() }
        try createFolder(for: name)
        let descriptor = open(path(name) + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw StoreError.system("cannot lock \(path(name))", errno) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw StoreError.system("cannot lock \(path(name))", errno) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Moves a file out of the way as `NAME.corrupt-TIMESTAMP` and tells the player where it went.
    public func moveAside(_ name: String, because reason: String) {
        guard replay == nil else { return }
        var target = path(name) + ".corrupt-" + TimeText.fileStamp(now())
        var attempt = 1
        while access(target, F_OK) == 0 {
            attempt += 1
            target = path(name) + ".corrupt-" + TimeText.fileStamp(now()) + "-\(attempt)"
        }
        if rename(path(name), target) == 0 {
            report("\(path(name)) could not be read (\(reason)); it was moved to \(target) and a new one will be started.")
        } else if kept.insert(name).inserted {
            let problem = String(cString: strerror(errno))
            report("\(path(name)) could not be read (\(reason)) nor moved aside (\(problem)); it is left as it is and nothing will be saved over it.")
        }
    }

    private func writeAtomically(_ data: Data, to name: String) throws {
        let target = path(name)
        guard !kept.contains(name) else { throw StoreError.keptAsItIs(target) }
        if let (found, known) = newer[name] { throw StoreError.readOnly(target, found, known) }
        // The next writer in a folder tidies what a kill left there, whichever file it was
        // (keys.json is read without `load`, so its temporaries would never go otherwise).
        let home = Path.folder(of: target)
        if sweptFolders.insert(home).inserted { Self.sweepTemporaries(in: home, prefix: nil) }
        try limit?.allows(writing: data.count, over: target)
        try createFolder(for: name)
        let temporary = target + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        // `CrashPoint.step()`: the crash tests' kill points (nothing unless GAMEHOST_KILL_AT is set).
        CrashPoint.step()
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw StoreError.system("cannot write \(target)", errno) }
        var failure = data.withUnsafeBytes { CrashPoint.writeAll(descriptor, $0) }
        CrashPoint.step()
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        CrashPoint.step()
        if failure == 0, rename(temporary, target) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw StoreError.system("cannot write \(target)", failure)
        }
        CrashPoint.step()
        let folder = open(Path.folder(of: target), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// A launcher killed while saving leaves its `NAME.tmp-PID-…` behind; the first time a file
    /// is read, those of processes that no longer run are removed. (A writer in another PID
    /// namespace could look dead; its save would then fail and be reported, not lost silently.)
    func sweepTemporaries(of name: String) {
        guard swept.insert(name).inserted else { return }
        let target = path(name)
        Self.sweepTemporaries(in: Path.folder(of: target), prefix: Path.name(of: target) + ".tmp-")
    }

    /// Removes the `NAME.tmp-PID-RAND` files in `folder` (of one file, or of any when `prefix`
    /// is nil) whose process no longer runs.
    private static func sweepTemporaries(in folder: String, prefix: String?) {
        guard let entries = Path.names(in: folder) else { return }
        for entry in entries {
            let parts: [Substring]
            if let prefix {
                guard entry.hasPrefix(prefix) else { continue }
                parts = entry.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
            } else {
                // What follows the last ".tmp-", found by its dashes: `ranges(of:)` would bring in
                // _StringProcessing, whose code is one 390 kB piece that a session calling into
                // it keeps resident (docs/performance.md, "Where a process's memory goes").
                let all = entry.split(separator: "-", omittingEmptySubsequences: false)
                guard all.count >= 3, all[all.count - 3].hasSuffix(".tmp") else { continue }
                parts = Array(all.suffix(2))
            }
            guard parts.count == 2, let pid = Int32(parts[0]), UInt32(parts[1]) != nil,
                  pid > 0, pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(folder + "/" + entry)
        }
    }

    private func createFolder(for name: String) throws {
        let folder = Path.folder(of: path(name))
        guard Path.makeFolders(folder) else { throw StoreError.system("cannot create the folder \(folder)", errno) }
    }

    static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing \"\(Self.path(context.codingPath + [key]))\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "unexpected value at \"\(Self.path(context.codingPath))\""
        case DecodingError.dataCorrupted(let context):
            return "bad value at \"\(Self.path(context.codingPath))\": \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    /// Which file a path holds and how it was last changed: a rename by anyone gives a new inode.
    private struct Stamp: Equatable {
        let inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int

        init(_ status: stat) {
            inode = UInt64(status.st_ino)
            size = Int64(status.st_size)
            seconds = Int(status.st_mtim.tv_sec)
            nanoseconds = Int(status.st_mtim.tv_nsec)
        }
    }

    private struct Header: Decodable { let format: Int }
    private struct Stored<Value: Decodable>: Decodable { let data: Value }
    private struct Saved<Value: Encodable>: Encodable {
        let format: Int
        let data: Value
    }
}

/// A game's files during a replay: as the journal recorded them, then as the replay wrote them.
public final class ReplayFiles {
    public internal(set) var contents: [String: Data?]

    public init(_ contents: [String: Data?]) {
        self.contents = contents
    }

    /// The first file whose bytes on disk differ from what the replay ended with: something
    /// else changed it since the journal was written. Nil when all agree.
    func firstChanged(in store: DataStore) -> String? {
        contents.keys.sorted().first { FileBytes.contents(store.path($0)) != (contents[$0] ?? nil) }
    }
}

/// Why a data file could not be read or written.
public enum StoreError: Error, CustomStringConvertible {
    case empty, notAFile, unreadable
    case newerFormat(Int, Int)
    case wrongShape(String)
    case system(String, Int32)
    case keptAsItIs(String)
    /// A file of a newer format (found, known) than this build reads: never written.
    case readOnly(String, Int, Int)
    case overLimit(folder: String, limit: Int)

    /// The reason in words, for the message the player reads.
    public var description: String {
        switch self {
        case .empty: "the file is empty"
        case .notAFile: "it is not a regular file"
        case .unreadable: "permission denied or unreadable"
        case let .newerFormat(found, known): "format \(found) is newer than this GameHost reads (up to \(known))"
        case .wrongShape(let detail): "not the expected content: \(detail)"
        case let .system(what, code): "\(what): \(String(cString: strerror(code)))"
        case .keptAsItIs(let path): "\(path) could not be read nor moved aside, so nothing is saved over it"
        case let .readOnly(path, found, known):
            "\(path) is read-only for this GameHost: a newer one wrote it (format \(found); this one reads up to "
                + "\(known)), so it is left as it is"
        case let .overLimit(_, limit):
            "your folder on this host would pass its limit of \(FolderLimit.words(limit)), so this was not saved "
                + "(what was saved before is kept; the host's operator sets the limit)"
        }
    }
}
