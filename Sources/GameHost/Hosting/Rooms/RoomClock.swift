#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The room's clock (issue 39): a game that asks for ticks gets them in a room as lines of the
/// room's journal, so every seat and spectator applies the same ticks between the same
/// inputs, and a replay of the journal shows what was shown.
///
/// One seat's process writes them: the seat that wrote the last tick line keeps the clock (a
/// lease renewed by each tick it writes). The others look when a tick is overdue by
/// `grace`: the keeper has gone or stalled, so the first of them to get the journal's lock
/// writes it and keeps the clock from then on. A tick line is written under the journal's
/// lock only after every line before it was applied, and only if the tick is still due
/// then, so no tick is written twice; each is stamped with the moment it was due, not when
/// it was written, so a tick written late by a new keeper is still the same tick.
enum RoomClock {
    /// How long past its due moment a tick waits for its keeper before another seat takes
    /// the clock over: three of the game's intervals, and no less than a quarter second, so
    /// a busy machine's scheduling does not pass the clock around.
    static func grace(_ interval: Duration) -> TimeInterval {
        max(0.25, 3 * Double(interval.components.seconds) + 3 * Double(interval.components.attoseconds) / 1e18)
    }

    /// When `seat` should write the tick due at `due`: at once if it keeps the clock (or no
    /// one has yet), else once the keeper is overdue.
    static func moment(due: Date, interval: Duration, seat: Seat, keeper: Seat?) -> Date {
        keeper == nil || keeper == seat ? due : due.addingTimeInterval(grace(interval))
    }
}
