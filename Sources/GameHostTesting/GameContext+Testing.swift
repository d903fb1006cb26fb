import Foundation
import GameHost

extension GameContext {
    /// The moment every test context reads: fixed, so a test's draws and dates never depend on
    /// when it runs.
    public static let testingNow = Date(timeIntervalSince1970: 1_780_000_000)

    /// A context for testing a view model on its own, without a session: a fixed clock and a
    /// storage folder that is never made unless the game writes (unit tests of a model do not;
    /// one that does should pass its own `storage` and remove it after).
    public static func forTesting(gameID: String, seed: UInt64 = 1, seatCount: Int = 1,
                                  seating: Seating = .oneTerminal, storage: DataStore? = nil,
                                  now: Date = testingNow) -> GameContext {
        let unused = Path.join(Path.temporaryDirectory(), "gamehost-unit-unused-\(gameID)")
        return GameContext(gameID: gameID, seed: seed, storage: storage ?? DataStore(directory: unused, report: { _ in }),
                           clock: { now }, seatCount: seatCount, seating: seating)
    }
}
