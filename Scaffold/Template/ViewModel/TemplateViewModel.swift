import Foundation
import GameHost

/// The game's state and what a player may do. Every player action arrives as an `Intent`;
/// `handle` changes the state and returns the effects the host should carry out (here: report
/// a won round). The words the player reads are written here, and only here.
final class TemplateViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable {
        case type(Int)
        case erase
        case guess
        case newRound
    }

    /// What a trace records after each input (and what `--trace` writes).
    struct State: Encodable {
        let round: Guessing
        let entry: String
        let verdict: Guessing.Verdict?
    }

    private let preferences: GuessPreferences
    private let context: GameContext
    private(set) var round: Guessing
    /// The digits typed so far.
    private(set) var entry = ""
    private(set) var verdict: Guessing.Verdict?

    init(preferences: GuessPreferences, context: GameContext) {
        self.preferences = preferences
        self.context = context
        round = Self.newRound(preferences, context)
    }

    var state: State { State(round: round, entry: entry, verdict: verdict) }
    /// From the first guess until the secret is found: only then is there a round to resume.
    var roundInPlay: Bool? { !round.guesses.isEmpty && !round.isWon }

    // MARK: - What the view shows

    var prompt: String { "Type a guess from 1 to \(round.highest)" }
    /// The guess being typed, in its brackets: words and symbols are the view model's (D15).
    var entryText: String { "[ " + (entry.isEmpty ? "…" : entry) + " ]" }
    var feedback: String {
        switch verdict {
        case nil: "A new secret is ready."
        case .tooLow: "\(round.guesses.last!) is too low."
        case .tooHigh: "\(round.guesses.last!) is too high."
        case .correct: "\(round.secret) it is! Found in \(round.guesses.count) guesses."
        }
    }
    var history: [String] { round.guesses.map(String.init) }
    /// A digit can be typed while the number stays from 1 to the highest.
    func canType(_ digit: Int) -> Bool {
        guard !round.isWon, (0...9).contains(digit), let number = Int(entry + String(digit)) else { return false }
        return (1...round.highest).contains(number)
    }
    var canErase: Bool { !entry.isEmpty }
    var canGuess: Bool { !round.isWon && !entry.isEmpty }
    var isWon: Bool { round.isWon }

    // MARK: - Intents

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .type(let digit):
            guard canType(digit) else { return [] }
            entry += String(digit)
        case .erase:
            guard canErase else { return [] }
            entry.removeLast()
        case .guess:
            guard canGuess, let number = Int(entry) else { return [] }
            entry = ""
            guard let verdict = round.guess(number) else { return [] }
            self.verdict = verdict
            if verdict == .correct {
                let summary = "found \(round.secret) in \(round.guesses.count) guesses"
                return [.reportRound(RoundResult(score: round.score, summary: summary))]
            }
        case .newRound:
            round = Self.newRound(preferences, context)
            entry = ""
            verdict = nil
        }
        return []
    }

    /// The secret comes from the host's seeded random numbers, so `--seed` replays a round.
    private static func newRound(_ preferences: GuessPreferences, _ context: GameContext) -> Guessing {
        Guessing(secret: Int.random(in: 1...preferences.highest, using: &context.random), highest: preferences.highest)
    }
}
