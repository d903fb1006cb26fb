#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes every byte to a file descriptor, retrying after interruptions and short writes.
/// Returns 0, or the errno of the write that failed.
func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32 {
    var offset = 0
    while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
            if errno == EINTR || errno == EAGAIN { continue }
            return errno
        }
        offset += written
    }
    return 0
}
