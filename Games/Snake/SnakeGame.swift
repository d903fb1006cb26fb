import GameHost

/// Snake: steer a snake that moves by itself; eat to grow and score, and don't hit a wall
/// or yourself.
public enum SnakeGame: GameModule {
    public static let info = GameInfo(id: "snake", title: "Snake",
                                      summary: "Steer the snake to the food; don't bite yourself",
                                      scoreMeaning: "points", menuOrder: 40)

    public static var preferences: PreferenceSchema<SnakePreferences> {
        PreferenceSchema(defaults: SnakePreferences(), fields: [
            .integer("speed", \.speed, in: 1...SnakeConstants.speeds.count, label: "Speed",
                     help: "How fast the snake moves; each food is worth this many points"),
            .toggle("wrap", \.wrap, label: "Wrap-around",
                    help: "Walls let the snake through to the other side"),
            .choice("board", \.board, label: "Board",
                    help: "Small 18×8, medium 28×14 or large 38×20 cells"),
            .integer("players", \.players, in: SnakeConstants.players, label: "Players",
                     help: "One snake each: two share the keyboard (arrows and W A S D); up to eight in a room"),
        ])
    }

    public static func seats(_ preferences: SnakePreferences) -> Int { preferences.players }

    public static func makeRoot(_ preferences: SnakePreferences, _ context: GameContext) -> Screen {
        Screen(id: "snake.board", model: SnakeViewModel(preferences: preferences, context: context),
               view: SnakeView(board: preferences.board))
    }
}

extension BoardSize: PreferenceChoice {}
