#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The games whose last round was left in play (a dropped connection, a killed session, a
/// game quit mid-round): their journal waits to be resumed, which the lobby says (audit C6),
/// rather than only the game's page once opened.
enum SavedRounds {
    /// The titles of `games` with a round waiting in `dataDirectory`, in the games' order.
    /// Read when the lobby opens or comes back into view, not at every tick.
    static func titles(of games: [GameEntry], in dataDirectory: String) -> [String] {
        games.filter { entry in
            guard entry.resumable,
                  let data = FileBytes.contents(dataDirectory + "/" + entry.id + "/" + Session.journalName),
                  let journal = try? Journal.parse(data) else { return false }
            return journal.header.game == entry.id && journal.roundInPlay
        }.map(\.info.title)
    }

    /// "Arithmetic Quiz: a round waits to be resumed" (g and the game resume it); nil for none.
    static func notice(_ titles: [String]) -> String? {
        let clean = titles.map { TextSanitizer.clean($0) }
        switch clean.count {
        case 0: return nil
        case 1: return "\(clean[0]): a round waits to be resumed (g, then the game)"
        default: return "Rounds wait to be resumed in " + clean.joined(separator: ", ") + " (g, then the game)"
        }
    }
}

extension Session {
    /// The lobby's line about rounds waiting to be resumed; nil when none waits (or nothing is journaled).
    func savedRoundsNotice() -> String? {
        guard setup.journals else { return nil }
        return SavedRounds.notice(SavedRounds.titles(of: setup.games, in: setup.dataDirectory))
    }
}
