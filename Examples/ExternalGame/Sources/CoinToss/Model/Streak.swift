import Foundation

/// Calls and tosses: the current run of right calls, and the best one.
public struct Streak: Equatable, Sendable, Encodable {
    public enum Side: String, Codable, Sendable { case heads, tails }

    public private(set) var current = 0
    public private(set) var best = 0
    public private(set) var lastToss: Side?
    public private(set) var lastCallWasRight: Bool?

    public init() {}

    /// Records a call and the side the coin landed on; returns the run that a wrong call
    /// ended, if it ended one.
    public mutating func call(_ side: Side, landed: Side) -> Int? {
        lastToss = landed
        lastCallWasRight = side == landed
        guard side == landed else {
            defer { current = 0 }
            return current > 0 ? current : nil
        }
        current += 1
        best = max(best, current)
        return nil
    }
}
