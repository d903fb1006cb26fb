#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs games' screens, what Simon Tatham's midend is to his puzzles: a stack of screens, a
/// clock with their ticks and timers, and the effects their intents return carried out. It
/// knows no menu, preferences form, file or config: the launcher (`Session`) embeds one and
/// puts its own screens on the same stack; a room's copy of a game (`RoomGame`) is one alone.
///
/// Effects that reach outside the screens (preferences, rounds, notices, host requests) go to
/// `outside`; what is delivered without a key (ticks, timers) is told to `delivered`.
final class GameRunner {
    /// The screens, bottom first.
    var stack: [Session.Layer] = []
    let clock: SessionClock
    /// Set when whoever runs it is done: no tick, timer or input goes on.
    var isStopped = false
    /// The top screen's ticks come from outside (`deliverTick`), not from the clock: a room's
    /// copy applies the ticks its journal holds.
    var ticksFromOutside = false
    /// Whether the layer on top keeps its time now (a game the player cannot see does not).
    var keepsTime: (Session.Layer) -> Bool = { _ in true }
    /// A layer about to go on top (the launcher stops a game's time under its own screens).
    var pushing: (Session.Layer) -> Void = { _ in }
    /// Effects beyond the screens and the clock, with the launch of the screen that asked.
    var outside: (HostEffect, Session.Launch?) -> Void = { _, _ in }
    /// A layer just taken off, before the one under it is uncovered.
    var popped: (Session.Layer) -> Void = { $0.onPop?() }
    /// A tick or timer delivered, with the intent and what came of it.
    var delivered: (Session.Input, HostIntent, [HostEffect], Screen) -> Void = { _, _, _, _ in }

    init(clock: SessionClock) {
        self.clock = clock
    }

    /// The screen on top.
    var top: Screen? { stack.last?.screen }

    // MARK: - Screens

    func push(_ layer: Session.Layer) {
        pushing(layer)
        stack.append(layer)
        carryOut(layer.screen.start(), from: layer.screen, launch: layer.launch)
        rescheduleTicks()
    }

    func popTop() {
        guard let layer = stack.popLast() else { return }
        popped(layer)
        stack.last?.onUncover?()
        rescheduleTicks()
    }

    /// Makes a game's first screen and puts it on the stack; what its `start` asks for
    /// (another screen, say) goes above it, so back still leads through the first screen.
    func pushRoot(_ launch: Session.Launch) {
        // Preferences may change the number of players between starts of the same launch.
        launch.context.seatCount = launch.entry.seats(launch.values)
        let root = launch.entry.makeRoot(launch.values, launch.context)
        push(Session.Layer(screen: root, owner: .game(launch), isGameRoot: true))
    }

    // MARK: - Intents and effects

    /// Handles an intent on the top screen and carries out its effects.
    func perform(_ intent: HostIntent) -> [HostEffect] {
        let launch = stack.last?.launch
        let source = stack.last?.screen
        let effects = intent.perform()
        carryOut(effects, from: source, launch: launch)
        rescheduleTicks()
        return effects
    }

    /// Handles an intent on `screen`, wherever it is on the stack (a timer's, a tick's).
    func deliver(_ intent: HostIntent, to screen: Screen) -> [HostEffect] {
        let launch = stack.last { $0.screen === screen }?.launch
        let effects = intent.perform()
        carryOut(effects, from: screen, launch: launch)
        rescheduleTicks()
        return effects
    }

    /// Performs effects in order. Screens a game pushes belong to the same game as the
    /// screen that asked; a pop closes that screen only if it is still on top.
    func carryOut(_ effects: [HostEffect], from source: Screen?, launch: Session.Launch?) {
        for effect in effects {
            switch effect.action {
            case .push(let screen):
                push(Session.Layer(screen: screen, owner: launch.map { .game($0) } ?? .host))
            case .pop:
                if stack.last?.screen === source { popTop() }
            case .after(let delay, let intent):
                if let source {
                    clock.timers.schedule(intent, for: source, at: clock.elapsed + max(delay, Self.shortestWait))
                }
            case .openPreferences, .reportRound, .notify, .host:
                outside(effect, launch)
            }
        }
    }

    /// Pasted text goes to `top`'s text field, one character at a time, never as keys: a line
    /// break becomes a space, so "Bob⏎Alice" gives "Bob Alice" and runs nothing. Returns what
    /// the field took (what a journal keeps: a replay of it reaches the same state), the
    /// intents sent and their effects, and whether text was pasted where no field takes it.
    func paste(_ text: String, into top: Screen)
        -> (accepted: String, intents: [AnyEncodable], effects: [HostEffect], untaken: Bool) {
        let characters = TextSanitizer.clean(text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " "))
        let untaken = !characters.isEmpty && !top.bindings().contains { $0.acceptsText && $0.isEnabled }
        var intents: [AnyEncodable] = []
        var effects: [HostEffect] = []
        var intake = PasteIntake()
        var before = Fingerprint.of([top.state()])
        for character in characters {
            // The field may close or move on with a character (a full field, Enter-like rules):
            // what is left is dropped rather than sent to another screen.
            guard !intake.isDone, stack.last?.screen === top, !isStopped,
                  let field = top.bindings().first(where: { $0.acceptsText && $0.isEnabled }) else { break }
            // A character the field refuses outright is skipped; the ones after it still go in.
            guard let intent = field.resolve(.character(character)) else {
                intake.offered(character, changed: false)
                continue
            }
            intents.append(AnyEncodable(intent.value))
            let done = perform(intent)
            effects += done
            let after = Fingerprint.of([top.state()])
            intake.offered(character, changed: !done.isEmpty || stack.last?.screen !== top || after != before)
            before = after
        }
        return (intake.accepted, intents, effects, untaken)
    }

    /// What a paste where no text field takes it says.
    static let untakenPaste = "Nothing here takes pasted text: paste into a text field."

    /// A launch's screens on the stack, bottom first.
    func screens(of launch: Session.Launch?) -> [Screen] {
        stack.filter { !$0.isHost && $0.launch === launch }.map(\.screen)
    }

    /// A fingerprint of the state of a launch's screens, to check a replay against.
    func fingerprint(of launch: Session.Launch?) -> String {
        Fingerprint.of(screens(of: launch).map { $0.state() })
    }

    /// The intent a key sends on `top` through its bindings for `seat` (nil: the one shared
    /// terminal), or else through its text field; `.refused` with why for a disabled binding.
    func bound(_ key: Key, on top: Screen, from seat: Seat? = nil) -> Bound {
        let bindings = top.bindings(for: seat)
        if let binding = bindings.first(where: { $0.keys.contains(key) }) {
            guard binding.isEnabled else { return .refused(binding.refusal ?? "\(key.symbol) (\(binding.label)) does nothing now.") }
            return binding.resolve(key).map(Bound.intent) ?? .nothing
        }
        if case .character = key, let text = bindings.first(where: { $0.acceptsText && $0.isEnabled }),
           let resolved = text.resolve(key) {
            return .intent(resolved)
        }
        return .unbound(bindings)
    }

    enum Bound {
        case intent(HostIntent)
        /// A disabled binding took the key: why it does nothing.
        case refused(String)
        /// An enabled binding took it and sent nothing.
        case nothing
        /// No binding takes it: the host's keys may.
        case unbound([ScreenBinding])
    }

    // MARK: - Time

    /// When the screens next need to run without a key: the top screen's next tick or the
    /// earliest timer, as the time since the clock's start.
    var screensDue: Duration? {
        Duration.earliest(ticksFromOutside ? nil : clock.timers.nextTick?.due, clock.timers.nextTimer?.due)
    }

    /// Delivers every tick and timer due up to `target`, each at the moment it was due, so a
    /// game runs the same whatever the real delays were. Time never goes back. `other`: a
    /// deadline of whoever runs it (a hosted session's idle time-out), met in its turn.
    func advanceTime(toElapsed target: Duration, other: () -> Duration? = { nil }, meet: () -> Void = {}) {
        while !isStopped, let due = Duration.earliest(screensDue, other()), due <= target {
            clock.reach(due)
            if other() == due {
                meet()
            } else if let timer = clock.timers.nextTimer, timer.due == due {
                clock.timers.removeNextTimer()
                guard stack.contains(where: { $0.screen === timer.screen }) else { continue }
                let effects = deliver(timer.intent, to: timer.screen)
                delivered(.timer, timer.intent, effects, timer.screen)
            } else if let tick = clock.timers.nextTick {
                clock.timers.nextTick?.due = due + tick.interval
                let effects = deliver(tick.intent, to: tick.screen)
                delivered(.tick, tick.intent, effects, tick.screen)
            }
        }
        clock.reach(target)
    }

    /// Time up to what the clock's source says now, with what fell due meanwhile.
    func catchUp() {
        advanceTime(toElapsed: clock.sourceElapsed)
    }

    /// Delivers the top screen's tick now, as a journal's tick line says; the next one falls
    /// due an interval after this one did. Nothing when the top screen asks for no ticks: every copy of a
    /// room skips the line alike.
    func deliverTick() {
        guard !isStopped, let tick = clock.timers.nextTick else { return }
        // From when this tick was due, not from the clock: a line written while it was overdue
        // (a key, a seat leaving, in the keeper's grace) comes before it with a later time and
        // has put the clock past it, and every tick after would slip by as much.
        clock.timers.nextTick?.due = tick.due + tick.interval
        let effects = deliver(tick.intent, to: tick.screen)
        delivered(.tick, tick.intent, effects, tick.screen)
    }

    /// Delivers the next timer, as a journal's timer line says.
    func deliverTimer() {
        guard let timer = clock.timers.nextTimer else { return }
        clock.timers.removeNextTimer()
        if stack.contains(where: { $0.screen === timer.screen }) {
            _ = deliver(timer.intent, to: timer.screen)
        }
    }

    /// Asks the top screen for its ticks after every change; a new screen or a new pace
    /// starts counting from now, the same pace carries on.
    func rescheduleTicks() {
        guard let layer = stack.last, !isStopped, keepsTime(layer), let ticks = layer.screen.ticks() else {
            clock.timers.nextTick = nil
            return
        }
        let top = layer.screen
        let interval = max(ticks.interval, Self.shortestWait)
        if let current = clock.timers.nextTick, current.screen === top, current.interval == interval {
            clock.timers.nextTick?.intent = ticks.intent
            return
        }
        clock.timers.nextTick = .init(screen: top, interval: interval, intent: ticks.intent, due: clock.elapsed + interval)
    }

    /// The shortest tick interval or timer delay: shorter ones are rounded up to it, so time
    /// always moves on between two deliveries and a screen cannot keep the host busy forever.
    static let shortestWait = Duration.milliseconds(1)
}
