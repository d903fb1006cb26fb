/// On a hosted session's start, the shared board gets back the rounds its player's own scores
/// hold but it lost (audit C13): a session killed between the two writes left the round in the
/// player's scores only.
extension Session {
    func reconcileBoard() {
        guard let scoreboard, let player = setup.player else { return }
        for entry in setup.games {
            let rounds = setup.scores.rounds(game: entry.id)
            guard !rounds.isEmpty else { continue }
            do {
                try scoreboard.reconcile(rounds, player: player.name, game: entry.id, order: entry.info.scoreOrder)
            } catch {
                notify("Your rounds of \(entry.info.title) could not be added to the host's scoreboard: \(error)")
            }
        }
    }
}
