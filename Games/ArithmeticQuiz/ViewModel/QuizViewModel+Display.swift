#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// What the quiz screen says, derived from the view model's state: the view only places and
/// colours these, it never composes game text itself.
extension QuizViewModel {
    /// How the line under the problem should read: a hint, a verdict, or the round's result.
    enum Feedback: Equatable {
        case none, hint, right, wrong, roundOver
        /// The last key did nothing; the line says why.
        case refused
    }

    /// "Easy · Addition", and "· Practice" while missed operands come back more often: a
    /// player should see that the questions are not drawn evenly (audit #26).
    var settingsText: String {
        "\(preferences.difficulty.label) · \(preferences.operation.label)" + (preferences.practice ? " · Practice" : "")
    }

    /// The round in Scores: the score, then what it was played on, short ("Hard +"), so that
    /// 4 of 7 on Hard and 3 of 3 on Easy read apart (audit #11).
    var roundSummary: String {
        "\(round.correctCount) of \(round.questionCount) correct · \(preferences.difficulty.label) \(operationSymbol)"
            + (preferences.practice ? " · practice" : "")
    }

    /// "Question 2 of 5", "Round complete", or nil before a round starts.
    var positionText: String? {
        switch phase {
        case .initial: nil
        case .finished: "Round complete"
        case .asking, .answered: "Question \(questionNumber) of \(round.questionCount)"
        }
    }

    /// Shown where the round's position goes before a round starts.
    var roundText: String { "\(settingsText) · \(preferences.questions) questions" }

    var problemText: String {
        guard let problem else { return "Ready?" }
        let result = problem.status == .unanswered ? "?" : String(problem.answer)
        return "\(problem.left) \(operationSymbol) \(problem.right) = \(result)"
    }

    /// The mark beside an answer once the question is answered: the right one, the wrong
    /// one chosen; said in symbols too, not only in colour.
    func mark(ofChoice index: Int) -> String {
        guard let problem, problem.status != .unanswered else { return " " }
        if index == problem.correctIndex { return Self.symbols.correct }
        if index == problem.chosenIndex { return Self.symbols.incorrect }
        return " "
    }

    /// The hint in a few words, for narrow terminals.
    var shortHint: Prose<Intent> {
        "Pick \(key: .answer(0))–\(key: .answer(QuizConstants.choiceCount - 1)) or \(key: .moveSelection(-1))/\(key: .moveSelection(1)) \(key: .answerSelected)"
    }

    /// The buttons under the round, as the original's: the main one, Reset, Preferences.
    static let resetTitle = "Reset"
    /// Said when Reset throws a round in play away; the undo key is the view's u.
    static let resetNotice = "The round was reset: u brings it back."
    /// Said when Reset finds the quiz at its start already.
    static let nothingToResetNotice = "Nothing to reset: no round has started."
    static let preferencesTitle = "Preferences"

    /// Why Enter answers nothing yet.
    var nothingPickedText: Prose<Intent> {
        "No answer picked yet: \(key: .moveSelection(-1))/\(key: .moveSelection(1)) pick one, or press \(key: .answer(0))–\(key: .answer(QuizConstants.choiceCount - 1))."
    }

    /// Why answer keys do nothing now (no question waits for an answer).
    var noQuestionText: Prose<Intent> {
        switch phase {
        case .initial: "No question yet: \(key: .advance) starts the round."
        case .answered: "This question is answered: \(key: .advance) goes on."
        case .finished, .asking: "The round is over: \(key: .advance) plays again."
        }
    }

    /// Why preferences do not open now.
    var preferencesLaterText: Prose<Intent> { "Preferences open before a round starts: \(key: .reset) ends this one." }

    var startHint: Prose<Intent> { "Press \(key: .advance) to start." }

    var feedback: Feedback {
        if refusal != nil { return .refused }
        guard let problem else { return .none }
        if phase == .finished { return .roundOver }
        switch problem.status {
        case .correct: return .right
        case .incorrect: return .wrong
        case .unanswered: return .hint
        }
    }

    var feedbackText: Prose<Intent> {
        switch feedback {
        case .none: ""
        case .refused: refusal ?? ""
        case .hint:
            "Pick an answer: \(key: .answer(0))–\(key: .answer(QuizConstants.choiceCount - 1)), or \(key: .moveSelection(-1))/\(key: .moveSelection(1)) and \(key: .answerSelected)"
        case .right: "\(Self.symbols.correct) Right!"
        case .wrong: "\(Self.symbols.incorrect) Not quite: the answer is \(problem?.answer ?? 0)"
        case .roundOver:
            // The score is the line under it already, and "Round complete" heads the screen:
            // here only what neither says (audit N26).
            "Finished\(duration.map { " in " + Self.clock($0) } ?? "")"
        }
    }

    /// Seconds as "m:ss".
    static func clock(_ seconds: Double) -> String { TimeText.minutesAndSeconds(seconds) }
}
