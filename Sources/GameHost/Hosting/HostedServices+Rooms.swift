#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Rooms: a multi-seat game opened from its page gets a code and a seat for its player;
/// others join from the lobby or by the code, or watch. See `Rooms`.
extension HostedServices {
    /// A game's page offers a room when the game takes several seats.
    func offerRoom(on form: PreferencesFormViewModel, for entry: GameEntry) {
        let preferences = session.setup.preferences
        form.openRoom = (.host(.openRoom(game: entry.id)),
                         { entry.seats(preferences.effective(entry.id)) })
    }

    /// Opens a room for `entry` with the player's preferences, and sits them in its first seat.
    func openRoom(_ entry: GameEntry) {
        let values = session.setup.preferences.effective(entry.id)
        // GAMEHOST_ROOM_SEED fixes a room's game, for tests' golden frames through a terminal;
        // else the session's seed moved on by the time the room opens (each room its own game,
        // and the same one again under a test's clock).
        let opened = UInt64(bitPattern: Int64((session.wallNow.timeIntervalSince1970 * 1000).rounded()))
        let seed = ProcessEnvironment.value("GAMEHOST_ROOM_SEED").flatMap(UInt64.init)
            ?? session.setup.seed &+ opened &* 0x9E37_79B9_7F4A_7C15
        do {
            let room = try rooms.create(game: entry, title: entry.info.title, values: values, seed: seed,
                                        player: player.name, files: roomFiles(for: entry), now: session.wallNow)
            enterRoom(try RoomCode(parsing: room.code))
        } catch {
            session.notify("The room could not be opened: \(error)")
        }
    }

    /// The most bytes of the opener's files a room's journal carries.
    static let roomFilesLimit = 1 << 20

    /// The opener's files of the game, for every copy in the room to read the same: the game's
    /// own `.json` files at the top of its folder (Memorize's themes), not the host's (scores,
    /// preferences).
    func roomFiles(for entry: GameEntry) -> [String: Data] {
        let folder = session.setup.dataDirectory + "/" + entry.id
        let hosts = [ScoreBook.fileName, PreferenceStore.fileName]
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") && !hosts.contains($0) }.sorted()
        var files: [String: Data] = [:]
        var total = 0
        // Under a host's journal limit, half of the room's journal at most: the rest is for play.
        let most = min(Self.roomFilesLimit, (setup.journalLimit ?? Int.max) / 2)
        for name in names {
            guard let data = FileBytes.contents(folder + "/" + name, limit: Self.roomFilesLimit + 1) else { continue }
            guard total + data.count <= most else {
                session.notify("\(name) is too large to share with the room (more than \(most >> 10) KB in all): the room plays without it.")
                continue
            }
            total += data.count
            files[name] = data
        }
        return files
    }

    /// Joins the room with `code` (or comes back to one's seat in it); a refusal is returned
    /// in words, for the code field or the lobby to show.
    /// `typed`: the code was typed (a room taking players by code only refuses a pick from the list).
    @discardableResult
    func joinRoom(_ code: RoomCode, typed: Bool = true) -> String? {
        do {
            let seat = try rooms.join(code, player: player.name, typed: typed, now: session.wallNow)
            return enterRoom(code, seat: seat)
        } catch {
            return "\(error)"
        }
    }

    /// Watches a room: its game as a seat sees it, keys never reaching it.
    func watchRoom(_ code: RoomCode) {
        enterRoom(code, seat: nil)
    }

    @discardableResult
    private func enterRoom(_ code: RoomCode, seat: Seat? = Seat(0)) -> String? {
        guard let room = rooms.state(code) else { return "No room has the code \(code)." }
        guard let entry = session.entry(room.game) else {
            return "Room \(code) plays a game this host does not have."
        }
        var lock: Int32?
        if let seat {
            lock = rooms.sit(code, seat)
            guard lock != nil else {
                return "Your seat in room \(code) is taken by another connection of yours: end that one, or watch."
            }
        }
        let model = RoomViewModel(code: code, rooms: rooms, room: room, entry: entry, seat: seat, seatLock: lock,
                                  watcher: watch(rooms.folder(code)), journalLimit: setup.journalLimit,
                                  // Weak: the room screen's leave runs from its deinit, which may
                                  // come while the session itself is going.
                                  clock: { [weak session] in session?.wallNow ?? Date() },
                                  reported: { [weak self] result, inputs in
                                      // A spectator's copy reports rounds too: they are no one's here.
                                      guard let seat else { return }
                                      self?.roomRound(result.scored(by: seat), game: entry.id, code: code,
                                                      inputs: inputs)
                                  })
        _ = model.handle(.refresh)
        let screen = Screen(id: "host.room", model: model, view: RoomView())
        presence.inRoom(code.text, seat: seat?.index, title: entry.info.title, since: session.wallNow)
        if seat == nil { presence.watch("room-" + code.text, mark: false) }
        session.push(Session.Layer(screen: screen, owner: .host, onPop: { [weak self, weak model] in
            model?.leave()
            if self?.wake?.screen === screen { self?.wake = nil }
            self?.presence.inRoom(nil, seat: nil)
            if seat == nil { self?.presence.watch(nil) }
        }))
        if let watcher = model.watcher {
            wake = (watcher, screen, RoomViewModel.Intent.follow, { [weak model] in model?.lastIntentChangedNothing == true })
        }
        return nil
    }

    /// A round the room's game reported: to this seat's player's scores and the shared board,
    /// once (a seat that comes back replays the rounds already reported, and skips them).
    private func roomRound(_ result: RoundResult, game: String, code: RoomCode, inputs: Int) {
        // Its files (the scores, the board, the kept journal, each synced) wait until the
        // frame that showed the round's end is out: the other seats' keys should not.
        afterFrame.append { [weak self] in self?.keepRoomRound(result, game: game, code: code, inputs: inputs) }
    }

    private func keepRoomRound(_ result: RoundResult, game: String, code: RoomCode, inputs: Int) {
        var isNew = false
        let name = player.name
        _ = try? rooms.update(code) { state in
            let note = RoomState.RoundNote(player: name, score: result.score, summary: result.summary,
                                           inputs: inputs)
            guard !state.rounds.contains(note) else { return }
            state.rounds.append(note)
            isNew = true
        }
        guard isNew else { return }
        // The room's journal as it stood at the round's end, kept with the round for its replay
        // (written through the player's own store first: their files, their limit).
        let store = session.storage(for: game)
        let copy = ".room-round.jsonl"
        let names = rooms.state(code)?.seats.map(\.player)
        let kept = RoomJournalReader.prefix(of: rooms.journalPath(code), inputs: inputs, naming: names)
            .flatMap { (try? store.write($0, to: copy)) != nil ? store.path(copy) : nil }
        session.record(result, game: game, journal: kept)
        if let kept { try? FileManager.default.removeItem(atPath: kept) }
    }

    /// The runner found the wake descriptor readable: the screen that asked hears it.
    /// Returns whether there may be something new to draw.
    @discardableResult
    package func wakeUp() -> Bool {
        guard let wake else { return false }
        guard session.stack.contains(where: { $0.screen === wake.screen }), let intent = wake.screen.intent(wake.intent) else {
            self.wake = nil
            return false
        }
        _ = session.deliver(intent, to: wake.screen)
        return !wake.changedNothing()
    }

    /// The one-line form for a room's code; a code taken closes it and opens the room.
    func askRoomCode() {
        let rooms = rooms
        let model = AccountViewModel(mode: .roomCode, submit: { typed in
            do {
                let code = try RoomCode(parsing: typed)
                guard let room = rooms.state(code) else { return "No room has the code \(code)." }
                if room.isEnded { return "Room \(code) has ended." }
                return nil
            } catch {
                return "\(error)"
            }
        }, done: { typed in
            // What `submit` took parses.
            [.pop] + ((try? RoomCode(parsing: typed)).map { [.host(.joinRoom($0, typed: true))] } ?? [])
        })
        session.push(Session.Layer(screen: Screen(id: "host.room-code", model: model, view: AccountView()), owner: .host))
    }
}
