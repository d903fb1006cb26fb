import Foundation

/// `list`: one line per game in menu order, its id, title and summary.
enum ListCommand {
    static func run(_ prepared: Launcher.Prepared) {
        let width = prepared.games.map(\.id.count).max() ?? 0
        for game in prepared.games {
            print(game.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + game.info.title
                  + " — " + game.info.summary)
        }
    }
}
