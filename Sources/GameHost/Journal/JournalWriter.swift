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

/// The open journal of the game being played: one JSON line per input, appended with one
/// `write` each as it happens (so a killed program loses at most the line being written),
/// and synced to disk at the end of a round and on every way out. A new journal's file is
/// made with its first line after the header: a game left before anything happened leaves
/// no file behind, and starting one costs no disk write.
final class JournalWriter {
    let path: String
    let header: JournalHeader
    let started: Date
    /// Inputs written so far (those of the journal resumed included).
    private(set) var inputs: Int
    /// Files whose first read is already recorded.
    var recordedFiles: Set<String>
    /// Whether a round is in play, as the journal's last `in-play` line says.
    var roundInPlay: Bool
    private var descriptor: Int32
    /// The most bytes the file may hold (a host's `maxJournalKB`); nil: no limit. The line
    /// that would pass it is replaced by an `unreplayable` one, and nothing follows.
    var limit: Int?
    /// The player's folder cap (a host's `maxDataKB`), which the journal counts against too:
    /// the line that would take the folder past it (the oldest kept journals removed first)
    /// ends the journal as `limit` does.
    var folderLimit: FolderLimit?
    /// Bytes the journal may add before the folder is looked at again: it is walked at most
    /// once per `folderLook` bytes written, and when a line would not fit.
    private var folderRoom = 0
    static let folderLook = 16 * 1024
    /// Whether the limit was reached, and whether the player was told.
    private(set) var reachedLimit = false
    /// Which limit ended the journal: the folder's (true) or the journal's own.
    private(set) var reachedFolderLimit = false
    var limitTold = false
    /// Bytes in the file so far.
    private var size = 0
    /// The header of a new journal, until its file is made.
    private var unwrittenHeader: JournalHeader?
    private lazy var encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Starts a new journal at `path`, replacing any there.
    init(creating path: String, header: JournalHeader) throws {
        self.path = path
        self.header = header
        started = Date(timeIntervalSince1970: header.started)
        inputs = 0
        recordedFiles = []
        roundInPlay = false
        descriptor = -1
        unwrittenHeader = header
        guard unlink(path) == 0 || errno == ENOENT else {
            throw StoreError.system("cannot replace the journal \(path)", errno)
        }
    }

    /// Carries on writing a journal that was just replayed.
    init(continuing path: String, journal: Journal) throws {
        self.path = path
        header = journal.header
        started = Date(timeIntervalSince1970: journal.header.started)
        inputs = journal.inputCount
        recordedFiles = Set(journal.files.keys)
        roundInPlay = journal.roundInPlay
        descriptor = try Self.openFile(path, flags: 0)
        var info = stat()
        if fstat(descriptor, &info) == 0 { size = Int(info.st_size) }
        // A line cut short by a crash would glue itself to the next one written: cut it off.
        if journal.cutTail, let data = FileBytes.contents(path),
           let last = data.lastIndex(of: 0x0A) {
            ftruncate(descriptor, off_t(last + 1))
        }
    }

    deinit { end() }

    private static func openFile(_ path: String, flags: Int32) throws -> Int32 {
        let folder = Path.folder(of: path)
        Path.makeFolders(folder)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | flags, 0o644)
        guard descriptor >= 0 else { throw StoreError.system("cannot write the journal \(path)", errno) }
        journalDescriptorForSignals = descriptor
        return descriptor
    }

    func record(_ input: JournalInput, at time: Date) {
        inputs += 1
        append(.input(input, time: max(0, time.timeIntervalSince(started))))
    }

    func append(_ line: JournalLine) {
        if let text = line.quickText { return append(encoded: Data(text.utf8)) }
        guard let data = try? encoder.encode(line) else { return }
        append(encoded: data)
    }

    /// One `write` per line; a short write (a full disk) is finished or given up on.
    private func append(encoded data: Data) {
        if let header = unwrittenHeader {
            unwrittenHeader = nil
            guard let opened = try? Self.openFile(path, flags: O_TRUNC),
                  let line = try? encoder.encode(header) else { return }
            descriptor = opened
            append(encoded: line)
        }
        guard descriptor >= 0, !reachedLimit else { return }
        var bytes = [UInt8](data) + [0x0A]
        let wanted = bytes.count + Self.unreplayableLine.count
        if let limit, size + wanted > limit {
            reachedLimit = true
            bytes = Self.unreplayableLine
        } else if let folderLimit, wanted > folderRoom {
            folderRoom = min(folderLimit.room(wanting: wanted), max(Self.folderLook, wanted))
            if wanted > folderRoom {
                reachedLimit = true
                reachedFolderLimit = true
                bytes = Self.unreplayableLine
            }
        }
        size += bytes.count
        folderRoom -= bytes.count
        // The crash tests' kill points (nothing unless GAMEHOST_KILL_AT is set): see `CrashPoint`.
        if CrashPoint.isArmed {
            _ = bytes.withUnsafeBytes { CrashPoint.writeAll(descriptor, $0) }
            return
        }
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// The line that ends a journal at its limit: a resume then says the round cannot be replayed.
    private static let unreplayableLine: [UInt8] = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8]((try? encoder.encode(JournalLine.unreplayable)) ?? Data()) + [0x0A]
    }()

    /// What the player is told once the journal stopped growing.
    var limitWords: String {
        if reachedFolderLimit, let folderLimit {
            return "This round's journal reached your folder's limit on this host (\(FolderLimit.words(folderLimit.bytes))): "
                + "the game goes on, but this round can no longer be resumed."
        }
        return "This round's journal reached the host's limit (\((limit ?? 0) / 1024) KB): "
            + "the game goes on, but this round can no longer be resumed."
    }

    func sync() {
        if descriptor >= 0 { fsync(descriptor) }
    }

    /// Syncs and closes the file.
    func end() {
        unwrittenHeader = nil
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        if journalDescriptorForSignals == descriptor { journalDescriptorForSignals = -1 }
        close(descriptor)
        descriptor = -1
    }
}

/// The open journal's descriptor, for the terminal's signal handlers: on SIGHUP, SIGTERM or
/// a crash they `fsync` it (async-signal-safe) before the process ends.
nonisolated(unsafe) var journalDescriptorForSignals: Int32 = -1

/// Syncs the open journal; safe to call from a signal handler.
func syncJournalFromSignalHandler() {
    let descriptor = journalDescriptorForSignals
    if descriptor >= 0 { fsync(descriptor) }
}
