import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and standard error sent to files while modules run, so that what a
/// module prints is caught (and cannot mix with the suite's own report).
final class OutputCapture {
    /// The capture a child process keeps for its whole life.
    nonisolated(unsafe) static var current: OutputCapture?

    private let paths: [String]
    private let saved: [Int32]
    private var marks: [off_t] = [0, 0]

    private init(paths: [String], saved: [Int32]) {
        self.paths = paths
        self.saved = saved
    }

    /// Points descriptors 1 and 2 at fresh files: `stdout` and `stderr` in `directory`,
    /// else temporary files.
    static func start(in directory: String? = nil) -> OutputCapture? {
        fflush(nil)
        let prefix = directory.map { $0 + "/" } ?? NSTemporaryDirectory() + "/gamehost-capture-\(UUID().uuidString)."
        let paths = ["stdout", "stderr"].map { prefix + $0 }
        var saved: [Int32] = []
        for (descriptor, path) in zip([STDOUT_FILENO, STDERR_FILENO], paths) {
            let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            guard file >= 0 else { return nil }
            saved.append(dup(descriptor))
            dup2(file, descriptor)
            close(file)
        }
        return OutputCapture(paths: paths, saved: saved)
    }

    /// Gives the descriptors back and removes the files.
    func stop() {
        fflush(nil)
        for (descriptor, original) in zip([STDOUT_FILENO, STDERR_FILENO], saved) {
            dup2(original, descriptor)
            close(original)
        }
        for path in paths { unlink(path) }
    }

    /// From here on, what is written counts.
    func mark() {
        fflush(nil)
        marks = paths.map(Self.size)
    }

    /// What was written since the mark, named by where it went; nil if nothing.
    func written() -> String? {
        fflush(nil)
        for (index, name) in ["standard output", "standard error"].enumerated() {
            let size = Self.size(paths[index])
            guard size > marks[index], let handle = FileHandle(forReadingAtPath: paths[index]) else { continue }
            defer { try? handle.close() }
            try? handle.seek(toOffset: UInt64(marks[index]))
            let data = (try? handle.read(upToCount: 200)) ?? Data()
            let text = String(decoding: data, as: UTF8.self).debugDescription
            return "\(name): \(text)\(size - marks[index] > 200 ? " …" : "")"
        }
        return nil
    }

    /// The last lines written to standard error: a crash's message.
    func errorTail() -> String { Self.tail(paths[1]) }

    static func tail(_ path: String, lines: Int = 3) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        return String(decoding: data.suffix(4_000), as: UTF8.self).split(separator: "\n").suffix(lines)
            .joined(separator: " | ")
    }

    private static func size(_ path: String) -> off_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_size : 0
    }
}
