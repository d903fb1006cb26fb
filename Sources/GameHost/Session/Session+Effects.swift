#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the session carries out the effects screens return, and how it keeps time for them.
extension Session {
    /// Performs effects in order. Screens a game pushes belong to the same game as the
    /// screen that asked; a pop closes that screen only if it is still on top.
    func carryOut(_ effects: [HostEffect], from source: Screen?, launch: Launch?) {
        // An intent was handled: the frame last drawn may show another state now.
        drawn = nil
        for effect in effects {
            switch effect.action {
            case .push(let screen):
                push(Layer(screen: screen, owner: launch.map { .game($0) } ?? .host))
            case .pop:
                if stack.last?.screen === source { popTop() }
            // A replay repeats no effect that reaches outside the game's screens.
            case .openPreferences:
                // A room's game keeps the preferences it was opened with.
                if let launch, !isReplaying, seating != .room { openPreferences(launch) }
            case .reportRound(let result):
                guard let launch, !isReplaying else { break }
                if let roundReported { roundReported(result, launch.entry.id) } else { record(result, game: launch.entry.id) }
            case .notify(let message):
                if !isReplaying { notify(message) }
            case .after(let delay, let intent):
                if let source { timers.schedule(intent, for: source, at: elapsed + max(delay, Self.shortestWait)) }
            case .host(let request):
                HostRouter(session: self).route(request)
            }
        }
    }

    private func openPreferences(_ launch: Launch) {
        let entry = launch.entry
        let form = PreferencesFormViewModel(game: entry.info, schema: entry.schema, mode: .sheet,
                                            store: formStore(entry), play: nil)
        push(Layer(screen: Screen(id: "host.preferences", model: form, view: PreferencesFormView()),
                   owner: .host, onPop: { [unowned self] in preferencesClosed(launch) }))
    }

    /// - Parameter kept: the round's journal, for a round played elsewhere (a room's): kept in
    ///   the history and with the host's board as this session's own journal would be.
    func record(_ result: RoundResult, game: String, journal kept: String? = nil) {
        var result = result
        // The real time: after a resume, the game's own clock runs behind it.
        result.date = now.addingTimeInterval(-clockShift)
        do {
            try setup.scores.record(result, game: game)
        } catch {
            notify("The score could not be saved: \(error)")
        }
        roundsReported += 1
        // The journal marks the round once the input that ended it is written; a hosted
        // player's round goes to the host's shared board too, under their name.
        for observer in observers { observer.didReportRound(result, game: game, kept: kept, in: self) }
        guard let kept, setup.journalHistory > 0 else { return }
        JournalHistory(folder: setup.dataDirectory + "/" + game + "/" + Self.historyFolder)
            .keep(kept, for: result.date!, limit: setup.journalHistory, within: setup.dataLimit)
    }

    /// How a game's rounds compare, as its module says (higher is better for a game not listed).
    func scoreOrder(of game: String) -> ScoreOrder {
        setup.games.first { $0.id == game }?.info.scoreOrder ?? .higherIsBetter
    }

    // MARK: - Time

    /// The real time: after a resume the game's own clock runs behind it (`clockShift`).
    var wallNow: Date { now.addingTimeInterval(-clockShift) }

    /// When the screens next need to run without a key: the top screen's next tick or the
    /// earliest timer. Nil when nothing waits (the test kit then lets a second pass per key).
    public var nextDeadline: Date? { screensDue.map { startTime.adding($0) } }

    /// The same, as the session's time since it started.
    var screensDue: Duration? {
        [ticksFromJournal ? nil : timers.nextTick?.due, timers.nextTimer?.due].compactMap { $0 }.min()
    }

    /// When the top screen's next tick falls due; nil when it asks for none.
    var nextTickDate: Date? { timers.nextTick.map { startTime.adding($0.due) } }

    /// Delivers the top screen's tick now, as a room journal's tick line says (the session's
    /// clock already at the line's time); the next one falls due an interval later. Nothing
    /// when the top screen asks for no ticks: every copy of the room skips the line alike.
    func deliverJournalTick() {
        advanceTime(to: clock())
        guard !isFinished, let tick = timers.nextTick else { return }
        timers.nextTick?.due = elapsed + tick.interval
        let effects = deliver(tick.intent, to: tick.screen)
        record(.tick, intent: AnyEncodable(tick.intent.value), effects: effects,
               byGame: !tick.screen.id.hasPrefix("host."))
    }

    /// A room's seat left (a room journal's `left` line): the top screen hears it as an
    /// input from no seat, if it wants to (`ViewModel.seatLeft`).
    func deliverSeatLeft(_ seat: Seat) {
        advanceTime(to: clock())
        guard !isFinished, let top = stack.last?.screen, let intent = top.seatLeft(seat) else { return }
        let effects = deliver(intent, to: top)
        record(.intent, intent: AnyEncodable(intent.value), effects: effects, byGame: !isHost(top))
    }

    /// When the session next needs to run without a key: the screens' next deadline or, in a
    /// hosted session, its idle time-out. Nil when nothing waits, so an idle launcher sleeps.
    var nextDue: Duration? {
        // A replay runs on the journal's time: the player's idle time is not in it.
        [screensDue, isReplaying ? nil : idleDue].compactMap { $0 }.min()
    }

    /// Delivers every tick and timer due up to `date`, each at the moment it was due, so a
    /// session replays the same whatever the real delays were. Time never goes back.
    public func advanceTime(to date: Date) {
        advanceTime(toElapsed: Self.duration(date.timeIntervalSince(startTime)))
    }

    /// Lets `duration` pass on the session's clock, delivering what falls due meanwhile.
    public func advanceTime(by duration: Duration) {
        advanceTime(toElapsed: elapsed + max(.zero, duration))
    }

    func advanceTime(toElapsed target: Duration) {
        while !isFinished, let due = nextDue, due <= target {
            elapsed = max(elapsed, due)
            if !isReplaying, let idle = idleDue, idle == due {
                timeOut()
            } else if let timer = timers.nextTimer, timer.due == due {
                timers.removeNextTimer()
                guard stack.contains(where: { $0.screen === timer.screen }) else { continue }
                let effects = deliver(timer.intent, to: timer.screen)
                record(.timer, intent: AnyEncodable(timer.intent.value), effects: effects,
                       byGame: !isHost(timer.screen))
            } else if let tick = timers.nextTick {
                timers.nextTick?.due = due + tick.interval
                let effects = deliver(tick.intent, to: tick.screen)
                record(.tick, intent: AnyEncodable(tick.intent.value), effects: effects,
                       byGame: !isHost(tick.screen))
            }
        }
        elapsed = max(elapsed, target)
    }

    /// Before a key: whatever fell due before it arrived happens first.
    func catchUpWithClock() {
        advanceTime(to: clock())
    }

    /// Ticks and timers do not clear notices: a message stays until the player's next key,
    /// not the next tick, which may come a few milliseconds later.
    func deliver(_ intent: HostIntent, to screen: Screen) -> [HostEffect] {
        let launch = stack.last { $0.screen === screen }?.launch
        let effects = intent.perform()
        carryOut(effects, from: screen, launch: launch)
        rescheduleTicks()
        return effects
    }

    /// Asks the top screen for its ticks after every change; a new screen or a new pace
    /// starts counting from now, the same pace carries on.
    func rescheduleTicks() {
        // A game that cannot be seen does not move; the host's own screens draw their notice
        // themselves and keep their pace, and a replay delivers the ticks its journal holds.
        guard let layer = stack.last, !isFinished, layer.isHost || isReplaying || isSeen(layer.screen),
              let ticks = layer.screen.ticks() else {
            timers.nextTick = nil
            return
        }
        let top = layer.screen
        let interval = max(ticks.interval, Self.shortestWait)
        if let current = timers.nextTick, current.screen === top, current.interval == interval {
            timers.nextTick?.intent = ticks.intent
            return
        }
        timers.nextTick = .init(screen: top, interval: interval, intent: ticks.intent, due: elapsed + interval)
    }

    /// Whether `screen` is one of the host's own, as its layer says.
    func isHost(_ screen: Screen) -> Bool {
        stack.last { $0.screen === screen }?.isHost ?? true
    }

    /// Whether the player sees `screen` on top now: the terminal is large enough for it
    /// (or its size is not known).
    func isSeen(_ screen: Screen) -> Bool {
        terminalSize.map { fits(screen, in: $0) } ?? true
    }

    /// Stops the top screen's time unasked, as `ViewModel.hold` says: only while it asks for
    /// ticks, and journaled like any input, so a replay holds at the same point.
    func holdTop() {
        guard !isReplaying, !isFinished, let top = stack.last?.screen, top.ticks() != nil,
              let hold = top.hold() else { return }
        let byGame = isJournaled(top)
        let effects = perform(hold)
        record(.hold, intent: AnyEncodable(hold.value), effects: effects, byGame: byGame)
    }

    /// The terminal changed size: a game that no longer fits is held, and its ticks stop
    /// until it fits again (and start again then, for a game that does not hold).
    func resized(from old: Size?) {
        guard !isReplaying, !isFinished, let layer = stack.last else { return }
        let wasSeen = old.map { fits(layer.screen, in: $0) } ?? true
        if wasSeen, !isSeen(layer.screen), !layer.isHost {
            catchUpWithClock()
            holdTop()
        }
        rescheduleTicks()
    }

    /// The shortest tick interval or timer delay: shorter ones are rounded up to it, so time
    /// always moves on between two deliveries and a screen cannot keep the host busy forever.
    static let shortestWait = Duration.milliseconds(1)

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
    /// The duration in seconds, as a floating-point number.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
