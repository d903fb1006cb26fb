import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which of many descriptors have something to read, at the cost of what came rather than of
/// looking at each one as poll(2) does: the real-time rooms benchmark reads 200 terminals,
/// thousands of times a second, on the cores the sessions it measures share. Swift's Glibc
/// module leaves sys/epoll.h out, so the three calls are found by name, as `PseudoTerminal`'s.
final class Epoll {
    private typealias Create = @convention(c) (Int32) -> Int32
    private typealias Control = @convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
    private typealias Wait = @convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32
    private let control: Control, wait: Wait
    private let instance: Int32
    // struct epoll_event: a 32-bit event mask, then 64 bits of data; packed on x86-64 only.
    #if arch(x86_64)
    private static let size = 12, dataOffset = 4
    #else
    private static let size = 16, dataOffset = 8
    #endif
    private static let readable: UInt32 = 0x001, add: Int32 = 1, closeOnExec: Int32 = 0o2000000
    private var ready: UnsafeMutableRawPointer
    private let capacity = 256

    init() throws {
        func find<Function>(_ symbol: String, as type: Function.Type) -> Function? {
            dlsym(nil, symbol).map { unsafeBitCast($0, to: type) }
        }
        guard let create = find("epoll_create1", as: Create.self), let control = find("epoll_ctl", as: Control.self),
              let wait = find("epoll_wait", as: Wait.self) else { throw BenchError("no epoll in this C library") }
        instance = create(Self.closeOnExec)
        guard instance >= 0 else { throw BenchError("cannot make an epoll instance: \(String(cString: strerror(errno)))") }
        self.control = control
        self.wait = wait
        ready = .allocate(byteCount: Self.size * capacity, alignment: 8)
    }

    deinit {
        ready.deallocate()
        close(instance)
    }

    /// Watches `descriptor` for input; it leaves the instance when it is closed.
    func watch(_ descriptor: Int32) throws {
        let event = UnsafeMutableRawPointer.allocate(byteCount: Self.size, alignment: 8)
        defer { event.deallocate() }
        event.storeBytes(of: Self.readable, as: UInt32.self)
        event.storeBytes(of: Int64(descriptor), toByteOffset: Self.dataOffset, as: Int64.self)
        guard control(instance, Self.add, descriptor, event) == 0 else {
            throw BenchError("cannot watch a terminal with epoll: \(String(cString: strerror(errno)))")
        }
    }

    /// The descriptors with input (or hung up), waiting up to `milliseconds` for one.
    func readable(within milliseconds: Int32) -> [Int32] {
        let count = wait(instance, ready, Int32(capacity), milliseconds)
        guard count > 0 else { return [] }
        return (0..<Int(count)).map {
            Int32(truncatingIfNeeded: ready.loadUnaligned(fromByteOffset: $0 * Self.size + Self.dataOffset, as: Int64.self))
        }
    }
}
