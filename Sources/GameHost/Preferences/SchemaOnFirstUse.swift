#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A game's erased schema, made the first time it is asked for, once, whichever thread asks:
/// a launcher holds every game but needs the schema of the one being played (a schema is
/// built from key paths and labels, which shows in the cost of every start). Not generic on
/// purpose: a generic class's metadata is built at run time, at every start.
final class SchemaOnFirstUse: @unchecked Sendable {
    private let make: @Sendable () -> AnyPreferenceSchema
    private var made: AnyPreferenceSchema?
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init(_ make: @escaping @Sendable () -> AnyPreferenceSchema) {
        self.make = make
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    var value: AnyPreferenceSchema {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let made { return made }
        let value = make()
        made = value
        return value
    }
}
