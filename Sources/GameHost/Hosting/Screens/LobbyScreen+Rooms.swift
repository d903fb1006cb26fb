/// The lobby's rooms: listed after the players, one line each ("room KMAX", the game, open
/// with its seats or playing, who sits there, how many watch), joined or watched from there.
extension LobbyViewModel {
    /// The room on the selected line, if the selection is past the players.
    var selectedRoom: RoomState? {
        let index = selected - entries.count
        return rooms.indices.contains(index) ? rooms[index] : nil
    }

    /// This session's player's name, as the registry has it.
    var myName: String? { entries.first { $0.id == me }?.player }

    /// The rooms as lines of the players' table.
    var roomRows: [Row] {
        rooms.map { room in
            let names = room.seats.map { TextSanitizer.clean($0.player ?? "—") }.joined(separator: ", ")
            let watchers = entries.count { $0.watching == "room-" + room.code }
            return Row(player: "room " + room.code, game: TextSanitizer.clean(room.title) + " · " + names,
                       playing: room.phase, idle: "", size: "", watchers: String(watchers))
        }
    }

    /// On a room's line: Enter joins it (or goes back to one's seat), w watches it.
    var roomBindings: [KeyBinding<Intent>]? {
        guard let room = selectedRoom else { return nil }
        let mine = myName.map { room.seat(of: $0) != nil } ?? false
        // A room taking players by code only is joined by typing its code (c), not from here.
        let byCode = !mine && room.isByCodeOnly
        let join = mine ? "back to my seat" : byCode ? "join (by code)" : room.isFull ? "join (full)" : "join"
        let because = byCode ? (try? RoomCode(parsing: room.code)).map(Rooms.byCodeRefusal)
            ?? "This room takes players by its code only." : "Room \(room.code) is full: w watches it."
        return [.keys(.enter, label: join, enabled: mine || !(room.isFull || byCode), because: "\(because)", .join),
                .keys(.character("w"), label: "watch", .watch)]
    }
}
