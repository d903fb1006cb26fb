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

/// Follows another player's journal as their session writes it, for a watcher: the whole
/// journal when one starts (a new game makes a new file), then only the lines added since,
/// read from where the last read stopped, so watching a long game costs what it grows by.
/// A line still being written (no newline yet) waits for the next poll.
final class JournalFollower {
    enum News {
        /// Nothing new.
        case none
        /// A journal began (or replaced the one followed): replay it from its start.
        case started(Journal)
        /// Lines were added to the journal followed.
        case more([JournalLine])
        /// The journal followed was removed: the game ended with no round in play.
        case gone
        /// The journal cannot be read, in words.
        case unreadable(String)
    }

    let path: String
    /// The file followed (its inode) and how far it has been read.
    private var inode: UInt64?
    private var offset = 0
    private let decoder = JSONDecoder()

    init(path: String) {
        self.path = path
    }

    func poll() -> News {
        var info = stat()
        guard stat(path, &info) == 0 else {
            guard inode != nil else { return .none }
            inode = nil
            offset = 0
            return .gone
        }
        let size = Int(info.st_size)
        if inode != UInt64(info.st_ino) || size < offset {
            guard let data = FileBytes.contents(path), let end = data.lastIndex(of: 0x0A) else { return .none }
            inode = UInt64(info.st_ino)
            offset = end + 1
            do {
                return .started(try Journal.parse(Data(data[...end])))
            } catch {
                // Read no further: a journal that starts wrong cannot be followed.
                offset = Int.max
                return .unreadable(error.description)
            }
        }
        guard size > offset, let added = read(from: offset, count: size - offset),
              let end = added.lastIndex(of: 0x0A) else { return .none }
        var lines: [JournalLine] = []
        for row in added[...end].split(separator: 0x0A) {
            guard let line = try? decoder.decode(JournalLine.self, from: Data(row)) else {
                offset = Int.max
                return .unreadable("a line after byte \(offset) cannot be read")
            }
            if case .file(let name, _) = line,
               name.isEmpty || name.hasPrefix("/") || name.split(separator: "/").contains("..") {
                offset = Int.max
                return .unreadable("a line names a file outside the game's folder")
            }
            lines.append(line)
        }
        offset += end + 1
        return .more(lines)
    }

    private func read(from start: Int, count: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: min(count, Journal.maximumSize))
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(start)) }
        guard got > 0 else { return nil }
        return Array(bytes[..<got])
    }
}
