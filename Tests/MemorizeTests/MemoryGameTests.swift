import GameHost
@testable import Memorize
import Testing

/// The rules: choosing, matching, the scoring of seen cards, and the end of a game.
@Suite struct MemoryGameTests {
    /// Three pairs, "A", "B" and "C", dealt with a fixed seed.
    static func game(pairs: Int = 3, seed: UInt64 = 1) -> MemoryGame<String> {
        var random = SeededGenerator(seed: seed)
        return MemoryGame(numberOfPairs: pairs, using: &random) { ["A", "B", "C", "D", "E", "F"][$0] }
    }

    /// The positions of a content's two cards.
    static func pair(_ content: String, in game: MemoryGame<String>) -> (Int, Int) {
        let indices = game.cards.indices.filter { game.cards[$0].content == content }
        return (indices[0], indices[1])
    }

    @Test func dealsTwoCardsPerPairFaceDown() {
        let game = Self.game()
        #expect(game.cards.count == 6)
        #expect(game.pairCount == 3)
        #expect(game.cards.allSatisfy { !$0.isFaceUp && !$0.isMatched && !$0.hasBeenSeen })
        #expect(Set(game.cards.map(\.id)).count == 6)
        for content in ["A", "B", "C"] { #expect(game.cards.filter { $0.content == content }.count == 2) }
        #expect(game.score == 0)
        #expect(!game.isOver && !game.hasStarted)
    }

    @Test func theSameSeedDealsTheSameGameAndAnotherSeedShuffles() {
        #expect(Self.game(seed: 7) == Self.game(seed: 7))
        let orders = Set((1...10).map { Self.game(pairs: 6, seed: $0).cards.map(\.content) })
        #expect(orders.count > 1)
    }

    @Test func choosingTurnsACardFaceUp() {
        var game = Self.game()
        game.choose(0)
        #expect(game.cards[0].isFaceUp)
        #expect(game.lastOutcome == .turned)
        #expect(game.score == 0)
    }

    @Test func aMatchScoresTwoAndStaysUp() {
        var game = Self.game()
        let (a1, a2) = Self.pair("A", in: game)
        game.choose(a1)
        game.choose(a2)
        #expect(game.cards[a1].isMatched && game.cards[a2].isMatched)
        #expect(game.cards[a1].isFaceUp && game.cards[a2].isFaceUp)
        #expect(game.lastOutcome == .matched)
        #expect(game.score == 2)
        #expect(game.matchedPairCount == 1)
    }

    @Test func aMismatchOfUnseenCardsCostsNothingAndStaysUpUntilTheNextChoice() {
        var game = Self.game()
        let (a1, _) = Self.pair("A", in: game)
        let (b1, _) = Self.pair("B", in: game)
        let (c1, _) = Self.pair("C", in: game)
        game.choose(a1)
        game.choose(b1)
        #expect(game.lastOutcome == .mismatched)
        #expect(game.score == 0)
        #expect(game.cards[a1].isFaceUp && game.cards[b1].isFaceUp)
        game.choose(c1)
        #expect(!game.cards[a1].isFaceUp && !game.cards[b1].isFaceUp)
        #expect(game.cards[a1].hasBeenSeen && game.cards[b1].hasBeenSeen)
        #expect(game.cards[c1].isFaceUp && !game.cards[c1].hasBeenSeen)
    }

    /// The worked example: a match +2, then a mismatch of two seen cards −2, and the score
    /// goes below zero.
    @Test func workedExample() {
        var game = Self.game()
        let (a1, a2) = Self.pair("A", in: game)
        let (b1, b2) = Self.pair("B", in: game)
        let (c1, c2) = Self.pair("C", in: game)
        game.choose(a1)
        game.choose(a2)
        #expect(game.score == 2)
        // B1 and C1 are seen together, then turned down by the next choice.
        game.choose(b1)
        game.choose(c1)
        #expect(game.score == 2)
        game.choose(b2)
        game.choose(c2)
        #expect(game.score == 2, "B2 and C2 were never seen: no penalty")
        // Now every B and C card has been seen: B1 with C2 costs one point for each.
        game.choose(b1)
        #expect(!game.cards[b2].isFaceUp && !game.cards[c2].isFaceUp)
        game.choose(c2)
        #expect(game.lastOutcome == .mismatched)
        #expect(game.score == 0)
        game.choose(c1)
        game.choose(b2)
        #expect(game.score == -2, "the score may go negative")
        // A match still scores: B1 and B2.
        game.choose(b1)
        #expect(game.cards[c1].hasBeenSeen)
        game.choose(b2)
        #expect(game.score == 0)
        game.choose(c1)
        game.choose(c2)
        #expect(game.score == 2)
        #expect(game.isOver)
    }

    @Test func aMismatchOfOneSeenCardCostsOne() {
        var game = Self.game()
        let (a1, a2) = Self.pair("A", in: game)
        let (b1, _) = Self.pair("B", in: game)
        game.choose(a1)
        game.choose(b1)
        game.choose(a2)        // turns A1 and B1 down: both seen
        #expect(game.score == 0)
        game.choose(b1)        // A2 (not seen) against B1 (seen)
        #expect(game.score == -1)
    }

    @Test func faceUpAndMatchedCardsCannotBeChosen() {
        var game = Self.game()
        let (a1, a2) = Self.pair("A", in: game)
        game.choose(a1)
        #expect(!game.canChoose(a1))
        let before = game
        game.choose(a1)
        #expect(game == before)
        game.choose(a2)
        #expect(!game.canChoose(a1) && !game.canChoose(a2))
        let matched = game
        game.choose(a2)
        #expect(game == matched)
        #expect(!game.canChoose(-1) && !game.canChoose(game.cards.count))
    }

    @Test func theGameIsOverWhenEveryCardIsMatched() {
        var game = Self.game(pairs: 4)
        for content in ["A", "B", "C", "D"] {
            #expect(!game.isOver)
            let (first, second) = Self.pair(content, in: game)
            game.choose(first)
            game.choose(second)
        }
        #expect(game.isOver)
        #expect(game.score == 8)
        #expect(game.matchedPairCount == 4)
        #expect(game.cards.allSatisfy { $0.isMatched })
        #expect(game.cards.filter(\.isFaceUp).map(\.content) == ["D", "D"], "the last match is still face up")
    }

    /// CS193p: a match stays face up until the next choice turns it down with the rest.
    @Test func aMatchTurnsDownAtTheNextChoice() {
        var game = Self.game()
        let (a1, a2) = Self.pair("A", in: game)
        let (b1, _) = Self.pair("B", in: game)
        game.choose(a1)
        game.choose(a2)
        game.choose(b1)
        #expect(game.cards[a1].isMatched && !game.cards[a1].isFaceUp && !game.cards[a2].isFaceUp)
        #expect(game.cards.filter(\.isFaceUp).map(\.id) == [game.cards[b1].id])
    }
}
