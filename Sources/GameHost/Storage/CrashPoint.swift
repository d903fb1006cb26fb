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

/// A fault-injection hook for the crash-consistency tests (docs/reliability.md): with
/// `GAMEHOST_KILL_AT=N` in its environment, the process kills itself with SIGKILL just before
/// the Nth durable write step it takes — an open, a write, an fsync or a rename of a data
/// file (`DataStore`), a journal line (`JournalWriter`, `RoomJournal`), a room's state or a
/// copy of a journal (`JournalHistory`). Appended lines are then written in two halves with a
/// step between, so a kill can also cut a line.
///
/// Unset (always, outside those tests) it costs one load and compare per step: the variable
/// is read once, the first time a step is taken.
enum CrashPoint {
    /// N, or 0 when the variable is unset (or not a positive number).
    static let target: Int = {
        guard let text = getenv("GAMEHOST_KILL_AT"), let number = Int(String(cString: text)), number > 0 else { return 0 }
        return number
    }()

    /// Whether a target is set: the writers of lines then split them (see above).
    static var isArmed: Bool { target > 0 }

    /// Steps taken so far (counted only when armed). The writers run on the session's thread;
    /// a second thread writing at once could only make a kill come a step early or late.
    nonisolated(unsafe) static var taken = 0

    /// One durable write step: dies here when it is the Nth.
    @inline(__always)
    static func step() {
        guard target > 0 else { return }
        taken += 1
        if taken == target { raise(SIGKILL) }
    }

    /// Writes `buffer` as `writeAll` does, in two halves with a step before each when armed.
    static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32 {
        guard isArmed, buffer.count > 1 else {
            step()
            return GameHost.writeAll(descriptor, buffer)
        }
        let half = buffer.count / 2
        step()
        let failure = GameHost.writeAll(descriptor, UnsafeRawBufferPointer(rebasing: buffer[..<half]))
        guard failure == 0 else { return failure }
        step()
        return GameHost.writeAll(descriptor, UnsafeRawBufferPointer(rebasing: buffer[half...]))
    }
}
