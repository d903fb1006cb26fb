@testable import ArithmeticQuiz
import GameHost
import GameHostTesting
import Testing

/// The round's progress marks keep their columns: a ✓ or ✗ takes the cells its "--" took,
/// so answering moves none of the marks after it.
@Suite struct ProgressMarksTests {
    /// The columns where each mark starts on the marks' row, and that row; the marks are
    /// "--", "✓" and "✗", one cell each, so a character's offset is its column.
    static func marks(_ driver: TestDriver) -> (row: Int, columns: [Int])? {
        for (row, line) in driver.lines.enumerated() where line.contains("--") {
            let characters = Array(line)
            let columns = characters.indices.filter { index in
                characters[index] == "✓" || characters[index] == "✗"
                    || characters[index] == "-" && (index == 0 || characters[index - 1] != "-")
            }
            return (row, columns)
        }
        return nil
    }

    @Test(arguments: [Size(width: 80, height: 24), Size(width: 36, height: 12), Size(width: 50, height: 15),
                      Size(width: 160, height: 48)])
    func answeringMovesNoMark(size: Size) throws {
        typealias Intent = QuizViewModel.Intent
        let driver = try TestDriver(games: [GameEntry(ArithmeticQuizGame.self)], play: "arithmetic-quiz",
                                    preferences: ["questions": .integer(5)], seed: 4, size: size)
        let quiz = try #require(driver.model(QuizViewModel.self))
        driver.send(Intent.advance)
        let asked = try #require(Self.marks(driver))
        let before = driver.lines[asked.row]
        #expect(asked.columns.count == 5)
        // Right, then wrong, then the third asked: each state of a mark once.
        driver.send(Intent.answer(try #require(quiz.problem).correctIndex))
        driver.send(Intent.advance)
        driver.send(Intent.answer((try #require(quiz.problem).correctIndex + 1) % 4))
        driver.send(Intent.advance)
        let later = try #require(Self.marks(driver))
        #expect(driver.lines[later.row].contains("✓") && driver.lines[later.row].contains("✗"))
        #expect(later.row == asked.row && later.columns == asked.columns,
                "before:\n\(before)\nafter:\n\(driver.lines[later.row])")
    }
}
