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
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}

// The methods above are named write and close, which hide the C functions inside the class.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
