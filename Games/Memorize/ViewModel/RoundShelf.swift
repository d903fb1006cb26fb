/// The rounds in progress, one per theme, so going back to a theme resumes its round. It
/// lives as long as the chooser; nothing of it is saved.
final class RoundShelf {
    private var rounds: [Int: Round] = [:]

    /// The round to resume for a theme: one still being played with the theme as it is now.
    func round(for theme: Theme) -> Round? {
        guard let round = rounds[theme.id], round.theme == theme, !round.game.isOver else { return nil }
        return round
    }

    /// Whether playing the theme now would resume a round rather than deal a new one.
    func hasRoundInProgress(_ theme: Theme) -> Bool {
        round(for: theme).map { $0.game.hasStarted } ?? false
    }

    /// Whether any theme has a round started and not finished, looking each theme up as it is
    /// now (a round of a theme edited since is dealt anew, not resumed).
    func hasAnyRoundInProgress(_ theme: (Int) -> Theme?) -> Bool {
        rounds.values.contains { round in
            round.game.hasStarted && !round.game.isOver && theme(round.theme.id) == round.theme
        }
    }

    func keep(_ round: Round) { rounds[round.theme.id] = round }

    func remove(themeID: Int) { rounds[themeID] = nil }
}
