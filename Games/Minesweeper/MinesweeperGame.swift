import GameHost

/// Minesweeper: open every cell that hides no mine; the numbers say how many mines touch a
/// cell. The fastest win ranks first.
public enum MinesweeperGame: GameModule {
    public static let info = GameInfo(id: "minesweeper", title: "Minesweeper",
                                      summary: "Open every cell without a mine; numbers count the mines around",
                                      scoreMeaning: "boards cleared", menuOrder: 50, scoreOrder: .fastestWin)

    public static var preferences: PreferenceSchema<MinesweeperPreferences> {
        PreferenceSchema(defaults: MinesweeperPreferences(), fields: [
            .integer("width", \.width, in: 5...30, label: "Width", help: "Cells across"),
            .integer("height", \.height, in: 5...16, label: "Height", help: "Cells down"),
            .integer("mines", \.mines, in: 1...200, label: "Mines",
                     help: "Mines hidden in the board: at most its cells less 9, kept free around the first cell opened"),
        ], presets: [
            PreferencePreset("Beginner", MinesweeperPreferences(width: 9, height: 9, mines: 10)),
            PreferencePreset("Intermediate", MinesweeperPreferences(width: 16, height: 16, mines: 40)),
            PreferencePreset("Expert", MinesweeperPreferences(width: 30, height: 16, mines: 99)),
        ], conflict: { preferences in
            // Too many mines would leave no room for the free cells of the first reveal.
            preferences.mines <= preferences.mostMines ? nil
                : PreferenceConflict(keys: ["mines", "width", "height"],
                                     reason: "\(preferences.mines) mines do not fit a \(preferences.width)×\(preferences.height) "
                                         + "board: it takes at most \(preferences.mostMines)")
        })
    }

    public static func makeRoot(_ preferences: MinesweeperPreferences, _ context: GameContext) -> Screen {
        Screen(id: "minesweeper.board", model: MinesweeperViewModel(preferences: preferences, context: context),
               view: MinesweeperView(preferences: preferences))
    }
}
