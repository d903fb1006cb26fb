import GameHost

/// What the seats check learns of a walk as a whole, step by step, and the verdicts only the
/// whole walk gives: in a room nobody can play, a second session fed the same tagged inputs
/// reaches another state, and a game that asks for ticks parts ways in a room of processes.
/// The seats check and `check --room` (`RoomReplay`) keep one each, so a replayed walk
/// reaches the verdict its walk printed (issue 38).
struct WholeWalk {
    let seats: Int
    /// The walk's state after each step.
    private(set) var fingerprints: [Int] = []
    /// Keys from seats, and whether any of them changed the game.
    private var seatKeys = 0, acted = false
    /// Whether the game asked for ticks: then the room is played again with tick lines.
    private var ticked = false
    /// In a room each seat's own keys are walked as the keys check walks one terminal's: the
    /// keys a seat's bindings show unavailable are pressed from that seat wherever a screen
    /// shows it a set of them not met before.
    private var locked: [Step] = [], lockSets = Set<[String]>()

    init(seats: Int) {
        self.seats = seats
    }

    /// The next locked key to press from its seat, when a screen shows one not pressed yet.
    mutating func lockedKey(_ walker: Walker) -> Step? {
        if locked.isEmpty { locked = lockedKeys(walker) }
        return locked.isEmpty ? nil : locked.removeFirst()
    }

    /// Notes a step done without a problem; `before` is the walk's fingerprint before it.
    mutating func record(_ walker: Walker, _ step: Step, before: Int, locked: Bool) {
        fingerprints.append(SeatChecks.fingerprint(walker))
        if !ticked, let top = walker.session.topScreen, top.id.hasPrefix(walker.entry.id + ".") {
            ticked = top.asksForTicks
        }
        // A locked key may not act: it says nothing of whether anyone can play.
        if step.seat != nil, !locked, walker.inGame {
            seatKeys += 1
            acted = acted || fingerprints.last != before
        }
    }

    /// The first verdict on the walk as a whole, with the steps that show it; nil when none.
    func verdict(_ walker: Walker, channel: Channel) -> (problem: String, steps: [Step])? {
        let room = walker.start.room == true
        // Twenty keys, so a short walk (a soak spread thin) that met only locked keys is no verdict.
        if room, !acted, seatKeys >= 20 {
            return ("in a room no seat's key changed the game in \(seatKeys) keys from its seats: "
                    + "nobody can play it. handle(_:from:) must act for the seat it is given (in a room nil is a "
                    + "spectator, not the seat on turn), and bindings(_:for:) must enable that seat's keys", walker.steps)
        }
        guard let copy = try? Walker(walker.entry, walker.start, channel: channel) else { return nil }
        copy.announce("feeding a second session the same \(walker.steps.count) tagged inputs")
        for (number, input) in walker.steps.enumerated() {
            copy.perform(input)
            guard SeatChecks.fingerprint(copy) == fingerprints[number] else {
                return ("a second session fed the same tagged inputs reached another state after "
                        + "step \(number + 1) (\(input.text)): every process following a room must reach the same "
                        + "states; a game must depend only on its preferences, seed and inputs",
                        Array(walker.steps.prefix(number + 1)))
            }
        }
        if room, ticked, let problem = RoomProcesses.problem(walker, seats: seats) { return (problem, walker.steps) }
        return nil
    }

    /// The keys each seat's own bindings show unavailable on a game's screen, from that seat,
    /// for each seat shown a set of them not met yet.
    private mutating func lockedKeys(_ walker: Walker) -> [Step] {
        guard let top = walker.session.topScreen, top.id.hasPrefix(walker.entry.id + ".") else { return [] }
        return Seat.all(seats).flatMap { seat in
            let keys = WalkChecks.shownUnavailable(top.bindings(for: seat))
            guard lockSets.insert([top.id, "\(seat.index)"] + keys.map(\.name)).inserted else { return [Step]() }
            return keys.map { Step.seat(seat.index, $0) }
        }
    }
}
