#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Host work the host's own screens ask for, as values: what a game's effects are to its view
/// model, these are to the launcher's screens. `HostRouter` carries each out; a view model
/// returns them and can be tested by what it asked for (issue 35, change 2).
enum HostRequest: Equatable, CustomStringConvertible {
    /// A game's page (its preferences, and play).
    case openForm(game: String)
    /// A game's scores.
    case showScores(game: String)
    /// A game from its page: the offer to resume its unfinished round, else a new game.
    case launch(game: String)
    /// The running game of `game` again from its first screen, with the preferences now saved.
    case restart(game: String)
    /// The player chose on the resume screen: `journal` replayed into the game, or a new game.
    case resume(game: String, journal: Journal, resume: Bool)
    /// A finished round of the player's history played back.
    case replay(game: String, round: Date)
    /// A round of the host's board played back.
    case replayBoard(game: String, entry: HostBoard.Entry)
    /// A finished round of the player's history saved as an asciinema recording.
    case saveCast(game: String, round: Date)
    /// A round of the host's board saved as an asciinema recording.
    case saveBoardCast(game: String, entry: HostBoard.Entry)
    /// Hosted: who is online.
    case lobby
    /// Hosted: the player's keys (the account screen the host was given).
    case account
    /// Hosted: another session's game watched live.
    case watch(ConnectionRegistry.Entry)
    /// Hosted: a room watched.
    case watchRoom(RoomCode)
    /// Hosted: a room joined; `typed` when its code was typed rather than picked from a list.
    case joinRoom(RoomCode, typed: Bool)
    /// Hosted: the form that asks for a room's code.
    case askRoomCode
    /// Hosted: a room opened for `game`, its player in the first seat.
    case openRoom(game: String)
    /// Hosted: the player's other session asked to end (`tries` polls so far), its game taken over.
    case takeOver(ConnectionRegistry.Entry, tries: Int)
    /// Every screen closed: the session ends.
    case leave

    /// As the trace shows it.
    var description: String {
        switch self {
        case .openForm(let game): "open(\(game))"
        case .showScores(let game): "scores(\(game))"
        case .launch(let game): "launch(\(game))"
        case .restart(let game): "restart(\(game))"
        case .resume(let game, _, let resume): resume ? "resume(\(game))" : "newGame(\(game))"
        case .replay(let game, _): "replay(\(game))"
        case .replayBoard(let game, _): "replay(\(game), board)"
        case .saveCast(let game, _): "saveCast(\(game))"
        case .saveBoardCast(let game, _): "saveCast(\(game), board)"
        case .lobby: "lobby"
        case .account: "account"
        case .watch(let other): "watch(\(other.player))"
        case .watchRoom(let code): "watchRoom(\(code))"
        case .joinRoom(let code, _): "joinRoom(\(code))"
        case .askRoomCode: "roomCode"
        case .openRoom(let game): "openRoom(\(game))"
        case .takeOver(let other, let tries): tries == 0 ? "takeOver(\(other.id))" : "takeOver(\(other.id), \(tries))"
        case .leave: "leave"
        }
    }
}
