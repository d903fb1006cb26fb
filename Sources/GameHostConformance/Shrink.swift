/// Delta debugging (Zeller's ddmin): the shortest list of steps that still fails, found by
/// dropping ever smaller chunks and keeping every drop after which it still fails.
enum Shrink {
    /// `failing` replays a candidate and returns how many of its steps it took to fail (the
    /// rest are dropped), or nil if it passed. At most `budget` replays.
    static func minimize<T>(_ items: [T], budget: Int, failing: ([T]) -> Int?) -> [T] {
        var items = items
        var runs = 0
        func fails(_ candidate: [T]) -> Bool {
            guard runs < budget else { return false }
            runs += 1
            guard let length = failing(candidate) else { return false }
            items = Array(candidate.prefix(length))
            return true
        }
        var chunks = 2
        while items.count >= 2, runs < budget {
            let size = (items.count + chunks - 1) / chunks
            var reduced = false
            for start in stride(from: 0, to: items.count, by: size) {
                var candidate = items
                candidate.removeSubrange(start..<min(start + size, items.count))
                if fails(candidate) {
                    chunks = max(chunks - 1, 2)
                    reduced = true
                    break
                }
            }
            if !reduced {
                if size == 1 { break }
                chunks = min(chunks * 2, items.count)
            }
        }
        // The last step alone, from the start, is often enough.
        if items.count > 1, let last = items.last { _ = fails([last]) }
        return items
    }
}
