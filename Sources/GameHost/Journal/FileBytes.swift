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

/// A regular file's bytes, read with `read(2)`: nil for none, a folder or a device; a link
/// is followed only when asked. (Foundation's `FileManager.contents(atPath:)` leaks a buffer
/// on an empty file, which the journal fuzz target found.)
enum FileBytes {
    static func contents(_ path: String, limit: Int = Journal.maximumSize + 1, followingLinks: Bool = false) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return contents(descriptor: descriptor, status: status, limit: limit)
    }

    /// The bytes of an open file whose `fstat` is `status`, read from where it stands.
    static func contents(descriptor: Int32, status: stat, limit: Int = Journal.maximumSize + 1) -> Data? {
        guard status.st_mode & S_IFMT == S_IFREG else { return nil }
        var data = Data()
        // No larger than asked for: a small file read often (a /proc line) zeroes no 64 KiB.
        var buffer = [UInt8](repeating: 0, count: max(1, min(limit, 65_536)))
        while data.count < limit {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }
}
