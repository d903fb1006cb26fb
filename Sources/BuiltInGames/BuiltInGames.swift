import GameHost

/// The games that come with GameHost: one for each folder under Games/, found at build time.
///
/// A launcher of your own can offer them next to yours:
/// `GameHostApp.main(games: BuiltInGames.all + [MyGame.self])`.
public enum BuiltInGames {
    /// Every built-in game, in menu order: each game's `GameInfo.menuOrder`, then its title.
    public static var all: [any GameModule.Type] {
        discovered.sorted { ($0.info.menuOrder, $0.info.title) < ($1.info.menuOrder, $1.info.title) }
    }

    /// The built-in games as the host's lists hold them.
    public static var entries: [GameEntry] {
        discoveredEntries.sorted { ($0.info.menuOrder, $0.info.title) < ($1.info.menuOrder, $1.info.title) }
    }
}
