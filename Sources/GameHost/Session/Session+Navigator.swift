/// What a game's context asks of the session: more screens, the preferences sheet, scores.
extension Session: Navigator {
    func push(_ screen: Screen, for context: GameContext) {
        if opening?.launch.context === context {
            opening?.screens.append(screen)
            return
        }
        guard let launch = stack.last(where: { $0.launch?.context === context })?.launch else { return }
        push(Layer(screen: screen, launch: launch))
    }

    func pop(for context: GameContext) {
        guard stack.last?.launch?.context === context else { return }
        popTop()
    }

    func openPreferences(for context: GameContext) {
        guard let launch = stack.last(where: { $0.launch?.context === context })?.launch else { return }
        let entry = launch.entry
        let form = PreferencesFormViewModel(
            game: entry.info, schema: entry.schema, mode: .sheet,
            actions: formActions(entry, play: {}, done: { [unowned self] in popTop() }))
        push(Layer(screen: Screen(id: "host.preferences", model: form, view: PreferencesFormView()),
                   launch: launch, onPop: { [unowned self] in preferencesClosed(launch) }))
    }

    func record(_ result: RoundResult, for context: GameContext) {
        var result = result
        result.date = setup.clock()
        do {
            try setup.scores.record(result, game: context.gameID)
        } catch {
            notify("The score could not be saved: \(error)")
        }
    }
}
