#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the session carries out the effects screens return, and how it keeps time for them.
extension Session {
    /// Has the runner carry out, for the session, what reaches beyond the screens and the clock.
    func runOwnScreens() {
        runner.pushing = { [unowned self] layer in
            drawn = nil
            // A host screen over a game in motion (help, preferences) stops its time.
            if layer.isHost { holdTop() }
        }
        runner.popped = { [unowned self] layer in
            drawn = nil
            if layer.isGameRoot, let launch = layer.launch, launch === gameJournal.launch { endJournal() }
            layer.onPop?()
            if stack.isEmpty { finish() }
        }
        runner.outside = { [unowned self] in carryOut($0, launch: $1) }
        runner.delivered = { [unowned self] input, intent, effects, screen in
            // An intent was handled: the frame last drawn may show another state now, unless
            // its screen says it changed nothing drawn.
            if (screen.model as? QuietIntents)?.lastIntentChangedNothing != true { drawn = nil }
            record(input, intent: AnyEncodable(intent.value), effects: effects, byGame: !isHost(screen))
        }
        // A game that cannot be seen does not move; the host's own screens draw their notice
        // themselves and keep their pace.
        runner.keepsTime = { [unowned self] layer in layer.isHost || isSeen(layer.screen) }
    }

    /// Performs an effect that reaches beyond the game's screens.
    private func carryOut(_ effect: HostEffect, launch: Launch?) {
        switch effect.action {
        case .push, .pop, .after:
            break
        case .openPreferences:
            // A room's game keeps the preferences it was opened with.
            if let launch, seating != .room { openPreferences(launch) }
        case .reportRound(let result):
            guard let launch else { break }
            record(result, game: launch.entry.id)
        case .notify(let message):
            notify(message)
        case .host(let request):
            HostRouter(session: self).route(request)
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
        result.date = wallNow
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

    /// The real time: after a resume the game's own clock runs behind it.
    var wallNow: Date { clock.wallNow }

    /// When the screens next need to run without a key: the top screen's next tick or the
    /// earliest timer. Nil when nothing waits (the test kit then lets a second pass per key).
    public var nextDeadline: Date? { screensDue.map(clock.date) }

    /// The same, as the session's time since it started.
    var screensDue: Duration? { runner.screensDue }

    /// When the session next needs to run without a key: the screens' next deadline or, in a
    /// hosted session, its idle time-out. Nil when nothing waits, so an idle launcher sleeps.
    var nextDue: Duration? {
        Duration.earliest(screensDue, idleDue)
    }

    /// Delivers every tick and timer due up to `date`, each at the moment it was due, so a
    /// session replays the same whatever the real delays were. Time never goes back.
    public func advanceTime(to date: Date) {
        advanceTime(toElapsed: SessionClock.duration(date.timeIntervalSince(clock.startTime)))
    }

    /// Lets `duration` pass on the session's clock, delivering what falls due meanwhile.
    public func advanceTime(by duration: Duration) {
        advanceTime(toElapsed: elapsed + max(.zero, duration))
    }

    func advanceTime(toElapsed target: Duration) {
        runner.advanceTime(toElapsed: target, other: { [unowned self] in idleDue }, meet: timeOut)
    }

    /// Before a key: whatever fell due before it arrived happens first.
    func catchUpWithClock() {
        advanceTime(toElapsed: clock.sourceElapsed)
    }

    /// Ticks and timers do not clear notices: a message stays until the player's next key,
    /// not the next tick, which may come a few milliseconds later.
    func deliver(_ intent: HostIntent, to screen: Screen) -> [HostEffect] {
        runner.deliver(intent, to: screen)
    }

    func rescheduleTicks() {
        runner.rescheduleTicks()
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
        guard !isFinished, let top = stack.last?.screen, top.ticks() != nil,
              let hold = top.hold() else { return }
        let byGame = isJournaled(top)
        let effects = perform(hold)
        record(.hold, intent: AnyEncodable(hold.value), effects: effects, byGame: byGame)
    }

    /// The terminal changed size: a game that no longer fits is held, and its ticks stop
    /// until it fits again (and start again then, for a game that does not hold).
    func resized(from old: Size?) {
        guard !isFinished, let layer = stack.last else { return }
        let wasSeen = old.map { fits(layer.screen, in: $0) } ?? true
        if wasSeen, !isSeen(layer.screen), !layer.isHost {
            catchUpWithClock()
            holdTop()
        }
        rescheduleTicks()
    }
}
