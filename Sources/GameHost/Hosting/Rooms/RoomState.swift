#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A room as its `room.json` holds it: the game, who sits where, since when a seat is away,
/// and the rounds reported, kept with the journal when the room ends.
public struct RoomState: Codable, Equatable, Sendable {
    /// One place at the game.
    public struct SeatState: Codable, Equatable, Sendable {
        /// The player sitting there; nil while the seat is free.
        public var player: String?
        /// Since when (seconds since 1970) the seat's player is away: first seen gone by any
        /// process of the room. Nil while they are here, or the seat is free.
        public var away: Double?

        public init(player: String? = nil, away: Double? = nil) {
            self.player = player
            self.away = away
        }
    }

    /// A round the game reported in the room, for the record kept when it ends.
    public struct RoundNote: Codable, Equatable, Sendable {
        public var player: String
        public var score: Int
        public var summary: String
        /// The room's inputs applied when it was reported: tells a round from a replay of it.
        public var inputs: Int
    }

    public var format = 1
    public var code: String
    public var game: String
    public var title: String
    public var seats: [SeatState]
    /// When the room was opened, when its seats were all taken (the game began) and when it
    /// ended, in seconds since 1970.
    public var opened: Double
    public var started: Double?
    public var ended: Double?
    public var endedBecause: String?
    public var rounds: [RoundNote] = []
    /// True when the room takes players by its code only: others see it listed to watch,
    /// not to join (its opener's choice while it waits). Nil (absent) for a listed room.
    public var byCodeOnly: Bool?

    public init(code: String, game: String, title: String, seats: Int, opened: Double) {
        self.code = code
        self.game = game
        self.title = title
        self.seats = Array(repeating: SeatState(), count: max(1, seats))
        self.opened = opened
    }

    /// The seat `player` sits in, if any.
    public func seat(of player: String) -> Seat? {
        seats.firstIndex { $0.player == player }.map(Seat.init)
    }

    public var takenSeats: Int { seats.count { $0.player != nil } }
    public var isFull: Bool { takenSeats == seats.count }
    public var isEnded: Bool { ended != nil }
    public var isByCodeOnly: Bool { byCodeOnly == true }

    /// "open 1/2" ("open 1/2 by code" when it takes players by code only), "playing", "all
    /// away" or "ended", for the lobby.
    public var phase: String {
        if isEnded { return "ended" }
        if started == nil { return "open \(takenSeats)/\(seats.count)" + (isByCodeOnly ? " by code" : "") }
        // Every seat away: no one plays it now (audit C4), until one comes back or it times out.
        return emptySince == nil ? "playing" : "all away"
    }

    /// Since when every seated player is away (nil: someone is here).
    public var emptySince: Double? {
        let taken = seats.filter { $0.player != nil }
        guard !taken.isEmpty, taken.allSatisfy({ $0.away != nil }) else { return nil }
        return taken.compactMap(\.away).max()
    }
}
