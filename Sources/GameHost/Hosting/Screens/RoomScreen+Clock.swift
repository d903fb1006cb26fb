#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A seat's part in keeping the room's clock (`RoomClock`).
extension RoomViewModel {
    /// Asks to be woken when this seat should next look at the clock; nothing for a
    /// spectator, a room not playing, or a game that asks for no ticks.
    func watchClock() -> [Effect<Intent>] {
        guard let seat, !room.isEnded, let due = game.nextTick, let interval = game.tickInterval else { return [] }
        let moment = RoomClock.moment(due: due, interval: interval, seat: seat, keeper: game.clockHolder)
        if let pending = clockWake, pending <= moment { return [] }
        clockWake = moment
        let wait = max(0, moment.timeIntervalSince(now))
        return [.after(.microseconds(Int64((wait * 1e6).rounded(.up))), .clock)]
    }

    /// Writes the game's next tick if it is due for this seat now, under the journal's lock
    /// and after applying whatever other seats appended first; then applies it here at once.
    /// Returns whether anything changed: a line applied (another seat's, or the tick written),
    /// or a problem met. A seat not keeping the clock mostly finds the keeper on time.
    @discardableResult
    func tickIfDue() -> Bool {
        guard let seat, !room.isEnded else { return false }
        func due() -> Date? {
            guard let due = game.nextTick, let interval = game.tickInterval,
                  RoomClock.moment(due: due, interval: interval, seat: seat, keeper: game.clockHolder) <= now
            else { return nil }
            return due
        }
        // Without the lock first: a seat that finds the keeper on time, as it mostly does,
        // need not take it (a follower of a Snake room looks twice a second).
        var applied = game.follow()
        guard due() != nil else { return applied }
        do {
            try journal.locked {
                applied = game.follow() || applied
                guard let due = due() else { return [] }
                return [RoomLine(.input(.tick, time: game.seconds(due)), seat: seat)]
            }
            applied = game.follow() || applied
        } catch let full as RoomJournalFull {
            end(because: full)
            return true
        } catch {
            problem = "\(error)"
            return true
        }
        return applied
    }
}
