#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A line of a room's journal: the ordinary journal line, plus the seat an input came from
/// (`"seat":1`; absent = nil, so an ordinary journal reads as a room journal of no seats).
public struct RoomLine: Equatable, Sendable, Codable {
    public var line: JournalLine
    public var seat: Seat?

    public init(_ line: JournalLine, seat: Seat? = nil) {
        self.line = line
        self.seat = seat
    }

    private enum Keys: String, CodingKey { case seat }

    public init(from decoder: Decoder) throws {
        line = try JournalLine(from: decoder)
        seat = try decoder.container(keyedBy: Keys.self).decodeIfPresent(Seat.self, forKey: .seat)
    }

    public func encode(to encoder: Encoder) throws {
        // Both write into the same object: the line's fields and the seat beside them.
        try line.encode(to: encoder)
        guard let seat else { return }
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(seat, forKey: .seat)
    }
}
