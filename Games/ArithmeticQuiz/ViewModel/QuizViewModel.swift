#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// The quiz's logic: the round, the phase it is in, and what the player may do now.
final class QuizViewModel: ViewModel {
    enum Phase: String, Codable, Sendable {
        /// No problem on screen; Start and Preferences are available.
        case initial
        /// A problem waits for an answer; Next is disabled.
        case asking
        /// The problem was answered; Next goes on.
        case answered
        /// The last problem was answered; Play again starts over.
        case finished
    }

    enum Intent: Codable, Sendable, Equatable {
        /// The main button: Start, Next or Play again.
        case advance
        case answer(Int)
        /// Enter on a problem: the answer the arrows point at, if they point at one.
        case answerSelected
        case moveSelection(Int)
        case reset
        /// Brings back the round `reset` just threw away (until the next intent).
        case undo
        case openPreferences
    }

    struct State: Encodable {
        let phase: Phase
        let round: QuizRound
        let selected: Int?
    }

    /// The view model owns these; the round is handed them and the view only shows them.
    static let symbols = QuizRound.Symbols(unanswered: "--", correct: "✓", incorrect: "✗")

    let preferences: QuizPreferences
    private let context: GameContext
    private(set) var phase = Phase.initial
    private(set) var round: QuizRound
    /// The answer the arrow keys point at; none on a new problem, so no key answers for the
    /// player a choice they did not make.
    private(set) var selected: Int?
    /// Why the last key did nothing, for the hint line; cleared by the next intent.
    private(set) var refusal: Prose<Intent>?
    private var practice: PracticeWeights
    private var startedAt: Date?
    /// How long the finished round took, in seconds.
    private(set) var duration: Double?
    /// The round in play that `reset` threw away, for `undo` until the next intent.
    private var undoable: (phase: Phase, round: QuizRound, selected: Int?, startedAt: Date?)?
    var canUndo: Bool { undoable != nil }

    init(preferences: QuizPreferences, context: GameContext) {
        self.preferences = preferences
        self.context = context
        round = QuizRound(questionCount: preferences.questions, symbols: Self.symbols)
        practice = preferences.practice
            ? context.storage.load(PracticeWeights.self, from: QuizConstants.practiceFile,
                                   format: QuizConstants.practiceFormat) ?? PracticeWeights()
            : PracticeWeights()
    }

    var state: State { State(phase: phase, round: round, selected: selected) }
    /// From the first question to the last answer: before Start and after the round there is
    /// nothing to resume.
    var roundInPlay: Bool? { phase == .asking || phase == .answered }

    // MARK: - Derived values for the view

    var operandRange: ClosedRange<Int> { QuizConstants.operands(preferences.difficulty, preferences.operation) }
    var problem: MathProblem? { phase == .initial ? nil : round.current }
    var operationSymbol: String { preferences.operation == .addition ? "+" : "×" }
    /// Digits in the largest choice the current settings can produce.
    var choiceDigits: Int {
        let top = preferences.operation.apply(operandRange.upperBound, operandRange.upperBound) + QuizConstants.spread
        return String(top).count
    }

    var advanceTitle: String {
        switch phase {
        case .initial: "Start"
        case .asking, .answered: "Next"
        case .finished: "Play again"
        }
    }

    /// Every title the main button takes, so the view can keep it one size.
    static let advanceTitles = ["Start", "Next", "Play again"]

    var canAdvance: Bool { phase != .asking }
    var canAnswer: Bool { phase == .asking }
    var canOpenPreferences: Bool { phase == .initial }
    /// 1-based number of the problem on screen.
    var questionNumber: Int { round.problems.count }
    var scoreLine: String { "\(round.correctCount) of \(round.answeredCount) correct" }
    var statusRow: [String] { round.statusRow }

    // MARK: - Intents

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        refusal = nil
        let undo = undoable
        undoable = nil
        switch intent {
        case .advance:
            switch phase {
            case .initial, .finished: startRound()
            case .answered: askNext()
            case .asking: refusal = "Answer first: \(key: .answer(0))–\(key: .answer(QuizConstants.choiceCount - 1))."
            }
        case .answer(let index):
            guard phase == .asking, let problem = round.current, problem.choices.indices.contains(index) else { return [] }
            selected = index
            round.answerCurrent(index)
            var effects = learn(from: round.current!)
            if round.isComplete { effects.append(finishRound()) } else { phase = .answered }
            return effects
        case .answerSelected:
            guard let selected else {
                refusal = nothingPickedText
                return []
            }
            return handle(.answer(selected))
        case .moveSelection(let delta):
            guard phase == .asking else { return [] }
            let count = QuizConstants.choiceCount
            // The first arrow picks the first (→) or the last (←) answer.
            let from = selected ?? (delta > 0 ? -1 : count)
            selected = ((from + delta) % count + count) % count
        case .reset:
            // Reset is always offered (the seed's rule); at the start already it says so.
            guard phase != .initial else { return [.notify(Self.nothingToResetNotice)] }
            // A round in play is not lost to one key: it is said, and u brings it back.
            let inPlay = roundInPlay == true
            if inPlay { undoable = (phase, round, selected, startedAt) }
            round = QuizRound(questionCount: preferences.questions, symbols: Self.symbols)
            phase = .initial
            selected = nil
            duration = nil
            if inPlay { return [.notify(Self.resetNotice)] }
        case .undo:
            guard let undo else {
                refusal = "Nothing to undo."
                return []
            }
            (phase, round, selected, startedAt) = undo
        case .openPreferences:
            guard phase == .initial else { return [] }
            return [.openPreferences]
        }
        return []
    }

    private func startRound() {
        round = QuizRound(questionCount: preferences.questions, symbols: Self.symbols)
        startedAt = context.now
        duration = nil
        askNext()
    }

    private func askNext() {
        let range = operandRange
        let problem: MathProblem
        if preferences.practice {
            let left = practice.draw(from: range, for: preferences.operation, using: &context.random)
            let right = practice.draw(from: range, for: preferences.operation, using: &context.random)
            problem = MathProblem(left: left, right: right, operation: preferences.operation,
                                  choiceCount: QuizConstants.choiceCount, spread: QuizConstants.spread,
                                  using: &context.random)
        } else {
            problem = MathProblem(operands: range, operation: preferences.operation,
                                  choiceCount: QuizConstants.choiceCount, spread: QuizConstants.spread,
                                  using: &context.random)
        }
        round.ask(problem)
        selected = nil
        phase = .asking
    }

    private func finishRound() -> Effect<Intent> {
        phase = .finished
        let elapsed = startedAt.map { context.now.timeIntervalSince($0) }
        duration = elapsed
        return .reportRound(RoundResult(score: round.correctCount, maximum: round.questionCount,
                                        summary: roundSummary,
                                        duration: elapsed))
    }

    private func learn(from problem: MathProblem) -> [Effect<Intent>] {
        guard preferences.practice else { return [] }
        func record(_ weights: inout PracticeWeights) {
            if problem.status == .correct { weights.recordRight(problem) } else { weights.recordWrong(problem) }
        }
        do {
            // Another launcher may be practising too: the answer is recorded on the file as it
            // is now, under its lock, so neither overwrites the other's progress.
            try context.storage.update(QuizConstants.practiceFile, format: QuizConstants.practiceFormat,
                                       empty: practice) { weights in
                record(&weights)
                practice = weights
            }
            return []
        } catch {
            record(&practice)
            return [.notify("Practice progress could not be saved: \(error)")]
        }
    }
}
