import GameHost

/// Memorize: the themed memory game of CS193p, with a theme chooser, a theme editor and
/// themes saved in the data directory.
public enum MemorizeGame: GameModule {
    public static let info = GameInfo(
        id: "memorize", title: "Memorize",
        summary: "Find the pairs of emoji cards; make your own themes",
        scoreMeaning: "points", menuOrder: 20)

    public static let preferences = PreferenceSchema<MemorizePreferences>(
        defaults: MemorizePreferences(),
        fields: [
            .choice("start", \.start, label: "Start with",
                    help: "The theme chooser, or the theme played last"),
            .choice("matched", \.matched, label: "Matched cards",
                    help: "Dim matched cards, or hide them"),
            .integer("players", \.players, in: MemorizeConstants.players, label: "Players",
                     help: "1 plays alone; 2 to 4 take turns, each keeping the pairs they find"),
        ])

    /// One seat per player.
    public static func seats(_ preferences: MemorizePreferences) -> Int { preferences.players }

    public static func makeRoot(_ preferences: MemorizePreferences, _ context: GameContext) -> Screen {
        let store = ThemeStore(storage: context.storage)
        return Screen(id: "memorize.chooser",
                      model: ChooserViewModel(store: store, preferences: preferences, context: context),
                      view: ChooserView())
    }
}

extension MemorizePreferences.Start: PreferenceChoice {
    public var label: String {
        switch self {
        case .chooser: "Theme chooser"
        case .lastTheme: "Last theme"
        }
    }
}

extension MemorizePreferences.MatchedCards: PreferenceChoice {}
