import GameHost

// The module file: who the game is, what a player can set, and its first screen. This type
// is all the host sees; being in a folder under Games/ is all it takes to be in the menu.
public enum TemplateGame: GameModule {
    public static let info = GameInfo(
        id: "template", title: "Template",
        summary: "Guess the secret number in as few tries as you can",
        scoreMeaning: "points",  // what a round's score counts, shown on the scores screen
        menuOrder: 100)          // lower comes first in the menu

    // Each field has a stable key (used in config.json and `--set key=value`), a label and a
    // help line for the preferences form, and the allowed values; the host stores them.
    public static let preferences = PreferenceSchema<GuessPreferences>(
        defaults: GuessPreferences(),
        fields: [
            .integer("highest", \.highest, in: 10...1000, label: "Highest number",
                     help: "The secret is from 1 up to this"),
        ])

    // A new round starts here: with the player's preferences and the host's environment
    // (seeded random numbers, the clock, a data folder of the game's own).
    public static func makeRoot(_ preferences: GuessPreferences, _ context: GameContext) -> Screen {
        Screen(id: info.id + ".guess", model: TemplateViewModel(preferences: preferences, context: context),
               view: TemplateView())
    }
}
