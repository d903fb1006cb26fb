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

/// A room's journal: the header of the game (as an ordinary journal's), then one line per
/// input of any seat. Several processes append to it, each under an exclusive `flock` of the
/// file, so lines never interleave and their order in the file is the order every follower
/// applies them in. Appending is one `write` of whole lines; nothing is rewritten.
public final class RoomJournal {
    public let path: String
    /// The game's start time (seconds since 1970): input times count from it.
    public let started: Double
    /// The most bytes the file may hold (a host's `maxJournalKB`); nil: no limit. Lines that
    /// would pass it are not written: `locked` throws `RoomJournalFull`, and the seat's process
    /// ends the room, saying why.
    public var limit: Int?
    private var descriptor: Int32 = -1
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Makes a new journal with its header and the game's files (`file` lines: what every copy
    /// of the game reads), whole (a temporary file renamed into place), so a follower never
    /// reads a journal without its first lines.
    public static func create(_ path: String, header: JournalHeader, files: [String: Data] = [:]) throws -> RoomJournal {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var bytes = Array(try encoder.encode(header)) + [0x0A]
        for name in files.keys.sorted() {
            bytes += Array(try encoder.encode(RoomLine(.file(name, files[name])))) + [0x0A]
        }
        let temporary = path + ".tmp"
        // `CrashPoint.step()`: the crash tests' kill points (nothing unless GAMEHOST_KILL_AT is set).
        CrashPoint.step()
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw StoreError.system("cannot write \(temporary)", errno) }
        let failure = bytes.withUnsafeBytes { CrashPoint.writeAll(descriptor, $0) }
        CrashPoint.step()
        fsync(descriptor)
        close(descriptor)
        CrashPoint.step()
        guard failure == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw StoreError.system("cannot write \(path)", errno)
        }
        return RoomJournal(path: path, started: header.started)
    }

    /// Appends to a journal made by `create` (by this process or another).
    public init(path: String, started: Double) {
        self.path = path
        self.started = started
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Appends `input` from `seat`, stamped with the time it is written at (taken under the
    /// lock, so times go forward in the file as lines do).
    public func append(_ input: JournalInput, from seat: Seat?, label: String? = nil,
                       now: @autoclosure () -> Date = Date()) throws {
        try locked {
            let time = max(0, now().timeIntervalSince1970 - started)
            return [RoomLine(.input(input, time: time), seat: seat, label: label)]
        }
    }

    /// Appends lines made while the journal is locked.
    public func locked(_ make: () throws -> [RoomLine]) throws {
        if descriptor < 0 {
            descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
            guard descriptor >= 0 else { throw StoreError.system("cannot open the room's journal \(path)", errno) }
        }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw StoreError.system("cannot lock \(path)", errno) }
        }
        defer { flock(descriptor, LOCK_UN) }
        var bytes: [UInt8] = []
        for line in try make() {
            if let text = line.quickText { bytes += Array(text.utf8) } else { bytes += Array(try encoder.encode(line)) }
            bytes.append(0x0A)
        }
        if let limit {
            // Under the lock, so every seat's process counts the same file.
            var status = stat()
            if fstat(descriptor, &status) == 0, Int(status.st_size) + bytes.count > limit {
                throw RoomJournalFull(limit: limit)
            }
        }
        let failure = bytes.withUnsafeBytes { CrashPoint.writeAll(descriptor, $0) }
        guard failure == 0 else { throw StoreError.system("cannot append to \(path)", failure) }
    }
}

/// A room's journal at its limit: the room ends there, for every seat.
public struct RoomJournalFull: Error, CustomStringConvertible {
    public let limit: Int
    public var description: String { "its journal reached the host's limit (\(FolderLimit.words(limit)))" }
}

/// Reads a room's journal as it grows: the header once, then the whole lines added since the
/// last read (a line still being written waits for the next read).
///
/// The file is opened at the first read that finds it and kept open: a seat reads at every
/// line any seat writes. What is read is that file, the room's, wherever it goes: moved with
/// the room's folder when the room ends (under ended/), it is still the room's journal, and
/// a seat whose process still holds it open may append its last line there, which is read.
/// Once no name leads to it any more (the journal removed, or another file renamed over
/// its name), nothing more is read at all: a file found at its name now is another room's
/// or another journal's, whose lines are not this room's to apply (read from this one's
/// offset they would be nonsense at best). The check costs nothing: the size is read by
/// `fstat` anyway, and the count of names comes with it.
public final class RoomJournalReader {
    public let path: String
    public private(set) var header: JournalHeader?
    /// Lines read so far.
    public private(set) var count = 0
    private var offset = 0
    fileprivate var pending: [UInt8] = []
    private let decoder = JSONDecoder()
    /// The journal, open since the first read that found it; -1 before, and once it is gone.
    private var descriptor: Int32 = -1
    /// Whether the journal had no name left at a read: nothing is read any more.
    private var gone = false

    public init(path: String) {
        self.path = path
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The lines added since the last call; throws when the file holds what no room wrote.
    public func readNew() throws(JournalError) -> [RoomLine] {
        guard !gone else { return [] }
        if descriptor < 0 {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return [] }
        }
        // Read what the file holds past `offset`, straight onto `pending`: a seat reads
        // the journal at every line any seat writes, and most reads find a line or nothing.
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return [] }
        guard status.st_nlink > 0 else {
            close(descriptor)
            descriptor = -1
            gone = true
            return []
        }
        let size = Int(status.st_size)
        guard size <= Journal.maximumSize else { throw .unreadable("the room's journal is larger than 64 MB") }
        while offset < size {
            let start = pending.count
            pending += repeatElement(0, count: size - offset)
            let got = pending.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + start, size - offset, off_t(offset))
            }
            pending.removeLast(size - offset - max(got, 0))
            guard got > 0 else { break }
            offset += got
        }
        return try decodePending()
    }

    /// Decodes the whole lines of `pending`, leaving a line still being written there.
    fileprivate func decodePending() throws(JournalError) -> [RoomLine] {
        guard let end = pending.lastIndex(of: 0x0A) else { return [] }
        // The whole lines taken out, the line being written left: row by row, not split into
        // an array of rows first (most reads find one line).
        let bytes = pending
        pending = Array(pending[(end + 1)...])
        var lines: [RoomLine] = []
        var start = 0
        while let stop = bytes[start..<(end + 1)].firstIndex(of: 0x0A) {
            let row = bytes[start..<stop]
            start = stop + 1
            if row.isEmpty { continue }
            if header == nil {
                do {
                    header = try decoder.decode(JournalHeader.self, from: Data(row))
                } catch {
                    throw .unreadable("the room's journal does not start with a header")
                }
                continue
            }
            // The lines a room writes most are read by hand; any other by the decoder.
            if let line = RoomLine.quick(row) {
                lines.append(line)
                count += 1
                continue
            }
            do {
                lines.append(try decoder.decode(RoomLine.self, from: Data(row)))
            } catch {
                throw .unreadable("line \(count + 2) of the room's journal cannot be read")
            }
            count += 1
        }
        return lines
    }
}

extension RoomJournalReader {
    /// A whole room journal's header and lines, read at once (a finished room's round, kept
    /// with the scores); nil when no line names a seat: an ordinary journal, one terminal's.
    static func parseRoom(_ data: Data) throws(JournalError) -> (header: JournalHeader, lines: [RoomLine])? {
        guard data.count <= Journal.maximumSize else { throw .unreadable("it is larger than \(Journal.maximumSize >> 20) MB") }
        let reader = RoomJournalReader(path: "")
        reader.pending = Array(data)
        let lines = try reader.decodePending()
        guard let header = reader.header else { throw .unreadable("the file is empty") }
        guard lines.contains(where: { $0.seat != nil }) else { return nil }
        return (header, lines)
    }

    /// The room journal at `path` up to its first `inputs` inputs (the header and the files
    /// before them kept): a round as it stood when it was reported, before the seats went on.
    /// With `names`, its header names the seats' players (`JournalHeader.seatNames`).
    static func prefix(of path: String, inputs: Int, naming names: [String?]? = nil) -> Data? {
        guard let data = FileBytes.contents(path) else { return nil }
        let decoder = JSONDecoder()
        var seen = 0, start = data.startIndex, end = data.startIndex
        for index in data.indices where data[index] == 0x0A {
            defer { start = index + 1 }
            if end > data.startIndex {
                guard seen < inputs else { break }
                guard let line = try? decoder.decode(RoomLine.self, from: data[start..<index]) else { return nil }
                if case .input = line.line { seen += 1 }
            }
            end = index + 1
        }
        guard seen == inputs else { return nil }
        guard let names, let first = data.firstIndex(of: 0x0A),
              var header = try? decoder.decode(JournalHeader.self, from: data[..<first]) else { return data[..<end] }
        header.seatNames = names
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let named = try? encoder.encode(header) else { return data[..<end] }
        return named + data[first..<end]
    }

    /// The files a room's journal gives its game, from its `file` lines.
    static func files(_ lines: [RoomLine]) -> [String: Data?] {
        var files: [String: Data?] = [:]
        for case .file(let name, let data) in lines.map(\.line) where files[name] == nil { files[name] = data }
        return files
    }
}

extension JournalHeader {
    /// The header of a room's journal for `game` opened now with `values` and `seed`.
    package static func room(_ game: GameEntry, values: PreferenceValues, seed: UInt64, started: Date) -> JournalHeader {
        JournalHeader(journal: currentFormat, game: game.id, version: game.info.version,
                      preferences: values.mapValues(\.json), random: SeededGenerator(seed: seed),
                      started: started.timeIntervalSince1970, checkEvery: 20)
    }
}
