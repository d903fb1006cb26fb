/// A place at a game: which player an input came from, whom a frame is drawn for.
///
/// Seat 0 is the first player. On one terminal the host tags no input with a seat (nil) and
/// the game takes nil for the seat whose turn it is; in a room each seat's process tags its
/// own inputs, and every process applies every seat's inputs in the same order.
public struct Seat: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    /// From 0, the first player, to the game's seat count less one.
    public let index: Int

    /// The seat at `index` (0 is the first player).
    public init(_ index: Int) {
        self.index = index
    }

    public static func < (left: Seat, right: Seat) -> Bool { left.index < right.index }

    /// The seats of a game that takes `count` of them, in order.
    public static func all(_ count: Int) -> [Seat] { (0..<max(1, count)).map(Seat.init) }

    /// "seat 0", as traces and test failures show it.
    public var description: String { "seat \(index)" }

    // A bare number, so a room journal's input line stays short: `"seat":1`.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let index = try container.decode(Int.self)
        guard index >= 0 else {
            throw DecodingError.dataCorruptedError(in: container,
                debugDescription: "A seat is a whole number from 0 (the first player); got \(index).")
        }
        self.index = index
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(index)
    }
}

/// How the seats of a game sit: all at one terminal taking turns, or each at their own
/// terminal (a room). A game skips its hand-over screens in a room: nobody needs to look away.
public enum Seating: Sendable, Equatable {
    case oneTerminal
    case room
}
