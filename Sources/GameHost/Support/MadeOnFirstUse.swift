#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value made the first time it is asked for, once, whichever thread asks: what a
/// launcher holds for every game but needs for the one being played (a schema is built from
/// key paths and labels, which shows in the cost of every start).
final class MadeOnFirstUse<Value: Sendable>: @unchecked Sendable {
    private let make: @Sendable () -> Value
    private var made: Value?
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    var value: Value {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let made { return made }
        let value = make()
        made = value
        return value
    }
}
