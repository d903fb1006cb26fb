#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `gamehost host status --data-dir DIR`: the host's live sessions as plain text, for its
/// operator, in the lobby's words, with each session's process id (what `kill` needs).
enum HostStatus {
    static func text(host: String, now: Date) -> String {
        let folder = HostedPlayer(name: "", hostDirectory: host).sessionsDirectory
        let entries = SessionRegistry(directory: folder).live()
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
