import Foundation

/// How the session carries out the effects screens return, and how it keeps time for them.
extension Session {
    /// Performs effects in order. Screens a game pushes belong to the same game as the
    /// screen that asked; a pop closes that screen only if it is still on top.
    func carryOut(_ effects: [HostEffect], from source: Screen?, launch: Launch?) {
        for effect in effects {
            switch effect.action {
            case .push(let screen):
                push(Layer(screen: screen, launch: launch))
            case .pop:
                if stack.last?.screen === source { popTop() }
            // A replay repeats no effect that reaches outside the game's screens.
            case .openPreferences:
                if let launch, !isReplaying { openPreferences(launch) }
            case .reportRound(let result):
                if let launch, !isReplaying { record(result, game: launch.entry.id) }
            case .notify(let message):
                if !isReplaying { notify(message) }
            case .after(let delay, let intent):
                if let source { timers.schedule(intent, for: source, at: now.adding(delay)) }
            case .session(let work):
                work(self)
            }
        }
    }

    private func openPreferences(_ launch: Launch) {
        let entry = launch.entry
        let form = PreferencesFormViewModel(game: entry.info, schema: entry.schema, mode: .sheet,
                                            store: formStore(entry), play: nil)
        push(Layer(screen: Screen(id: "host.preferences", model: form, view: PreferencesFormView()),
                   launch: launch, onPop: { [unowned self] in preferencesClosed(launch) }))
    }

    private func record(_ result: RoundResult, game: String) {
        var result = result
        // The real time: after a resume, the game's own clock runs behind it.
        result.date = now.addingTimeInterval(-clockShift)
        do {
            try setup.scores.record(result, game: game)
        } catch {
            notify("The score could not be saved: \(error)")
        }
        journalRoundEnded(at: result.date!)
    }

    // MARK: - Time

    /// When the session next needs to run without a key: the top screen's next tick or the
    /// earliest timer. Nil when nothing waits, so an idle launcher sleeps.
    public var nextDeadline: Date? { nextDue?.addingTimeInterval(-clockShift) }

    /// The next tick or timer on the session's own time.
    var nextDue: Date? {
        [timers.nextTick?.due, timers.nextTimer?.due].compactMap { $0 }.min()
    }

    /// Delivers every tick and timer due up to `date`, each at the moment it was due, so a
    /// session replays the same whatever the real delays were.
    public func advanceTime(to clockTime: Date) {
        let date = clockTime.addingTimeInterval(clockShift)
        while !isFinished, let due = nextDue, due <= date {
            now = max(now, due)
            notices.removeAll()
            if let timer = timers.nextTimer, timer.due == due {
                timers.removeNextTimer()
                guard stack.contains(where: { $0.screen === timer.screen }) else { continue }
                let effects = deliver(timer.intent, to: timer.screen)
                record(.timer, intent: AnyEncodable(timer.intent.value), effects: effects,
                       byGame: !timer.screen.id.hasPrefix("host."))
            } else if let tick = timers.nextTick {
                timers.nextTick?.due = due.adding(tick.interval)
                let effects = deliver(tick.intent, to: tick.screen)
                record(.tick, intent: AnyEncodable(tick.intent.value), effects: effects,
                       byGame: !tick.screen.id.hasPrefix("host."))
            }
        }
        now = max(now, date)
    }

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
        guard let top = stack.last?.screen, !isFinished, let ticks = top.ticks() else {
            timers.nextTick = nil
            return
        }
        if let current = timers.nextTick, current.screen === top, current.interval == ticks.interval {
            timers.nextTick?.intent = ticks.intent
            return
        }
        timers.nextTick = .init(screen: top, interval: ticks.interval, intent: ticks.intent,
                                due: now.adding(ticks.interval))
    }
}

/// The session's pending time: the top screen's ticks and the one-shot timers.
struct Timers {
    struct Tick {
        let screen: Screen
        let interval: Duration
        var intent: HostIntent
        var due: Date
    }

    struct Timer {
        let screen: Screen
        let intent: HostIntent
        let due: Date
    }

    var nextTick: Tick?
    /// Sorted by due time; equal times keep the order they were asked in.
    private(set) var pending: [Timer] = []

    var nextTimer: Timer? { pending.first }

    mutating func schedule(_ intent: HostIntent, for screen: Screen, at due: Date) {
        let index = pending.firstIndex { $0.due > due } ?? pending.endIndex
        pending.insert(Timer(screen: screen, intent: intent, due: due), at: index)
    }

    mutating func removeNextTimer() { pending.removeFirst() }
}

extension Date {
    func adding(_ duration: Duration) -> Date {
        let (seconds, attoseconds) = duration.components
        return addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    }
}
