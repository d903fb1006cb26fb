#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One process's copy of a room's game: started from the room journal's header, then fed
/// every seat's inputs in journal order through the game's `handle(_:from:)`, so every seat's
/// process and every spectator's reach the same state, each drawing it for its own seat.
///
/// The copy runs in a session of its own with an empty folder in memory: the game reads no
/// player's files (the processes would read different ones) and writes none. The rounds it
/// reports go to `reported`, which sends them to the seat's player (spectators drop them).
final class RoomGame {
    let entry: GameEntry
    let reader: RoomJournalReader
    private(set) var session: Session?
    /// The input being applied's time, which is the copy's clock.
    private var time: Date
    private(set) var applied = 0
    /// Why the room cannot be followed, in words.
    private(set) var problem: String?
    private let reported: (RoundResult) -> Void

    /// The names in the room's seats now, for the game's words (`GameContext.seatNames`).
    private let names: () -> [String?]

    init(entry: GameEntry, journal path: String, names: @escaping () -> [String?] = { [] },
         reported: @escaping (RoundResult) -> Void) {
        self.names = names
        self.entry = entry
        reader = RoomJournalReader(path: path)
        time = Date()
        self.reported = reported
    }

    /// The game's screen on top, if the game is still on (not left through its own way out).
    var top: Screen? {
        guard let session, let top = session.topScreen, !top.id.hasPrefix("host.") else { return nil }
        return top
    }

    /// Whose turn the game says it is.
    var turn: Seat? { top?.turn() }

    /// Reads what was appended since the last call and applies it; true when something was.
    @discardableResult
    func follow() -> Bool {
        guard problem == nil else { return false }
        let lines: [RoomLine]
        do {
            lines = try reader.readNew()
            if session == nil, let header = reader.header { try start(header) }
        } catch {
            problem = error.description
            return true
        }
        guard let session, !lines.isEmpty else { return false }
        for line in lines {
            guard case .input(.key(let key), let seconds) = line.line else { continue }
            applied += 1
            time = max(time, Date(timeIntervalSince1970: (reader.header?.started ?? 0) + seconds))
            // A key the seat's bindings no longer take (another seat's input came first and
            // changed the screen) does nothing in every copy: it never reaches the host's keys.
            guard let top, takes(top.bindings(for: line.seat), key, label: line.label) else { continue }
            session.handle(key, from: line.seat)
        }
        return true
    }

    /// The binding a seat's key goes through now, if it is enabled.
    static func binding(_ bindings: [ScreenBinding], _ key: Key) -> ScreenBinding? {
        if let binding = bindings.first(where: { $0.keys.contains(key) }) { return binding.isEnabled ? binding : nil }
        if case .character = key { return bindings.first { $0.acceptsText && $0.isEnabled } }
        return nil
    }

    private func takes(_ bindings: [ScreenBinding], _ key: Key, label: String?) -> Bool {
        guard let binding = Self.binding(bindings, key) else { return false }
        return label == nil || binding.label == label
    }

    private func start(_ header: JournalHeader) throws(JournalError) {
        let journal = Journal(header: header, lines: [])
        try journal.check(against: entry)
        let values = try journal.preferences(for: entry)
        time = Date(timeIntervalSince1970: header.started)
        let directory = Path.temporaryDirectory() + "/gamehost-room-" + UUID().uuidString
        let store = DataStore(directory: directory, report: { _ in })
        let config = Config(menu: [entry.id], preferences: [:], dataDirectory: nil, color: .auto, source: "room")
        let preferences = PreferenceStore(games: [entry], config: config, store: store, overrides: [:], report: { _ in })
        let session = Session(.init(games: [entry], preferences: preferences, scores: ScoreBook(store: store),
                                    dataDirectory: directory, seed: 0, clock: { [unowned self] in time }))
        session.seating = .room
        session.roundReported = { [weak self] result, _ in self?.reported(result) }
        let storage = session.storage(for: entry.id)
        storage.replay = ReplayFiles([:])
        let context = GameContext(gameID: entry.id, seed: 0, storage: storage, clock: { [unowned session] in session.now },
                                  seating: .room)
        context.random = header.random
        context.seatNames = names
        session.pushRoot(Session.Launch(entry: entry, context: context, values: values))
        self.session = session
    }
}
