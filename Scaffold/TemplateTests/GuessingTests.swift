import GameHost
import GameHostTesting
@testable import Template
import Testing

// Unit tests: the model's rules, then the view model through the host (TestDriver sends
// intents the way keys would, and carries out the effects).
@Suite struct GuessingTests {
    @Test func aGuessIsJudgedAgainstTheSecret() {
        var round = Guessing(secret: 42, highest: 100)
        #expect(round.guess(10) == .tooLow)
        #expect(round.guess(50) == .tooHigh)
        #expect(round.guess(42) == .correct)
        #expect(round.isWon && round.guesses == [10, 50, 42])
    }

    @Test func aNumberOutOfRangeOrAfterTheWinIsNotAGuess() {
        var round = Guessing(secret: 3, highest: 10)
        #expect(round.guess(0) == nil && round.guess(11) == nil && round.guesses.isEmpty)
        #expect(round.guess(3) == .correct)
        #expect(round.guess(3) == nil && round.guesses == [3])
    }

    @Test func winningReportsTheRound() throws {
        let driver = try TestDriver(games: [GameEntry(TemplateGame.self)], play: TemplateGame.info.id)
        let secret = try #require(driver.model(TemplateViewModel.self)).round.secret
        for digit in String(secret) { driver.send(TemplateViewModel.Intent.type(Int(String(digit))!)) }
        driver.send(TemplateViewModel.Intent.guess)
        #expect(driver.text.contains("\(secret) it is!"))
    }
}
