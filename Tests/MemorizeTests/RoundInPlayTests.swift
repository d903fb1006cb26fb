@testable import Memorize
import Foundation
import GameHost
import GameHostTesting
import Testing

/// A Memorize round is in play from the first card turned to the last pair found, on the
/// game screen or kept for its theme by the chooser; browsing and editing themes are none.
@Suite struct MemorizeRoundInPlayTests {
    let games = [GameEntry(MemorizeGame.self)]

    func offered(after keys: [Key], stop: ResumeCheck.Stop) throws -> (String?, Bool) {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var kept = false
        let outcome = try ResumeCheck.run(games, game: "memorize", keys: keys, stop: stop, dataDirectory: directory) {
            // Before the game opens again (its new journal records the themes it reads).
            kept = FileManager.default.fileExists(atPath: directory + "/memorize/journal.jsonl")
        }
        return (outcome.offered, kept)
    }

    /// A kill leaves the journal where it was; it still offers nothing (audit N6).
    @Test(arguments: ResumeCheck.Stop.allCases)
    func aKeyOnTheChooserLeavesNothingToResume(_ stop: ResumeCheck.Stop) throws {
        let (screen, journal) = try offered(after: [.down, .down], stop: stop)
        #expect(screen == "memorize.chooser")
        #expect(!journal || stop == .killedMidWrite)
    }

    @Test func aThemeAddedAndTheEditorClosedLeaveNothingToResume() throws {
        let (screen, journal) = try offered(after: [.character("a"), .character("Z"), .escape], stop: .controlC)
        #expect(screen == "memorize.chooser")
        #expect(!journal)
    }

    @Test(arguments: ResumeCheck.Stop.allCases)
    func aGameOpenedButNotPlayedLeavesNothingToResume(_ stop: ResumeCheck.Stop) throws {
        let (screen, _) = try offered(after: [.enter, .right, .down], stop: stop)
        #expect(screen == "memorize.chooser")
    }

    @Test func theGameScreenSaysSoFromTheFirstCard() throws {
        let driver = try TestDriver(games: games, play: "memorize")
        let chooser = try #require(driver.model(ChooserViewModel.self))
        driver.press(.enter)
        let game = try #require(driver.model(GameViewModel.self))
        #expect(game.roundInPlay == false && chooser.roundInPlay == false)
        driver.press(.enter)
        #expect(game.roundInPlay == true)
        driver.press(.escape)
        #expect(chooser.roundInPlay == true, "the chooser keeps the round for its theme")
    }

    @Test func aFinishedGameIsNoRound() throws {
        let driver = try TestDriver(games: games, play: "memorize")
        driver.press(.enter)
        let game = try #require(driver.model(GameViewModel.self))
        // Every pair, found by its content.
        for index in game.cards.indices where !game.cards[index].isMatched {
            guard let partner = game.cards.indices.first(where: {
                $0 != index && game.cards[$0].content == game.cards[index].content
            }) else { continue }
            driver.send(GameViewModel.Intent.chooseCard(index))
            driver.send(GameViewModel.Intent.chooseCard(partner))
        }
        #expect(game.game.isOver)
        #expect(game.roundInPlay == false)
    }
}
