#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `gamehost host status --data-dir DIR [--config FILE]`: the host's live sessions as plain
/// text, for its operator, in the lobby's words, with each session's process id (what `kill`
/// needs), and a warning when the system cannot take as many sessions as the config allows.
enum HostStatus {
    /// Why `host` cannot be looked at by this user, in words naming the folder and what is
    /// needed; nil when it can. Without read access the sessions would look like none (audit C3).
    static func unreadable(host: String, canRead: (String) -> Bool = { access($0, R_OK | X_OK) == 0 }) -> String? {
        let place = TextSanitizer.clean(host)
        var info = stat()
        // stat needs only the folders above: a folder one cannot read still answers it.
        guard stat(host, &info) == 0 else {
            return "there is no host folder at \(place): give the folder of the sshd block's --data-dir"
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return "\(place) is not a folder: give the host's data folder" }
        let sessions = HostedPlayer(name: "", hostDirectory: host).sessionsDirectory
        for folder in [host, sessions] where !canRead(folder) {
            guard folder == host || FileManager.default.fileExists(atPath: folder) else { continue }
            return "cannot read \(TextSanitizer.clean(folder)): run host status as the hosting account "
                + "(the owner of \(place)) or as root, who can read who is online"
        }
        return nil
    }

    static func text(host: String, now: Date) -> String {
        let folder = HostedPlayer(name: "", hostDirectory: host).sessionsDirectory
        let entries = ConnectionRegistry(directory: folder).live()
        let place = TextSanitizer.clean(host)
        let rooms = roomsText(host: host, now: now)
        guard !entries.isEmpty else { return "No one is online on \(place).\n" + rooms }
        let count = entries.count == 1 ? "1 player" : "\(entries.count) players"
        let rows = LobbyViewModel.rows(entries, now: now)
        let table = [["PLAYER", "GAME", "FOR", "IDLE", "SIZE", "WATCH", "PID"]]
            + zip(rows, entries).map { row, entry in
                [row.player, row.game, row.playing.isEmpty ? "-" : row.playing, row.idle, row.size, row.watchers,
                 String(entry.pid)]
            }
        return "\(count) online on \(place):\n" + lines(table) + rooms
    }

    /// What the operator should change for the host to take the sessions it is set up for
    /// (`maxSessions`), a paragraph each; empty when nothing. `inotifyLimit`: where the
    /// kernel's limit is read (a test's file).
    static func warnings(maxSessions: Int, inotifyLimit: String = InotifyLimit.path) -> String {
        InotifyLimit.warning(limit: InotifyLimit.current(path: inotifyLimit), maxSessions: maxSessions) ?? ""
    }

    /// The rooms open or playing, as a table like the players': code, game, state, who sits where.
    static func roomsText(host: String, now: Date) -> String {
        let rooms = Rooms(directory: host + "/rooms").list()
        guard !rooms.isEmpty else { return "" }
        let table = [["ROOM", "GAME", "STATE", "SEATS"]] + rooms.map { room in
            let seats = room.seats.enumerated().map { index, seat in
                let away = seat.away.map { ", away " + LobbyViewModel.duration(now.timeIntervalSince1970 - $0) } ?? ""
                return "\(index + 1) " + TextSanitizer.clean(seat.player ?? "free") + away
            }
            return [room.code, TextSanitizer.clean(room.title), room.phase, seats.joined(separator: " · ")]
        }
        return (rooms.count == 1 ? "1 room:\n" : "\(rooms.count) rooms:\n") + lines(table)
    }

    /// Rows of cells in columns as wide as their widest cell, two spaces apart; the last column
    /// is not padded, so no line ends in spaces.
    static func lines(_ table: [[String]]) -> String {
        let count = table.first?.count ?? 0
        let widths = (0..<count).map { column in table.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        return table.map { cells in
            (zip(cells.dropLast(), widths).map { DisplayWidth.pad($0, to: $1) } + [cells[cells.count - 1]])
                .joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
