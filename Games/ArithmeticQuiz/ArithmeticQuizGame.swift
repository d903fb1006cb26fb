import GameHost

/// The arithmetic quiz: four choices per problem, a round of 3 to 7 problems.
public enum ArithmeticQuizGame: GameModule {
    public static let info = GameInfo(
        id: "arithmetic-quiz", title: "Arithmetic Quiz",
        summary: "Sums and products against four choices",
        scoreMeaning: "correct answers", menuOrder: 10)

    public static let preferences = PreferenceSchema<QuizPreferences>(
        defaults: QuizPreferences(),
        fields: [
            .choice("difficulty", \.difficulty, label: "Difficulty",
                    help: "How big the numbers are"),
            .choice("operation", \.operation, label: "Operation",
                    help: "Addition or multiplication"),
            .integer("questions", \.questions, in: QuizConstants.questions, label: "Questions",
                     help: "Problems per round"),
            .toggle("practice", \.practice, label: "Practice",
                    help: "Numbers you miss come back more often"),
        ],
        presets: [
            PreferencePreset("Warm-up", QuizPreferences(difficulty: .easy, operation: .addition, questions: 3)),
            PreferencePreset("Drill", QuizPreferences(difficulty: .hard, operation: .multiplication,
                                                      questions: 7, practice: true)),
        ])

    public static func makeRoot(_ preferences: QuizPreferences, _ context: GameContext) -> Screen {
        Screen(id: "arithmetic-quiz.quiz", model: QuizViewModel(preferences: preferences, context: context),
               view: QuizView())
    }
}

extension QuizPreferences.Difficulty: PreferenceChoice {}
extension MathProblem.Operation: PreferenceChoice {}
