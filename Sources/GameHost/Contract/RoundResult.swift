#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A finished round, as a module reports it to the host's scores.
public struct RoundResult: Codable, Hashable, Sendable {
    /// The number that ranks rounds: higher is better.
    public var score: Int
    /// The most a round could score, when there is such a thing (5 questions → 5).
    public var maximum: Int?
    /// The score in the game's own words, e.g. "4 of 5 correct" or "82% compatible".
    public var summary: String
    /// Seconds from the round's start to its end; shorter wins a tie.
    public var duration: Double?
    /// When the round ended; the host fills it in from its clock.
    public var date: Date?
    /// Each seat's own score, seat 1 first, in a round of several players: a room records
    /// each seat's player with theirs. Nil: every seat's player gets `score`.
    public var seatScores: [Int]?
    /// The players' names, whole and apart from the summary ("Ada", "Grace"): Scores show
    /// them after it, cut with "…" only where the row has no room. Nil: no names.
    public var players: [String]?

    /// A finished round; see each property.
    public init(score: Int, maximum: Int? = nil, summary: String, duration: Double? = nil) {
        self.score = score
        self.maximum = maximum
        self.summary = summary
        self.duration = duration
    }

    /// A finished round with its players' names, kept whole apart from the summary. (An
    /// initializer of its own: the one above keeps its signature, so code built against it links.)
    public init(score: Int, maximum: Int? = nil, summary: String, duration: Double? = nil, players: [String]) {
        self.init(score: score, maximum: maximum, summary: summary, duration: duration)
        self.players = players
    }

    /// A finished round of several players, each seat with its own score.
    public init(score: Int, maximum: Int? = nil, summary: String, duration: Double? = nil, seatScores: [Int]) {
        self.init(score: score, maximum: maximum, summary: summary, duration: duration)
        self.seatScores = seatScores
    }

    /// The round as `seat`'s player scored it: their own score where the game gave each
    /// seat one, else the round's.
    public func scored(by seat: Seat) -> RoundResult {
        var result = self
        if let seatScores, seatScores.indices.contains(seat.index) { result.score = seatScores[seat.index] }
        result.seatScores = nil
        return result
    }
}
