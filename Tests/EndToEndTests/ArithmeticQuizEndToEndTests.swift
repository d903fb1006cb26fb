import Foundation
import Testing

/// A full round of the arithmetic quiz in a real terminal, read off the screen like a player.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"),
       .enabled(if: GameListing.has("arithmetic-quiz"), "the binary has no arithmetic-quiz"))
struct ArithmeticQuizEndToEndTests {
    /// Reads "a × b = ?" and the four buttons, and returns the key of the right answer.
    static func rightKey(_ screen: String) -> String? {
        let lines = screen.components(separatedBy: "\n")
        guard let problem = lines.first(where: { $0.contains("= ?") }) else { return nil }
        let parts = problem.split(separator: " ")
        guard parts.count >= 3, let a = Int(parts[0]), let b = Int(parts[2]) else { return nil }
        let answer = parts[1] == "×" ? a * b : a + b
        // Buttons read "│ 1  96 │" (wide) or "[1 96]" (narrow).
        for line in lines where line.contains("│ 1") || line.contains("[1 ") {
            let cells = line.split(whereSeparator: { "│[]".contains($0) }).map { $0.split(separator: " ") }
            for cell in cells where cell.count == 2 && Int(cell[1]) == answer {
                return String(cell[0])
            }
        }
        return nil
    }

    @Test func aSeededRoundOfThreeEndsWithAPerfectScore() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let tmux = try Tmux()
        tmux.shell("\(Tmux.binary) play arithmetic-quiz --seed 12 --set questions=3 --data-dir \(data)")
        #expect(tmux.waitFor("Press Enter to start"))
        tmux.send("Enter")
        for question in 1...3 {
            #expect(tmux.waitFor("Question \(question) of 3"))
            #expect(tmux.waitFor("= ?"))
            let key = try #require(Self.rightKey(tmux.capture()), "the screen shows a problem and its choices")
            tmux.send(key)
            #expect(tmux.waitUntilGone("= ?"))
            #expect(!tmux.capture().contains("Not quite"))
            if question < 3 { tmux.send("Enter") }
        }
        #expect(tmux.waitFor("Finished in") && tmux.capture().contains("3 of 3 correct"))
        // Each mark in the two cells its "--" took.
        #expect(tmux.capture().contains("✓   ✓   ✓"))
        // The round is in the game's scores, s on its form; two q from there are the shell.
        tmux.send("q", "s")
        #expect(tmux.waitFor("1. 3 of 3 correct"))
        tmux.send("q", "q")
        #expect(tmux.waitFor("$"))
    }
}
