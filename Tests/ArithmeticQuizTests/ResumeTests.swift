@testable import ArithmeticQuiz
import Foundation
import GameHost
import GameHostTesting
import Testing

/// Resume: a round left in the middle, whichever way, comes back as the player left it.
@Suite struct QuizResumeTests {
    let games = [GameEntry(ArithmeticQuizGame.self)]

    @Test(arguments: ResumeCheck.Stop.allCases)
    func theSameQuestionAndRowComeBack(_ stop: ResumeCheck.Stop) throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try ResumeCheck.run(games, game: "arithmetic-quiz", keys: [.enter, .digit(2), .enter, .digit(1)],
                                          stop: stop, dataDirectory: directory)
        #expect(outcome.offered == "host.resume")
        #expect(outcome.before.contains("Question 2 of 5"))
        #expect(outcome.after == outcome.before)
    }

    /// Practice draws problems from weights saved during the round: the replay reads them as
    /// the journal recorded them, writes nothing, and the weights on disk stay as they were.
    @Test func practiceResumesWithoutSavingTheWeightsAgain() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let keys: [Key] = [.enter, .digit(1), .enter, .digit(2), .enter, .digit(3), .enter]
        let practice = directory + "/arithmetic-quiz/" + QuizConstants.practiceFile
        var weightsBefore: Data?
        var stamp: Date?
        let outcome = try ResumeCheck.run(games, game: "arithmetic-quiz", keys: keys, stop: .endOfInput,
                                          preferences: ["practice": .toggle(true)], dataDirectory: directory) {
            weightsBefore = FileManager.default.contents(atPath: practice)
            stamp = try? FileManager.default.attributesOfItem(atPath: practice)[.modificationDate] as? Date
        }
        #expect(weightsBefore != nil)
        #expect(outcome.after == outcome.before)
        #expect(FileManager.default.contents(atPath: practice) == weightsBefore)
        #expect((try? FileManager.default.attributesOfItem(atPath: practice)[.modificationDate] as? Date) == stamp)
    }
}
