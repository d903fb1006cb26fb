#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The rules of a memory game over any kind of card content: pairs of cards, shuffled,
/// turned up two at a time, scored +2 for a match and −1 for each already-seen card in a
/// mismatch. Knows nothing of emoji, terminals or themes.
struct MemoryGame<CardContent: Equatable & Codable & Sendable>: Equatable, Codable, Sendable {
    struct Card: Identifiable, Equatable, Codable, Sendable {
        let id: Int
        let content: CardContent
        fileprivate(set) var isFaceUp = false
        fileprivate(set) var isMatched = false
        /// True once the card has been face up and turned back down: the player has seen it,
        /// so failing to match it costs a point.
        fileprivate(set) var hasBeenSeen = false
    }

    enum Outcome: String, Equatable, Codable, Sendable {
        /// One card is face up, waiting for its partner.
        case turned
        case matched
        case mismatched
    }

    static var pointsForMatch: Int { 2 }
    static var penaltyPerSeenCard: Int { 1 }

    private(set) var cards: [Card]
    private(set) var score = 0
    /// What the last choice did; nil before the first one.
    private(set) var lastOutcome: Outcome?

    /// Two cards per pair, shuffled with the given generator (the host's seeded one).
    init(numberOfPairs: Int, using generator: inout some RandomNumberGenerator,
         content: (Int) -> CardContent) {
        var cards: [Card] = []
        for pair in 0..<max(0, numberOfPairs) {
            let content = content(pair)
            cards.append(Card(id: pair * 2, content: content))
            cards.append(Card(id: pair * 2 + 1, content: content))
        }
        self.cards = cards.shuffled(using: &generator)
    }

    var pairCount: Int { cards.count / 2 }
    var matchedPairCount: Int { cards.filter(\.isMatched).count / 2 }
    var isOver: Bool { cards.allSatisfy(\.isMatched) }
    var hasStarted: Bool { lastOutcome != nil }

    /// Only a face-down, unmatched card can be chosen.
    func canChoose(_ index: Int) -> Bool {
        cards.indices.contains(index) && !cards[index].isFaceUp && !cards[index].isMatched
    }

    /// The unmatched cards that are face up now: none, one waiting card, or a mismatched pair.
    private var faceUpUnmatched: [Int] {
        cards.indices.filter { cards[$0].isFaceUp && !cards[$0].isMatched }
    }

    mutating func choose(_ index: Int) {
        guard canChoose(index) else { return }
        let waiting = faceUpUnmatched
        if waiting.count == 1, let other = waiting.first {
            cards[index].isFaceUp = true
            if cards[index].content == cards[other].content {
                cards[index].isMatched = true
                cards[other].isMatched = true
                score += Self.pointsForMatch
                lastOutcome = .matched
            } else {
                for card in [index, other] where cards[card].hasBeenSeen {
                    score -= Self.penaltyPerSeenCard
                }
                lastOutcome = .mismatched
            }
        } else {
            // A mismatched pair (or nothing) is showing: it turns down before this card turns up.
            for card in waiting {
                cards[card].isFaceUp = false
                cards[card].hasBeenSeen = true
            }
            // So does the last match, left face up until now so both its cards were seen.
            for card in cards.indices where cards[card].isMatched {
                cards[card].isFaceUp = false
            }
            cards[index].isFaceUp = true
            lastOutcome = .turned
        }
    }
}
