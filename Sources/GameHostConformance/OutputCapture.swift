#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost
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
        let prefix = directory.map { $0 + "/" } ?? Path.temporaryDirectory() + "/gamehost-capture-\(UUID().uuidString)."
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
            guard size > marks[index] else { continue }
            let file = open(paths[index], O_RDONLY | O_CLOEXEC)
            guard file >= 0 else { continue }
            defer { close(file) }
            var bytes = [UInt8](repeating: 0, count: 200)
            let count = pread(file, &bytes, bytes.count, marks[index])
            let text = String(decoding: bytes.prefix(max(0, count)), as: UTF8.self).debugDescription
            return "\(name): \(text)\(size - marks[index] > 200 ? " …" : "")"
        }
        return nil
    }

    /// A crash's message in what was written to standard error: the runtime's "Fatal
    /// error: …" line (the stack trace after it says little without symbols), else the last line.
    static func crashMessage(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        let lines = String(decoding: data.suffix(8_000), as: UTF8.self).split(separator: "\n")
        let words = ["Fatal error", "fatal error", "Precondition failed", "Assertion failed", "Unexpectedly found nil"]
        let line = lines.last { line in words.contains { line.contains($0) } } ?? lines.last ?? ""
        return String(line.prefix(300))
    }

    private static func size(_ path: String) -> off_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_size : 0
    }
}
