#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// One game of Memorize with one theme: the model, the cursor, and what the player may do.
final class GameViewModel: ViewModel {
    enum Direction: String, Codable, Sendable, CaseIterable {
        case up, down, left, right
    }

    enum Intent: Codable, Sendable, Equatable {
        case move(Direction)
        case choose
        case newGame
        /// A click on a card: the cursor goes there and the card is turned.
        case chooseCard(Int)
    }

    struct State: Encodable {
        let theme: String
        let score: Int
        let cursor: Int
        /// Each card as the player sees it: its emoji when face up, else "back" or "matched".
        let cards: [String]
        let isOver: Bool
        /// With two or more players (absent for one): each one's points and pairs, and who is on turn.
        let players: [Turns.Tally]?
        let turn: Int?
    }

    let matchedCards: MemorizePreferences.MatchedCards
    /// How many take turns at the board: 1 plays alone, as the game always did.
    let players: Int
    let context: GameContext
    /// Where the round is kept after every change, so the chooser can resume it.
    private let shelf: RoundShelf
    private(set) var round: Round {
        didSet { shelf.keep(round) }
    }

    /// Resumes the theme's round in progress, or deals a new one.
    init(theme: Theme, matchedCards: MemorizePreferences.MatchedCards, context: GameContext, shelf: RoundShelf,
         players: Int = 1) {
        self.matchedCards = matchedCards
        self.players = max(1, players)
        self.context = context
        self.shelf = shelf
        // A round kept for another number of players is not this game's: deal anew.
        round = shelf.round(for: theme).flatMap { ($0.turns?.count ?? 1) == max(1, players) ? $0 : nil }
            ?? Self.newRound(theme, players: players, context: context)
        shelf.keep(round)
    }

    private static func newRound(_ theme: Theme, players: Int, context: GameContext) -> Round {
        Round(theme: theme, game: deal(theme, using: &context.random), startedAt: context.now,
              turns: players > 1 ? Turns(players: players) : nil)
    }

    /// The theme as it was when this round was dealt.
    var theme: Theme { round.theme }
    var game: MemoryGame<String> { round.game }
    var cursor: Int { round.cursor }
    /// The points the last choice won or lost.
    var lastChange: Int { round.lastChange }

    /// Deals the theme's number of pairs from its emojis, picked at random when there are more;
    /// never two that look alike (`Theme.distinctLooking`).
    private static func deal(_ theme: Theme, using random: inout SeededGenerator) -> MemoryGame<String> {
        let candidates = Theme.distinctLooking(theme.emojis)
        let pairs = min(theme.pairCount, candidates.count)
        let emojis = Array(candidates.shuffled(using: &random).prefix(pairs))
        return MemoryGame(numberOfPairs: pairs, using: &random) { emojis[$0] }
    }

    var state: State {
        State(theme: theme.name, score: game.score, cursor: cursor,
              cards: game.cards.map { $0.isMatched ? "matched" : $0.isFaceUp ? $0.content : "back" },
              isOver: game.isOver, players: round.turns?.tallies, turn: round.turns?.current)
    }

    /// From the first card turned to the last pair found.
    var roundInPlay: Bool? { game.hasStarted && !game.isOver }

    // MARK: - Derived values for the view

    var cards: [MemoryGame<String>.Card] { game.cards }
    var score: Int { game.score }

    /// Cards per row of the board. It depends on the number of cards only, not on the
    /// terminal, so ↑/↓ always mean the same card; the view picks the card size that fits.
    var columns: Int {
        let count = game.cards.count
        guard count > 0 else { return 1 }
        let ideal = Int((Double(count) * 1.5).squareRoot().rounded(.up))
        let limit = MemorizeConstants.maximumColumns
        let clamped = min(limit, max(2, ideal))
        // A full last row looks best: prefer a nearby column count that divides the cards.
        let even = [clamped, clamped + 1, clamped - 1].first { (2...limit).contains($0) && count % $0 == 0 }
        return min(count, even ?? clamped)
    }

    var rows: Int { (game.cards.count + columns - 1) / columns }
    var canChoose: Bool { game.canChoose(cursor) }

    func canMove(_ direction: Direction) -> Bool { target(direction) != nil }

    /// What Enter does at the end, in the words every game's end uses.
    static let playAgainLabel = "play again"

    var status: String {
        "Score \(game.score) · \(game.matchedPairCount) of \(game.pairCount) pairs"
    }

    /// Whether a matched card is cleared from the board: with "matched: hide", once the
    /// next choice has turned it down (until then both cards of a match show).
    func isCleared(_ card: MemoryGame<String>.Card) -> Bool {
        matchedCards == .hide && card.isMatched && !card.isFaceUp
    }

    /// One line on what just happened.
    var message: Prose<Intent> {
        if let turns = round.turns { return playersMessage(turns) }
        if game.isOver { return "All pairs found! Final score \(game.score). \(key: .newGame) plays again." }
        switch game.lastOutcome {
        case nil: return "Find the pairs! \(key: .choose) turns a card."
        case .turned: return "Now find its partner."
        case .matched: return "A match! +\(lastChange)"
        case .mismatched: return lastChange < 0 ? "No match: \(lastChange) for cards seen before." : "No match."
        }
    }

    // MARK: - Intents

    func handle(_ intent: Intent) -> [Effect<Intent>] { handle(intent, from: nil) }

    /// Nil is the player on turn (one terminal); in a room a seat not on turn is ignored.
    func handle(_ intent: Intent, from seat: Seat?) -> [Effect<Intent>] {
        guard mayAct(seat) else { return [] }
        switch intent {
        case .move(let direction):
            if let target = target(direction) { round.cursor = target }
        case .choose:
            guard game.canChoose(cursor) else { return [] }
            let before = game.score
            round.game.choose(cursor)
            round.lastChange = game.score - before
            // Read first: the arguments may not read `round` while `record` changes it.
            let outcome = game.lastOutcome, change = round.lastChange
            round.turns?.record(outcome, change: change)
            if game.isOver { return [roundResult()] }
        case .chooseCard(let index):
            guard game.canChoose(index) else { return [] }
            round.cursor = index
            return handle(.choose)
        case .newGame:
            round = Self.newRound(theme, players: players, context: context)
        }
        return []
    }

    /// The card a move lands on; down from a row above a short last row lands on its last card.
    private func target(_ direction: Direction) -> Int? {
        let count = game.cards.count
        let column = cursor % columns
        switch direction {
        case .left: return column > 0 ? cursor - 1 : nil
        case .right: return column < columns - 1 && cursor + 1 < count ? cursor + 1 : nil
        case .up: return cursor >= columns ? cursor - columns : nil
        case .down:
            if cursor + columns < count { return cursor + columns }
            return cursor / columns < rows - 1 ? count - 1 : nil
        }
    }

    private func roundResult() -> Effect<Intent> {
        let duration = context.now.timeIntervalSince(round.startedAt)
        if let best = ranking.first {
            // Several players: the round's score is the winner's, and each seat's is its own
            // (a room records each player with theirs).
            return .reportRound(RoundResult(score: best.tally.points, maximum: game.pairCount * MemoryGame<String>.pointsForMatch,
                                            summary: "\(winnerText) · \(theme.name), \(players) players",
                                            duration: duration, seatScores: tallies.map(\.points)))
        }
        return .reportRound(RoundResult(score: game.score, maximum: game.pairCount * MemoryGame<String>.pointsForMatch,
                                        summary: "\(game.score) points with \(theme.name), \(game.pairCount) pairs",
                                        duration: duration))
    }
}
