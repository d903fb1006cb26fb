/// Carries out the host's own screens' requests on the session: the one place where a host
/// screen's wish becomes host work.
struct HostRouter {
    unowned let session: Session

    func route(_ request: HostRequest) {
        switch request {
        case .openForm(let game): session.openForm(game)
        case .showScores(let game): session.showScores(game)
        case .launch(let game):
            if let entry = session.entry(game) { session.launch(entry) }
        case .restart(let game):
            guard let launch = session.stack.first(where: { $0.isGameRoot && $0.launch?.entry.id == game })?.launch else { return }
            session.restart(launch, with: session.setup.preferences.effective(game))
        case .resume(let game, let journal, let resume):
            if let entry = session.entry(game) { session.resumeChosen(entry, journal: journal, resume: resume) }
        case .replay(let game, let round): session.showReplay(game: game, round: round)
        case .replayBoard(let game, let entry): session.showReplay(game: game, boardEntry: entry)
        case .saveCast(let game, let round): session.saveCast(game: game, round: round)
        case .saveBoardCast(let game, let entry): session.saveCast(game: game, boardEntry: entry)
        case .lobby: session.hosting?.showLobby()
        case .account: session.hosting?.setup.openAccount?(session)
        case .watch(let other): session.hosting?.watch(other)
        case .watchRoom(let code): session.hosting?.watchRoom(code)
        case .joinRoom(let code, let typed):
            guard let hosting = session.hosting else { return session.notify("Rooms are for players of a host.") }
            if let refusal = hosting.joinRoom(code, typed: typed) { session.notify(refusal) }
        case .askRoomCode: session.hosting?.askRoomCode()
        case .openRoom(let game):
            if let entry = session.entry(game) { session.hosting?.openRoom(entry) }
        case .takeOver(let other, let tries): session.hosting?.takeOver(other, tries: tries)
        case .leave: session.leave()
        }
    }
}
