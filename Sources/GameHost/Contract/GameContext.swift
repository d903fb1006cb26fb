#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything a game gets from outside: randomness, time and storage. It is the environment
/// only: what a game wants done (navigate, report, notify) it returns as `Effect`s.
///
/// A module never reaches for the system's clock or random numbers itself, so the same
/// preferences, seed and inputs always replay the same game.
public final class GameContext {
    /// The id of the game this context belongs to.
    public let gameID: String
    /// The game's seeded random numbers; pass it as `using: &context.random`.
    public var random: SeededGenerator
    /// The game's own folder in the data directory. The host owns it: during a replay its
    /// writes are skipped, so saving through it is an effect the host controls.
    public let storage: DataStore
    /// How many seats the game was started with: its module's `seats(preferences)` for the
    /// preferences it runs with (the host sets it as it makes the first screen). Default 1.
    public internal(set) var seatCount: Int
    /// Whether the seats share one terminal (taking turns, hand-over screens and all) or each
    /// have their own (a room). Default `.oneTerminal`.
    public let seating: Seating
    private let clock: () -> Date
    /// In a room, the names of the players in its seats as the host knows them now (nil: a
    /// seat not taken yet); empty on one terminal. For words on screen only: a player may sit
    /// down after the game began, so neither the state nor any choice of the game depends on
    /// them. Default: none.
    public var seatNames: () -> [String?] = { [] }

    /// The host makes one for each start of a game; tests may make their own.
    public init(gameID: String, seed: UInt64, storage: DataStore, clock: @escaping () -> Date,
                seatCount: Int = 1, seating: Seating = .oneTerminal) {
        self.gameID = gameID
        random = SeededGenerator(seed: seed)
        self.storage = storage
        self.clock = clock
        self.seatCount = max(1, seatCount)
        self.seating = seating
    }

    /// The host's time of the input being handled (virtual under test and in plain mode).
    public var now: Date { clock() }
}
