#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to standard error. FileHandle is in full Foundation, which GameHost does not link.
public enum StandardError {
    public static func write(_ text: String) {
        OutputFile.writeAll(STDERR_FILENO, Array(text.utf8))
    }
}

/// A file opened for writing (the trace file), written with plain `write(2)` calls.
public final class OutputFile {
    private var descriptor: Int32

    /// Creates or truncates `path`; nil when it cannot be opened.
    public init?(creating path: String) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
    }

    public func write(_ bytes: [UInt8]) { Self.writeAll(descriptor, bytes) }

    public func close() {
        guard descriptor >= 0 else { return }
        _ = systemClose(descriptor)
        descriptor = -1
    }

    deinit { close() }

    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { GameHost.writeAll(descriptor, $0) }
    }
}

// The method above is named close, which hides the C function inside the class.
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
