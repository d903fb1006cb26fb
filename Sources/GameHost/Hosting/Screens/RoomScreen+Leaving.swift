#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A seat leaving a room in play, told to the game (`ViewModel.seatLeft`) by a `left` line of
/// the room's journal, so every copy and a replay apply it between the same inputs.
extension RoomViewModel {
    /// Writes that `seat` left: by the leaving seat's own process as it goes, or by another
    /// seat's process for one whose process vanished (`kill -9`) without going through
    /// `leave`, unless the journal already says so since the seat's last line.
    func writeLeft(_ seat: Seat) {
        // A game that takes no `seatLeft` waits for the seat: its journal stays as it was.
        guard room.started != nil, !room.isEnded, game.top?.seatLeft(seat) != nil else { return }
        do {
            try journal.locked {
                // Under the lock, whoever writes it: each leave is written once (not again for
                // a seat another process wrote gone, or that came back and goes without a word).
                guard !game.leftAlready(seat), seat == self.seat || !rooms.isPresent(code, seat) else { return [] }
                return [RoomLine(.input(.left, time: max(0, game.seconds(now))), seat: seat)]
            }
            // A vanished seat's leaving is applied here at once; a screen that goes follows nothing more.
            if seat != self.seat { game.follow() }
        } catch let full as RoomJournalFull {
            end(because: full)
        } catch {
            problem = "\(error)"
        }
    }

    /// Seats the room's state marks away whose leaving the journal does not hold yet: their
    /// process went without a word. The first seat's process to see it writes it.
    func noteVanishedSeats() {
        guard seat != nil else { return }
        for (index, place) in room.seats.enumerated()
        where place.player != nil && place.away != nil && Seat(index) != seat && !game.gone.contains(Seat(index)) {
            writeLeft(Seat(index))
        }
    }
}
