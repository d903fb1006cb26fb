@testable import Memorize
import Foundation
import GameHost
import GameHostTesting
import Testing

/// Resume: the same cards face up and matched, the same score.
@Suite struct MemorizeResumeTests {
    let games = [GameEntry(MemorizeGame.self)]
    /// Into the first theme's game, then turning cards along the top row.
    let keys: [Key] = [.enter, .enter, .right, .enter, .right, .enter, .down, .enter, .left, .enter]

    @Test(arguments: ResumeCheck.Stop.allCases)
    func theSameCardsAndScoreComeBack(_ stop: ResumeCheck.Stop) throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try ResumeCheck.run(games, game: "memorize", keys: keys, stop: stop, dataDirectory: directory)
        #expect(outcome.offered == "host.resume")
        #expect(outcome.after == outcome.before)
        if stop == .back {
            // Back went through the chooser, which resumes the game in progress.
            outcome.driver.press(.enter)
        }
        #expect(outcome.driver.screenID == "memorize.game")
        #expect(outcome.driver.text.contains("Score"))
    }

    /// A game of three comes back with the same player on turn and the same points each.
    @Test(arguments: ResumeCheck.Stop.allCases)
    func aGameOfThreeComesBackWithItsTurnAndPoints(_ stop: ResumeCheck.Stop) throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try ResumeCheck.run(games, game: "memorize", keys: keys, stop: stop,
                                          preferences: ["players": .integer(3)], dataDirectory: directory)
        #expect(outcome.offered == "host.resume")
        #expect(outcome.after == outcome.before)
        if stop == .back { outcome.driver.press(.enter) }
        let game = try #require(outcome.driver.game)
        #expect(game.players == 3 && game.turn != nil && game.roundInPlay == true)
        #expect(outcome.driver.text.contains("'s turn"))
    }

    /// A theme edited since the game was left: the resume is refused with the reason.
    @Test func aThemeEditedSinceRefusesTheResume() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try ResumeCheck.run(games, game: "memorize", keys: keys, stop: .endOfInput,
                                          dataDirectory: directory) {
            // Another launcher renames the first theme meanwhile.
            let other = try? TestDriver(games: games, play: "memorize", dataDirectory: directory)
            other?.press(.character("e"), .enter)
            other?.type("X")
            other?.press(.escape, .escape)
        }
        #expect(outcome.offered == "host.resume")
        #expect(outcome.driver.screenID == "memorize.chooser")
        #expect(outcome.notices.contains { $0.contains("could not be resumed") && $0.contains("themes.json changed") })
    }
}
