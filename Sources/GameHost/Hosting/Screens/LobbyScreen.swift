#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A hosted session's first screen, after dgamelaunch's watch screen: who is online and what
/// they play now, for how long, how long since their last key, their terminal's size and how
/// many watch them. It reads the host's registry again every second; the games are a key
/// (or a click on the footer) away.
final class LobbyViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable {
        /// A second has passed: read the registry again.
        case refresh
        case move(Int)
        /// A click on a player's line.
        case select(Int)
        /// To the games menu.
        case games
        /// Watches the selected player's game.
        case watch
        /// Lets others watch this session's games, or stops them.
        case toggleWatching
        /// The player's keys: the ones they have, and another to add.
        case account
        /// Joins the selected room (or goes back to one's seat in it).
        case join
        /// Asks for a room's code to join it.
        case code
    }

    struct State: Encodable {
        let players: [String]
        let selected: Int
    }

    /// One player's line, in words.
    struct Row: Equatable {
        let player: String
        let game: String
        let playing: String
        let idle: String
        let size: String
        let watchers: String
    }

    static let refreshEvery = Duration.seconds(1)

    private let read: () -> [ConnectionRegistry.Entry]
    private let readRooms: () -> [RoomState]
    private let readSaved: () -> String?
    /// "Arithmetic Quiz: a round waits to be resumed", when one does: read as the lobby opens
    /// and each time it comes back into view (a round is left only from a screen over it).
    private(set) var saved: String?
    /// This session's id in the registry: one does not watch oneself.
    let me: String?
    /// Whether others may watch this session's games, and how to change it.
    private(set) var watchable = true
    private let allowWatching: (Bool) -> Void
    private let clock: () -> Date
    /// Whether the player's keys open over the lobby: not where the session has no account to show.
    let hasAccount: Bool
    private(set) var entries: [ConnectionRegistry.Entry] = []
    /// The rooms open or playing, listed after the players.
    private(set) var rooms: [RoomState] = []
    private(set) var now: Date
    private(set) var selected = 0

    init(read: @escaping () -> [ConnectionRegistry.Entry], rooms readRooms: @escaping () -> [RoomState] = { [] },
         me: String? = nil, saved readSaved: @escaping () -> String? = { nil },
         allowWatching: @escaping (Bool) -> Void = { _ in }, hasAccount: Bool = false,
         clock: @escaping () -> Date) {
        self.read = read
        self.readRooms = readRooms
        self.readSaved = readSaved
        saved = readSaved()
        self.hasAccount = hasAccount
        self.me = me
        self.allowWatching = allowWatching
        self.clock = clock
        now = clock()
        entries = read()
        rooms = readRooms()
        watchable = entries.first { $0.id == me }?.watchable ?? true
    }

    var state: State { State(players: entries.map(\.player), selected: selected) }
    var ticks: Ticks<Intent>? { Ticks(every: Self.refreshEvery, .refresh) }

    func uncovered() {
        saved = readSaved()
        _ = handle(.refresh)
    }

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .refresh:
            entries = read()
            rooms = readRooms()
            now = clock()
        case .move(let delta):
            selected += delta
        case .select(let index):
            selected = index
        case .games:
            return [.pop]
        case .watch:
            if let room = selectedRoom, let code = try? RoomCode(parsing: room.code) {
                return [.host(.watchRoom(code))]
            }
            guard whyNotWatch == nil else { return [] }
            let watched = entries[selected]
            if let code = watched.room.flatMap({ try? RoomCode(parsing: $0) }) {
                return [.host(.watchRoom(code))]
            }
            return [.host(.watch(watched))]
        case .account:
            return hasAccount ? [.host(.account)] : []
        case .join:
            guard let room = selectedRoom, let code = try? RoomCode(parsing: room.code) else { return [] }
            return [.host(.joinRoom(code, typed: false))]
        case .code:
            return [.host(.askRoomCode)]
        case .toggleWatching:
            watchable.toggle()
            allowWatching(watchable)
            entries = read()
        }
        selected = max(0, min(selected, entries.count + rooms.count - 1))
        return []
    }

    // MARK: - Words for the view

    let title = "Lobby"
    let heading = "Who is online"
    let headings = Row(player: "Player", game: "Playing", playing: "For", idle: "Idle", size: "Size",
                       watchers: "Watch")

    var summary: String {
        entries.count == 1 ? "1 player" : "\(entries.count) players"
    }

    /// Why the selected player cannot be watched now; nil when they can.
    var whyNotWatch: String? {
        guard entries.indices.contains(selected) else { return "No one is online to watch." }
        let entry = entries[selected]
        let name = TextSanitizer.clean(entry.player)
        if entry.id == me { return "That is you." }
        if HostedPlayer.check(entry.player) != nil { return "“\(name)” is not a player's name." }
        if entry.game == nil, entry.room == nil { return "\(name) is not playing a game now." }
        if !entry.watchable { return "\(name) has turned watching off." }
        return nil
    }

    var rows: [Row] { Self.rows(entries, now: now) + roomRows }

    /// The entries as words, a watcher's with the name of whom they watch.
    static func rows(_ entries: [ConnectionRegistry.Entry], now: Date) -> [Row] {
        let names = Dictionary(entries.map { ($0.id, $0.player) }, uniquingKeysWith: { first, _ in first })
        return entries.map { row($0, now: now, watching: $0.watching.flatMap { names[$0] }) }
    }

    /// An entry as words; names and titles come from files, so they are sanitized here.
    static func row(_ entry: ConnectionRegistry.Entry, now: Date, watching: String? = nil) -> Row {
        let time = now.timeIntervalSince1970
        let room = entry.room.map { code in
            entry.seat == nil ? "watching room \(code)" : "room \(code) · " + TextSanitizer.clean(entry.title ?? "")
        }
        let game = room ?? entry.title.map { TextSanitizer.clean($0) }
            ?? watching.map { "watching " + TextSanitizer.clean($0) } ?? entry.place.map { TextSanitizer.clean($0) }
            ?? "lobby"
        return Row(player: TextSanitizer.clean(entry.player), game: game,
                   playing: entry.gameStarted.map { duration(time - $0) } ?? "",
                   idle: duration(time - entry.lastInput),
                   size: "\(entry.width)×\(entry.height)",
                   watchers: entry.watchable ? String(entry.watchers) : "off")
    }

    /// Seconds as "42s", "12m", "3h05" or "4d": short enough for a narrow column.
    static func duration(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? Int(max(0, min(seconds, 1e9))) : 0
        if whole < 60 { return "\(whole)s" }
        if whole < 3600 { return "\(whole / 60)m" }
        if whole < 86400 { return "\(whole / 3600)h" + TimeText.digits(whole % 3600 / 60, 2) }
        return "\(whole / 86400)d"
    }
}

struct LobbyView: ScreenView {
    func title(_ model: LobbyViewModel) -> String { model.title }

    /// The columns shown, by what they hold, dropped from the right where the terminal is narrow.
    enum Column: CaseIterable {
        case player, game, playing, idle, size, watchers

        func text(_ row: LobbyViewModel.Row) -> String {
            switch self {
            case .player: row.player
            case .game: row.game
            case .playing: row.playing
            case .idle: row.idle
            case .size: row.size
            case .watchers: row.watchers
            }
        }
    }

    /// Which columns fit, and how wide each is: the game's column takes what is left.
    static func layout(_ rows: [LobbyViewModel.Row], headings: LobbyViewModel.Row,
                       width: Int) -> [(column: Column, width: Int)] {
        let all = [headings] + rows
        func widest(_ column: Column) -> Int { all.map { DisplayWidth.of(column.text($0)) }.max() ?? 0 }
        // Kept first to last as room allows: who, what, idle, then the rest.
        let order: [Column] = [.player, .game, .idle, .playing, .watchers, .size]
        let gameMinimum = 10
        var chosen: [Column] = []
        for column in order {
            let trial = chosen + [column]
            let used = trial.filter { $0 != .game }.map(widest).reduce(0, +) + 2 * (trial.count - 1)
            if used + (trial.contains(.game) ? gameMinimum : 0) <= width { chosen = trial }
        }
        let fixed = chosen.filter { $0 != .game }.map(widest).reduce(0, +) + 2 * (chosen.count - 1)
        return Column.allCases.filter(chosen.contains).map { column in
            (column, column == .game ? min(widest(.game), max(0, width - fixed)) : widest(column))
        }
    }

    func render(_ model: LobbyViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        let rows = model.rows
        let columns = Self.layout(rows, headings: model.headings, width: size.width - 2)
        let tableWidth = columns.map(\.width).reduce(0, +) + 2 * max(0, columns.count - 1)
        let left = max(1, (size.width - tableWidth) / 2)
        let top = size.height >= 16 ? 1 : 0
        var x = frame.write(model.heading, row: top, column: left, style: .bold)
        frame.write(DisplayWidth.truncate(" · " + model.summary, to: max(0, size.width - x - 1)), row: top, column: x,
                    style: .dim)
        if let saved = model.saved {
            // Under the heading where there is a free row, else after the summary.
            let (row, column) = size.height >= 16 ? (top + 1, left) : (top, x + DisplayWidth.of(" · " + model.summary))
            let text = (size.height >= 16 ? "" : " · ") + saved
            frame.write(DisplayWidth.truncate(text, to: max(0, size.width - column - 1)), row: row, column: column)
        }
        func line(_ row: LobbyViewModel.Row, at y: Int, style: Style) {
            x = left
            for (column, width) in columns {
                let text = DisplayWidth.truncate(column.text(row), to: width)
                // Numbers line up on the right, words on the left.
                let padded = [.player, .game].contains(column) ? DisplayWidth.pad(text, to: width)
                    : String(repeating: " ", count: max(0, width - DisplayWidth.of(text))) + text
                x = frame.write(padded, row: y, column: x, style: style) + 2
            }
        }
        let headRow = top + (size.height >= 16 ? 2 : 1)
        line(model.headings, at: headRow, style: .dim)
        let first = headRow + 1
        let visible = max(1, size.height - first)
        let start = min(max(0, model.selected - visible + 1), max(0, rows.count - visible))
        for (index, row) in rows.enumerated().dropFirst(start).prefix(visible) {
            let y = first + index - start
            line(row, at: y, style: index == model.selected ? .reverse : .plain)
            frame.region(Rect(column: left, row: y, width: tableWidth, height: 1), LobbyViewModel.Intent.select(index))
        }
        frame.wheel(Rect(column: 0, row: 0, width: size.width, height: size.height),
                    up: LobbyViewModel.Intent.move(-1), down: LobbyViewModel.Intent.move(1))
        return frame
    }

    func bindings(_ model: LobbyViewModel) -> [KeyBinding<LobbyViewModel.Intent>] {
        [.keys(.up, .character("k"), label: "move", .move(-1)),
         .keys(.down, .character("j"), label: "move", .move(1))]
            + (model.roomBindings ?? [.keys(.enter, .character("w"), label: "watch", enabled: model.whyNotWatch == nil,
                                            because: "\(model.whyNotWatch ?? "")", .watch)])
            + [.keys(.character("g"), label: "games", .games),
               .keys(.character("v"), label: model.watchable ? "no watching" : "allow watching", .toggleWatching),
               .keys(.character("c"), label: "room code", .code)]
            + (!model.hasAccount ? [] : [.keys(.character("a"), label: "my keys", .account)])
    }
}
