#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The rooms of a host, one folder each under `HOST/rooms/`:
///
///     CODE/room.json      who sits where (`RoomState`), replaced whole under `CODE/lock`
///     CODE/journal.jsonl  the game: its header, then every seat's inputs (`RoomJournal`)
///     CODE/seat-K         held (flock) by the process sitting in seat K, while it runs
///     ended/CODE-STAMP/   a room that ended: its journal and state, with the rounds (the
///                         newest `endedKept` are kept)
///
/// A seat's process holds its seat file's lock for as long as it runs, so a dropped
/// connection (SIGHUP, SIGKILL) frees the seat by itself; others see it away.
public struct Rooms: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// Ended rooms kept under `ended/`, newest first; an older one is removed when another
    /// ends. Their rounds' journals are kept with the players' scores and on the board
    /// anyway: these are for the operator, and each may hold up to `maxJournalKB`.
    public static let endedKept = 50

    public func folder(_ code: RoomCode) -> String { directory + "/" + code.text }
    public func journalPath(_ code: RoomCode) -> String { folder(code) + "/journal.jsonl" }
    func statePath(_ code: RoomCode) -> String { folder(code) + "/room.json" }
    func seatPath(_ code: RoomCode, _ seat: Seat) -> String { folder(code) + "/seat-\(seat.index)" }

    /// Opens a room for `player` in seat 0: a new code, the game's journal with its header.
    /// - Parameter files: the game's files every copy in the room reads (the opener's).
    public func create(game: GameEntry, title: String, values: PreferenceValues, seed: UInt64, player: String,
                       files: [String: Data] = [:], now: Date) throws -> RoomState {
        Path.makeFolders(directory)
        sweep(now: now)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let code = RoomCode.random(using: &generator)
            // mkdir is the claim: two rooms opened at once never share a code.
            guard mkdir(folder(code), 0o700) == 0 else {
                if errno == EEXIST { continue }
                throw StoreError.system("cannot make a room in \(directory)", errno)
            }
            let header = JournalHeader.room(game, values: values, seed: seed, started: now)
            _ = try RoomJournal.create(journalPath(code), header: header, files: files)
            var state = RoomState(code: code.text, game: game.id, title: title, seats: game.seats(values),
                                  opened: now.timeIntervalSince1970)
            state.seats[0].player = player
            if state.isFull { state.started = state.opened }
            try write(state)
            return state
        }
        throw StoreError.system("no free room code in \(directory)", EEXIST)
    }

    /// The room's state now; nil when there is no such room.
    public func state(_ code: RoomCode) -> RoomState? {
        guard let data = FileBytes.contents(statePath(code)) else { return nil }
        return try? JSONDecoder().decode(RoomState.self, from: data)
    }

    /// Changes the room's state under its lock; returns the state as written (nil: no room).
    @discardableResult
    public func update(_ code: RoomCode, _ change: (inout RoomState) throws -> Void) throws -> RoomState? {
        // Read-only: closing it then wakes no follower (they watch for files closed after writing).
        let descriptor = open(folder(code) + "/lock", O_RDONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw StoreError.system("cannot lock the room \(code)", errno) }
        }
        guard var state = state(code) else { return nil }
        let before = state
        try change(&state)
        if state != before { try write(state) }
        return state
    }

    private func write(_ state: RoomState) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let code = try RoomCode(parsing: state.code)
        let bytes = Array(try encoder.encode(state)) + [0x0A]
        let temporary = statePath(code) + ".tmp"
        CrashPoint.step()
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw StoreError.system("cannot write \(temporary)", errno) }
        let failure = bytes.withUnsafeBytes { CrashPoint.writeAll(descriptor, $0) }
        close(descriptor)
        CrashPoint.step()
        guard failure == 0, rename(temporary, statePath(code)) == 0 else {
            unlink(temporary)
            throw StoreError.system("cannot write \(statePath(code))", errno)
        }
    }

    /// Why `player` cannot sit in the room, or the seat they take: their own seat again if
    /// they have one (a resume), else the first free one. The game begins when the last seat
    /// is taken.
    /// - Parameter typed: whether the player typed the code (else they picked the room from
    ///   the lobby's list, which a room taking players by code only refuses).
    public func join(_ code: RoomCode, player: String, typed: Bool = true, now: Date) throws -> Seat {
        var taken: Seat?
        var refusal: String?
        let state = try update(code) { state in
            if state.isEnded {
                refusal = "Room \(code) has ended."
            } else if let seat = state.seat(of: player) {
                taken = seat
            } else if state.isByCodeOnly, !typed {
                refusal = Self.byCodeRefusal(code)
            } else if let free = state.seats.firstIndex(where: { $0.player == nil }) {
                state.seats[free].player = player
                taken = Seat(free)
                if state.isFull { state.started = now.timeIntervalSince1970 }
            } else {
                refusal = "Room \(code) is full: its \(state.seats.count) seats are taken. You may watch it from the lobby."
            }
        }
        guard state != nil else { throw RoomCodeError("No room has the code \(code).") }
        if let refusal { throw RoomCodeError(refusal) }
        return taken!
    }

    /// Why a room that takes players by code only cannot be joined from the lobby's list.
    public static func byCodeRefusal(_ code: RoomCode) -> String {
        "Room \(code) takes players by its code only: press c and type the code its opener gave you."
    }

    /// Lets the room take players by its code only, or anyone from the lobby again; only while
    /// it waits for players (a room playing has no free seat to guard).
    public func takeByCodeOnly(_ code: RoomCode, _ byCode: Bool) throws -> RoomState? {
        try update(code) { state in
            guard state.started == nil, !state.isEnded else { return }
            state.byCodeOnly = byCode ? true : nil
        }
    }

    /// Takes `seat`'s file lock for this process; nil when another process sits there (the
    /// same player on another connection). The descriptor is closed when the seat is left.
    public func sit(_ code: RoomCode, _ seat: Seat) -> Int32? {
        let descriptor = open(seatPath(code, seat), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Whether a process sits in `seat` now.
    public func isPresent(_ code: RoomCode, _ seat: Seat) -> Bool {
        let descriptor = open(seatPath(code, seat), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            flock(descriptor, LOCK_UN)
            return false
        }
        return true
    }

    /// Marks seats away whose process is gone (and back those whose process is here), so
    /// every seat and spectator shows the same "away for …".
    @discardableResult
    public func observe(_ code: RoomCode, now: Date) -> RoomState? { observe(code, now: now, kept: nil) }

    /// `observe`, reading the state through `kept`: decoded only when the file changed.
    func observe(_ code: RoomCode, now: Date, kept: KeptRoomState?) -> RoomState? {
        // Looked at without the lock first: every process of a room does this each second,
        // and mostly nothing changed, so nothing is written and no one waits for anyone.
        guard let seen = kept.map({ $0.read(statePath(code)) }) ?? state(code) else { return nil }
        let changed = seen.seats.indices.contains { index in
            seen.seats[index].player != nil && (seen.seats[index].away == nil) != isPresent(code, Seat(index))
        }
        guard changed else { return seen }
        return try? update(code) { state in
            for index in state.seats.indices where state.seats[index].player != nil {
                let present = isPresent(code, Seat(index))
                if present { state.seats[index].away = nil }
                else if state.seats[index].away == nil { state.seats[index].away = now.timeIntervalSince1970 }
            }
        }
    }

    /// The rooms not ended, oldest first, as their files say (nothing is looked at or changed).
    public func list() -> [RoomState] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { name in
            guard let code = try? RoomCode(parsing: name), name == code.text, let state = state(code), !state.isEnded
            else { return nil }
            return state
        }.sorted { ($0.opened, $0.code) < ($1.opened, $1.code) }
    }

    /// The rooms not ended, oldest first; rooms empty for longer than `timeout` seconds are
    /// ended on the way (their journal and state kept under `ended/`).
    public func live(now: Date, timeout: Double) -> [RoomState] {
        sweep(now: now)
        return list().compactMap { listed in
            guard let code = try? RoomCode(parsing: listed.code), let state = observe(code, now: now), !state.isEnded
            else { return nil }
            if let empty = state.emptySince, now.timeIntervalSince1970 - empty > timeout {
                end(code, because: "everyone left", now: now)
                return nil
            }
            return state
        }
    }

    /// Seconds after which a code folder without `room.json` is taken for one a kill left half
    /// made, and a room's temporary for one a kill left behind: making a room or writing its
    /// state takes milliseconds.
    static let halfMadeAfter: Double = 60

    /// Removes what kills left (docs/reliability.md): code folders without `room.json` (killed
    /// in `create`, between the `mkdir` that claims the code and the state's rename) and the
    /// fixed-name temporaries of whole rooms, once older than `halfMadeAfter`. Done by the
    /// next room opened and each listing; a younger one may be another process's, at work.
    func sweep(now: Date) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let oldest = now.timeIntervalSince1970 - Self.halfMadeAfter
        for name in names {
            guard let code = try? RoomCode(parsing: name), name == code.text else { continue }
            if Path.exists(statePath(code)) {
                for temporary in [statePath(code) + ".tmp", journalPath(code) + ".tmp"]
                where Self.modified(temporary).map({ $0 < oldest }) == true {
                    unlink(temporary)
                }
            } else if let made = Self.modified(folder(code)), made < oldest {
                try? FileManager.default.removeItem(atPath: folder(code))
            }
        }
    }

    /// A file's or folder's modification time, in seconds since 1970; nil when there is none.
    private static func modified(_ path: String) -> Double? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    }

    /// Ends a room: marked ended, its folder moved under `ended/` with its journal and rounds.
    public func end(_ code: RoomCode, because reason: String, now: Date) {
        let ended = try? update(code) { state in
            guard !state.isEnded else { return }
            state.ended = now.timeIntervalSince1970
            state.endedBecause = reason
        }
        guard ended != nil else { return }
        Path.makeFolders(directory + "/ended")
        let target = directory + "/ended/" + code.text + "-" + TimeText.fileStamp(now)
        rename(folder(code), target)
        // Seat files and the lock mean nothing once the room is over.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []
        where name.hasPrefix("seat-") || name == "lock" {
            unlink(target + "/" + name)
        }
        trimEnded()
    }

    /// The ended rooms' folders, oldest first (by the time each ended, then the code).
    func endedFolders() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory + "/ended")) ?? []
        return names.filter { !$0.hasPrefix(".") && $0.contains("-") }
            .sorted { ($0.drop { $0 != "-" }, $0) < ($1.drop { $0 != "-" }, $1) }
    }

    /// Removes the oldest ended rooms beyond `endedKept`.
    func trimEnded(keeping kept: Int = endedKept) {
        for old in endedFolders().dropLast(kept) {
            try? FileManager.default.removeItem(atPath: directory + "/ended/" + old)
        }
    }

    /// The state of the room with `code` that ended last: what a seat reads once the room's
    /// folder has moved under `ended/` (why it ended, for everyone).
    public func endedState(_ code: RoomCode) -> RoomState? {
        guard let last = endedFolders().last(where: { $0.hasPrefix(code.text + "-") }),
              let data = FileBytes.contents(directory + "/ended/" + last + "/room.json") else { return nil }
        return try? JSONDecoder().decode(RoomState.self, from: data)
    }
}
