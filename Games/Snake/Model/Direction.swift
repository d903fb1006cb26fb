#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A cell of the board: x from the left, y from the top, both from 0.
public struct Point: Hashable, Codable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    public var description: String { "(\(x), \(y))" }
}

/// Where the snake's head goes next.
public enum Direction: String, Codable, CaseIterable, Sendable {
    case up, down, left, right

    var opposite: Direction {
        switch self {
        case .up: .down
        case .down: .up
        case .left: .right
        case .right: .left
        }
    }

    var isHorizontal: Bool { self == .left || self == .right }

    /// One cell in this direction from `point`.
    func step(from point: Point) -> Point {
        switch self {
        case .up: Point(x: point.x, y: point.y - 1)
        case .down: Point(x: point.x, y: point.y + 1)
        case .left: Point(x: point.x - 1, y: point.y)
        case .right: Point(x: point.x + 1, y: point.y)
        }
    }
}
