import GameHost

/// Compatibility Slider: two players rate the same topics from terrible to great, then
/// see how alike they think.
public enum CompatibilitySliderGame: GameModule {
    public static let info = GameInfo(
        id: "compatibility-slider", title: "Compatibility Slider",
        summary: "Two players rate topics; how alike do you think?",
        scoreMeaning: "percent compatible", menuOrder: 30)

    public static let preferences = PreferenceSchema<SliderPreferences>(
        defaults: SliderPreferences(),
        fields: [
            .text("player1", \.player1, maxLength: SliderConstants.nameLength, label: "Player 1",
                  help: "The name of the player who rates first"),
            .text("player2", \.player2, maxLength: SliderConstants.nameLength, label: "Player 2",
                  help: "The name of the player who rates second"),
            .choice("topics", \.topics, label: "Topics",
                    help: "Topics per round: random (2 to 5) or a fixed number"),
        ],
        conflict: { values in
            // Two players of one name could not tell whose turn, ratings or stars are whose.
            guard values.namesClash else { return nil }
            let names = values.player1 == values.player2 ? "“\(values.player1)”"
                : "“\(values.player1)” and “\(values.player2)”"
            return PreferenceConflict(keys: ["player1", "player2"],
                                      reason: "both players would be called \(names); each needs a name of their own "
                                          + "(capitals do not count)")
        })

    /// Two players: on one terminal they take turns, in a room each rates at their own.
    public static func seats(_ preferences: SliderPreferences) -> Int { 2 }

    public static func makeRoot(_ preferences: SliderPreferences, _ context: GameContext) -> Screen {
        Screen(id: "compatibility-slider.round",
               model: SliderViewModel(preferences: preferences, context: context), view: SliderView())
    }
}

extension TopicCount: PreferenceChoice {}
