import GameHost

// ConnectFourGame.swift — the module: two seats, no preferences.
public enum ConnectFourGame: GameModule {
    public static let info = GameInfo(id: "connect-four", title: "Connect Four",
                                      summary: "Drop discs in turn; four in a row wins", scoreMeaning: "wins")
    public static func seats(_ preferences: NoPreferences) -> Int { 2 }
    public static func makeRoot(_ preferences: NoPreferences, _ context: GameContext) -> Screen {
        Screen(id: info.id + ".main", model: ConnectFourViewModel(context), view: ConnectFourView())
    }
}
