/// Where a hosted player is when in no game, room or watch, for the lobby's "Playing"
/// column (audit K4): the games' menu, a game's page or its Scores, rather than "lobby".
enum PresencePlace {
    static func of(_ session: Session) -> String? {
        guard let top = session.topScreen else { return nil }
        switch top.model {
        case let scores as ScoresViewModel: return "Scores · " + scores.game.title
        case let form as PreferencesFormViewModel: return form.game.title + " · its page"
        default: return top.id == "host.menu" ? "choosing a game" : nil
        }
    }
}
