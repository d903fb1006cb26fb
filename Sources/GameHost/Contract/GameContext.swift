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
    private let clock: () -> Date

    /// The host makes one for each start of a game; tests may make their own.
    public init(gameID: String, seed: UInt64, storage: DataStore, clock: @escaping () -> Date) {
        self.gameID = gameID
        random = SeededGenerator(seed: seed)
        self.storage = storage
        self.clock = clock
    }

    /// The host's time of the input being handled (virtual under test and in plain mode).
    public var now: Date { clock() }
}
