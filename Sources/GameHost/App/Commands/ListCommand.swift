#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `list`: one line per game in menu order, its id, title and summary.
enum ListCommand {
    static func run(_ prepared: Launcher.Prepared) {
        let width = prepared.games.map(\.id.count).max() ?? 0
        for game in prepared.games {
            print(game.id.padded(to: width) + "  " + game.info.title
                  + " — " + game.info.summary)
        }
    }
}
