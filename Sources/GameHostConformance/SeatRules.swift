#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// Who may act in a room, looked at around one seat's key: the game as the key found it, and
/// what the key may change. A key the seat's own bindings show unavailable changes nothing; a
/// seat not on `turn` neither passes the turn on nor reports a round; and a key that moves
/// only the seat's own `privatePositions(of:)` changes no other seat's frame, nor a
/// spectator's.
struct SeatMove {
    let seat: Seat
    /// The key's name, or the click's ("click 3,2").
    let input: String
    let screen: Screen
    let turn: Seat?
    let game: Int
    let rounds: Int
    let notices: Int
    let unavailable: Bool
    let positions: [[Int]]
    /// Every other seat's frame and the spectator's, when the game declares private positions.
    let others: [(seat: Seat?, text: String)]
    let area: Size

    /// Nil unless `step` is a seat's key in a room, on one of the game's screens.
    init?(_ walker: Walker, _ step: Step) {
        guard walker.start.room == true, let index = step.seat,
              let top = walker.session.topScreen, top.id.hasPrefix(walker.entry.id + ".") else { return nil }
        let seats = Seat.all(walker.entry.seats(walker.variant.values))
        seat = Seat(index)
        input = step.text.split(separator: ":", maxSplits: 1).last.map(String.init) ?? step.text
        screen = top
        turn = top.turn()
        game = SeatChecks.fingerprint(walker)
        rounds = walker.session.roundsReported
        notices = walker.session.noticeLog.count
        // A click on a disabled region never reaches the game; a key shown locked may not act.
        if case .seat(_, let key) = step {
            unavailable = WalkChecks.shownUnavailable(top.bindings(for: Seat(index))).contains(key)
        } else {
            unavailable = false
        }
        positions = seats.map { top.privatePositions(of: $0) }
        let area = Size(width: walker.size.width, height: walker.size.height - Session.chromeHeight)
        self.area = area
        let declared = positions.contains { !$0.isEmpty } && top.minimumSize.fits(in: area)
        others = !declared ? [] : ([nil] + seats.filter { $0 != Seat(index) }).map { other in
            (other, top.render(area, for: other).text)
        }
    }

    /// What the key did that it may not have done, in words that name the fix.
    func problem(after walker: Walker) -> String? {
        let session = walker.session
        let changed = SeatChecks.fingerprint(walker) != game
        let player = SeatChecks.player(seat)
        if unavailable, changed {
            return "\(input) from \(player) is shown unavailable to it (disabled in bindings(_:for:)) but changed "
                + "\(screen.id): a seat that may not act now must change nothing (handle(_:from:) ignores what its "
                + "bindings lock)"
        }
        if let turn, turn != seat, session.topScreen === screen,
           screen.turn() != turn || session.roundsReported > rounds {
            let what = session.roundsReported > rounds ? "reported a round" : "passed the turn on"
            return "\(input) from \(player) \(what) while it was \(SeatChecks.player(turn))'s turn: in a room "
                + "handle(_:from:) must ignore a seat that is not on turn (and turn must name who may act)"
        }
        return privatePositionProblem(walker)
    }

    /// Only this seat's private positions moved: every other frame stays as it was.
    private func privatePositionProblem(_ walker: Walker) -> String? {
        guard !others.isEmpty, walker.session.topScreen === screen, screen.turn() == turn,
              walker.session.roundsReported == rounds, walker.session.noticeLog.count == notices else { return nil }
        let seats = Seat.all(positions.count)
        let now = seats.map { screen.privatePositions(of: $0) }
        guard now[seat.index] != positions[seat.index],
              seats.allSatisfy({ $0 == seat || now[$0.index] == positions[$0.index] }) else { return nil }
        for (other, before) in others where screen.render(area, for: other).text != before {
            let viewer = other.map(SeatChecks.player) ?? "a spectator (nil)"
            return "\(screen.id) drawn for \(viewer) changed when only \(player)'s private positions moved "
                + "(privatePositions(of:) \(positions[seat.index]) → \(now[seat.index])): a seat's cursor or aim "
                + "shows on its own frame only"
        }
        return nil
    }

    private var player: String { SeatChecks.player(seat) }

    /// What a game says to the one seat whose frame it is: never to a spectator, who is
    /// nobody's seat. (A "you" meant for every player, as in a result for the pair, is not
    /// one of them.)
    static let addressingASeat = ["your turn", "your move", "your go", "you to play", "you're up", "you are up",
                                  "you win", "you won", "you lose", "you lost", "your pick", "your seat"]

    /// A line of `text` that addresses a seat, or nil.
    static func addressed(in text: String) -> String? {
        for line in text.split(separator: "\n") {
            let words = String(line.lowercased().map { $0 == "’" ? "'" : $0 })
                .split { !$0.isLetter && $0 != "'" }.joined(separator: " ")
            if addressingASeat.contains(where: { (" " + words + " ").contains(" " + $0 + " ") }) {
                return line.split(separator: " ").joined(separator: " ")
            }
        }
        return nil
    }
}
