import GameHost

extension ViewModel {
    /// Handles the intents in order, as the host would, and returns every effect they asked
    /// for; a test that looks only at the state may ignore them.
    @discardableResult
    public func send(_ intents: Intent...) -> [Effect<Intent>] {
        intents.flatMap { handle($0) }
    }
}
