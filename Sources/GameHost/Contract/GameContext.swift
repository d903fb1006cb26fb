#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything a game gets from outside: randomness, time, storage, navigation and scores.
///
/// A module never reaches for the system's clock or random numbers itself, so the same
/// preferences, seed and keys always replay the same game.
public final class GameContext {
    public let gameID: String
    /// The game's seeded random numbers; pass it as `using: &context.random`.
    public var random: SeededGenerator
    /// The game's own folder in the data directory.
    public let storage: DataStore
    private let clock: () -> Date
    weak var navigator: (any Navigator)?

    public init(gameID: String, seed: UInt64, storage: DataStore, clock: @escaping () -> Date) {
        self.gameID = gameID
        random = SeededGenerator(seed: seed)
        self.storage = storage
        self.clock = clock
    }

    /// The host's current time (a fixed, stepping clock under test).
    public var now: Date { clock() }

    /// Shows another screen of this game on top of the current one.
    public func push(_ screen: Screen) { navigator?.push(screen, for: self) }

    /// Goes back one screen (from the game's first screen, back to the launcher).
    public func pop() { navigator?.pop(for: self) }

    /// Opens the host's preferences form for this game; when it closes with changes, the
    /// game starts again from its first screen with the new values.
    public func openPreferences() { navigator?.openPreferences(for: self) }

    /// Reports a finished round to the host's scores.
    public func reportRound(_ result: RoundResult) { navigator?.record(result, for: self) }

    /// Shows a one-off message to the player at the bottom of the screen.
    public func notify(_ message: String) { navigator?.notify(message) }
}

/// What the host does for a game's context; the session implements it.
protocol Navigator: AnyObject {
    func push(_ screen: Screen, for context: GameContext)
    func pop(for context: GameContext)
    func openPreferences(for context: GameContext)
    func record(_ result: RoundResult, for context: GameContext)
    func notify(_ message: String)
}
