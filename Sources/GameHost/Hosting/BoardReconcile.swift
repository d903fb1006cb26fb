/// On a hosted session's start, the shared board gets back the rounds its player's own scores
/// hold but it lost (audit C13): a session killed between the two writes left the round in the
/// player's scores only.
extension HostedServices {
    func reconcileBoard() {
        for entry in session.setup.games {
            let rounds = session.setup.scores.rounds(game: entry.id)
            guard !rounds.isEmpty else { continue }
            do {
                try scoreboard.reconcile(rounds, player: player.name, game: entry.id, order: entry.info.scoreOrder)
            } catch {
                session.notify("Your rounds of \(entry.info.title) could not be added to the host's scoreboard: \(error)")
            }
        }
    }
}
