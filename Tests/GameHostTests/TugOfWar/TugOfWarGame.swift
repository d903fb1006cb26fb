import GameHost

// TugOfWarGame.swift — the module: two seats that pull at once, and ticks.
public enum TugOfWarGame: GameModule {
    public static let info = GameInfo(id: "tug-of-war", title: "Tug of War",
                                      summary: "Pull faster than the other side", scoreMeaning: "wins")
    public static func seats(_ preferences: NoPreferences) -> Int { 2 }
    public static func makeRoot(_ preferences: NoPreferences, _ context: GameContext) -> Screen {
        Screen(id: info.id + ".main", model: TugOfWarViewModel(context), view: TugOfWarView())
    }
}
