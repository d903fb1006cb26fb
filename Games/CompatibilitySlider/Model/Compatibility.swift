#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How alike two players' ratings are, in percent.
enum Compatibility {
    /// 100 − round(100 × mean(|r1 − r2|) / 5). Ratings run from 1 to 5, so the result runs
    /// from 20 (every answer opposite) to 100 (every answer equal). Nil without pairs.
    static func percentage(_ first: [Rating], _ second: [Rating]) -> Int? {
        let count = min(first.count, second.count)
        guard count > 0 else { return nil }
        let distance = zip(first, second).reduce(0) { $0 + abs($1.0.rawValue - $1.1.rawValue) }
        // round(100 × distance / (5 × count)) in whole numbers, halves rounded up: no
        // floating point, so 2.5 never turns into 2.4999….
        let penalty = (40 * distance + count) / (2 * count)
        return 100 - penalty
    }
}
