#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A session's time: how long it has run, exactly, and what it waits for (the top screen's
/// ticks and the one-shot timers). Shared by the session, the game it runs, a replay and the
/// terminal loop, which each read or move the same time rather than fields of the session.
final class SessionClock {
    /// Where time comes from; read when a key arrives (see `Session.Setup.clock`). The terminal
    /// loops replace it with a steady clock, plain mode with the script's.
    var source: () -> Date
    /// The moment `elapsed` counts from.
    let startTime: Date
    /// The time since the start, exactly: ticks fall on whole multiples of their interval,
    /// however the source's readings round.
    private(set) var elapsed: Duration = .zero
    /// During a replay and after a resume, the game's time is the journal's: `now` is the
    /// session's time plus this, so a resumed round's clock carries on from where its journal
    /// stopped. Ticks, timers and the terminal loop's clock keep to `elapsed`, which this leaves be.
    private(set) var shift: TimeInterval = 0
    var timers = Timers()
    /// What a replay set aside, handed back when it ends.
    private var beforeReplay: (elapsed: Duration, shift: TimeInterval, started: TimeInterval)?

    init(source: @escaping () -> Date) {
        self.source = source
        startTime = source()
    }

    /// The time of the input being handled: a key's arrival, or the moment a tick was due.
    var now: Date { startTime.adding(elapsed).addingTimeInterval(shift) }

    /// The real time: after a resume the game's own clock runs behind it (`shift`).
    var wallNow: Date { now.addingTimeInterval(-shift) }

    /// The source's reading now, as a time since the start.
    var sourceElapsed: Duration { Self.duration(source().timeIntervalSince(startTime)) }

    /// A moment of the session's time as a date.
    func date(_ elapsed: Duration) -> Date { startTime.adding(elapsed) }

    /// Moves time on to `target`; time never goes back.
    func reach(_ target: Duration) {
        elapsed = max(elapsed, target)
    }

    /// A replay runs on the journal's time, from its start (`started`, seconds since 1970).
    func enterReplay(startedAt started: TimeInterval) {
        beforeReplay = (elapsed, shift, started)
        elapsed = .zero
        shift = started - startTime.timeIntervalSince1970
    }

    /// The replay's game goes on live: back to the session's time, with what waits moved along
    /// and the game's time carrying on from where the journal stopped.
    func leaveReplay() {
        guard let saved = beforeReplay else { return }
        beforeReplay = nil
        let journalEnd = elapsed
        elapsed = saved.elapsed
        timers.shift(by: saved.elapsed - journalEnd)
        shift = saved.started + journalEnd.seconds - startTime.adding(saved.elapsed).timeIntervalSince1970
    }

    /// The replay is given up: the time is as it was before it.
    func cancelReplay() {
        guard let saved = beforeReplay else { return }
        beforeReplay = nil
        elapsed = saved.elapsed
        shift = saved.shift
    }

    /// Seconds as a duration, to the microsecond: a `Date` holds no finer time faithfully.
    static func duration(_ seconds: TimeInterval) -> Duration {
        .microseconds(Int64((seconds * 1e6).rounded()))
    }
}

/// The session's pending time: the top screen's ticks and the one-shot timers, due at
/// moments of the session's time since it started.
struct Timers {
    struct Tick {
        let screen: Screen
        let interval: Duration
        var intent: HostIntent
        var due: Duration
    }

    struct Timer {
        let screen: Screen
        let intent: HostIntent
        var due: Duration
    }

    var nextTick: Tick?
    /// Sorted by due time; equal times keep the order they were asked in.
    private(set) var pending: [Timer] = []

    var nextTimer: Timer? { pending.first }

    mutating func schedule(_ intent: HostIntent, for screen: Screen, at due: Duration) {
        let index = pending.firstIndex { $0.due > due } ?? pending.endIndex
        pending.insert(Timer(screen: screen, intent: intent, due: due), at: index)
    }

    mutating func removeNextTimer() { pending.removeFirst() }

    /// Moves everything pending by `delta`, when the session's clock is set to another time
    /// (a replay runs on the journal's time, then hands back to the session's).
    mutating func shift(by delta: Duration) {
        nextTick?.due += delta
        for index in pending.indices { pending[index].due += delta }
    }
}

extension Date {
    func adding(_ duration: Duration) -> Date {
        addingTimeInterval(duration.seconds)
    }
}

extension Duration {
    /// The earlier of two moments, either of which may not come; nil when neither does. Asked
    /// several times a tick (when the session next needs to run), so no array is made for it.
    static func earliest(_ first: Duration?, _ second: Duration?) -> Duration? {
        guard let first else { return second }
        guard let second else { return first }
        return min(first, second)
    }

    /// The duration in seconds, as a floating-point number.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
