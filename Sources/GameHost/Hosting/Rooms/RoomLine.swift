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
    /// What the key did on the seat's screen when it was pressed ("lock in"): a key whose
    /// binding means something else by the time the line is applied (another seat's input came
    /// first and moved the game on) does nothing. Nil: applied whatever it means then.
    public var label: String?

    public init(_ line: JournalLine, seat: Seat? = nil, label: String? = nil) {
        self.line = line
        self.seat = seat
        self.label = label
    }

    private enum Keys: String, CodingKey { case seat, label }

    public init(from decoder: Decoder) throws {
        line = try JournalLine(from: decoder)
        let container = try decoder.container(keyedBy: Keys.self)
        seat = try container.decodeIfPresent(Seat.self, forKey: .seat)
        label = try container.decodeIfPresent(String.self, forKey: .label)
    }

    public func encode(to encoder: Encoder) throws {
        // Both write into the same object: the line's fields and the seat beside them.
        try line.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encodeIfPresent(seat, forKey: .seat)
        try container.encodeIfPresent(label, forKey: .label)
    }
}
