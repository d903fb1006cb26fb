#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How many topics a round has: 2 to 5 at random, or a fixed number.
public enum TopicCount: Hashable, CaseIterable, RawRepresentable, Codable, Sendable {
    case random
    case fixed(Int)

    public static var allCases: [TopicCount] {
        [.random] + SliderConstants.fixedTopics.map(TopicCount.fixed)
    }

    /// Stable keys for files and `--set`: "random", "2" … "15".
    public var rawValue: String {
        switch self {
        case .random: "random"
        case .fixed(let count): String(count)
        }
    }

    public init?(rawValue: String) {
        if rawValue == "random" {
            self = .random
        } else if let count = Int(rawValue), SliderConstants.fixedTopics.contains(count),
                  String(count) == rawValue {
            self = .fixed(count)
        } else {
            return nil
        }
    }

    public var label: String {
        switch self {
        case .random:
            "Random (\(SliderConstants.randomTopics.lowerBound)–\(SliderConstants.randomTopics.upperBound))"
        case .fixed(let count): String(count)
        }
    }

    /// The count for one round; `random` draws it.
    func count(using random: inout some RandomNumberGenerator) -> Int {
        switch self {
        case .random: Int.random(in: SliderConstants.randomTopics, using: &random)
        case .fixed(let count): count
        }
    }
}
