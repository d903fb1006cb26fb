/// Something a screen wants done outside its own state, returned from `handle` for the host
/// to carry out.
///
/// Handling an intent changes the view model's state and returns its effects as values: the
/// host performs them after `handle` returns, records them in the trace, and skips the ones
/// that touch the world (scores, notices) when it replays a journal. A view model never
/// navigates, reports or notifies by itself.
public struct Effect<Intent: Codable & Sendable> {
    enum Action {
        case push(Screen)
        case pop
        case openPreferences
        case reportRound(RoundResult)
        case notify(String)
        case after(Duration, Intent)
        /// The host's own screens ask for host work (open a game's form, say).
        case host(HostRequest)
    }

    let action: Action

    /// Shows another screen of this game on top of the current one.
    public static func push(_ screen: Screen) -> Effect { Effect(action: .push(screen)) }
    /// Closes this screen (a game's first screen goes back to the launcher).
    public static var pop: Effect { Effect(action: .pop) }
    /// Opens the host's preferences form for this game; when it closes with changed values
    /// the game starts again from its first screen with them.
    public static var openPreferences: Effect { Effect(action: .openPreferences) }
    /// Adds a finished round to the host's scores (the host stamps the date).
    public static func reportRound(_ result: RoundResult) -> Effect { Effect(action: .reportRound(result)) }
    /// Shows a one-off message above the footer until the player's next key (ticks and
    /// timers leave it up).
    public static func notify(_ message: String) -> Effect { Effect(action: .notify(message)) }
    /// Sends `intent` to this screen once, `delay` from now on the host's clock (virtual
    /// under test and in plain mode), if the screen is still open then, on top or not.
    /// A delay under 1 ms counts as 1 ms.
    public static func after(_ delay: Duration, _ intent: Intent) -> Effect { Effect(action: .after(delay, intent)) }

    static func host(_ request: HostRequest) -> Effect { Effect(action: .host(request)) }
}

extension Effect: CustomStringConvertible {
    /// A short name with its value, as the trace and test failures show it.
    public var description: String {
        switch action {
        case .push(let screen): "push(\(screen.id))"
        case .pop: "pop"
        case .openPreferences: "openPreferences"
        case .reportRound(let result): "reportRound(\(result.score): \(result.summary))"
        case .notify(let message): "notify(\(message))"
        case .after(let delay, let intent): "after(\(delay), \(intent))"
        case .host(let request): request.description
        }
    }
}

extension Effect {
    /// The round this effect reports, if it reports one; for tests.
    public var reportedRound: RoundResult? {
        if case .reportRound(let result) = action { return result }
        return nil
    }

    /// The host work this effect asks for, if any; for the host's own screens' tests.
    var hostRequest: HostRequest? {
        if case .host(let request) = action { return request }
        return nil
    }

    /// The screen this effect pushes, if it pushes one; for tests and for the host.
    public var pushedScreen: Screen? {
        if case .push(let screen) = action { return screen }
        return nil
    }
}
