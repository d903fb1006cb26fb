/// When a watcher plays each input of the journal it follows: at the pace the inputs were
/// recorded, on the watcher's own clock, however the lines reach it.
///
/// Lines reach a watcher in bunches: it reads the journal a few times a second, and a
/// player's session that was held up (a slow disk, a stopped process) writes the ticks it
/// owed at once, each with the time it was due. Played as they are read, a bunch would flash
/// by; here each input waits its recorded distance from the one played before it. The first
/// input read after a quiet spell waits no more than `slack` after it was read (the quiet
/// spell passed for the watcher too; the slack evens out the reads' own rhythm). A watcher
/// more than `hurryBeyond` seconds behind the newest input it has read plays at `hurry`
/// times the pace until it is back within it, so one long hold-up does not leave it behind
/// for the rest of the round, and every move is still seen.
///
/// Times are seconds: an input's from the journal (since the game started), the watcher's
/// from its own clock.
struct WatchPace {
    static let slack = 0.1
    static let hurryBeyond = 2.0
    static let hurry = 2.0

    /// The input played last: its recorded time, and the watcher's time it was played at.
    private(set) var last: (recorded: Double, played: Double)?
    /// When the next input was read, if nothing else was waiting to be played then.
    private(set) var readAfterQuiet: Double?

    /// Everything read so far was played at once (a watcher who comes in mid-round, or a new
    /// game): the pace counts from the last input played, `recorded` (nil: none yet).
    mutating func caughtUp(to recorded: Double?, at now: Double) {
        last = recorded.map { ($0, now) }
        readAfterQuiet = nil
    }

    /// New inputs were read at `now`; `nothingWaiting`: every input read before was played.
    mutating func read(at now: Double, nothingWaiting: Bool) {
        if nothingWaiting { readAfterQuiet = now }
    }

    /// The watcher's time to play the input recorded at `recorded`, when the newest input
    /// read was recorded at `newest`.
    func due(_ recorded: Double, newest: Double) -> Double {
        guard let last else { return readAfterQuiet ?? -.infinity }
        let speed = newest - recorded > Self.hurryBeyond ? Self.hurry : 1
        let paced = last.played + max(0, recorded - last.recorded) / speed
        guard let readAfterQuiet else { return paced }
        return min(paced, readAfterQuiet + Self.slack)
    }

    /// The input recorded at `recorded` was played at `now`.
    mutating func played(_ recorded: Double, at now: Double) {
        last = (recorded, now)
        readAfterQuiet = nil
    }
}
