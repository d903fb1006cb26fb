import Foundation
import Testing

/// The mouse and bracketed paste in the real binary, in a real terminal: clicks are sent as
/// the SGR bytes a terminal writes (`tmux send-keys -l`), at cells found on the screen.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"))
struct MouseEndToEndTests {
    /// Clicks the first cell showing `text`; false when it is not on the screen.
    @discardableResult
    func click(_ tmux: Tmux, _ text: String, offset: Int = 0) -> Bool {
        guard tmux.waitFor(text, timeout: 10), let place = locate(text, in: tmux.capture()) else { return false }
        tmux.send("\u{1B}[<0;\(place.column + offset + 1);\(place.row + 1)M\u{1B}[<0;\(place.column + offset + 1);\(place.row + 1)m",
                  literal: true)
        return true
    }

    /// Where text is on a captured screen, in cells (emoji and wide characters take two).
    func locate(_ text: String, in screen: String) -> (column: Int, row: Int)? {
        for (row, line) in screen.components(separatedBy: "\n").enumerated() {
            guard let range = line.range(of: text) else { continue }
            let column = line[..<range.lowerBound].reduce(0) { $0 + (Self.isWide($1) ? 2 : 1) }
            return (column, row)
        }
        return nil
    }

    static func isWide(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first?.value else { return false }
        return scalar >= 0x1F300 || (0x1100...0x115F).contains(scalar) || (0x2E80...0xA4CF).contains(scalar)
            || (0xAC00...0xD7A3).contains(scalar) || (0xF900...0xFAFF).contains(scalar)
            || (0xFF00...0xFF60).contains(scalar) || character.unicodeScalars.contains("\u{FE0F}")
    }

    func launch(_ tmux: Tmux, _ data: String, _ arguments: String = "") {
        tmux.shell("\(Tmux.binary) --seed 3 --data-dir \(data) \(arguments); echo done-$((40+2))")
    }

    @Test func clicksPickAGameAndAnswerTheQuiz() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let tmux = try Tmux()
        launch(tmux, data)
        #expect(tmux.waitFor("Arithmetic Quiz"))
        #expect(tmux.variable("mouse_any_flag") == "1" && tmux.variable("mouse_sgr_flag") == "1")
        #expect(click(tmux, "Arithmetic Quiz"))
        #expect(tmux.waitFor("▶ Play"))
        #expect(click(tmux, "▶ Play"))
        #expect(click(tmux, "Start"), "the quiz's main button")
        #expect(tmux.waitFor("Pick an answer"))
        #expect(click(tmux, "╭", offset: 3), "the first answer's box")
        #expect(tmux.waitUntilGone("Pick an answer"), "answered: Right! or Not quite")
        tmux.send("C-c")
        #expect(tmux.waitFor("done-42"))
        #expect(tmux.variable("mouse_any_flag") == "0")
    }

    @Test func aClickTurnsAMemorizeCard() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let tmux = try Tmux()
        launch(tmux, data)
        #expect(click(tmux, "Memorize"))
        #expect(click(tmux, "▶ Play"))
        #expect(tmux.waitFor("Choose a theme"))
        tmux.send("Enter")
        #expect(tmux.waitFor("Find the pairs"))
        // The first card's back, under the status line.
        let screen = tmux.capture()
        let lines = screen.components(separatedBy: "\n")
        let row = try #require(lines.indices.dropFirst(2).first { lines[$0].contains("╭") })
        let column = try #require(locate("╭", in: lines[row...].joined(separator: "\n"))).column
        tmux.send("\u{1B}[<0;\(column + 3);\(row + 2)M", literal: true)
        #expect(tmux.waitFor("Now find its partner"))
        tmux.send("C-c")
        #expect(tmux.waitFor("done-42"))
    }

    @Test func aClickSetsTheSliderAndAPasteNamesAPlayer() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let tmux = try Tmux()
        launch(tmux, data)
        #expect(click(tmux, "Compatibility Slider"))
        #expect(click(tmux, "‹ Player 1 ›", offset: 4))
        #expect(tmux.waitFor("[Player 1]"), "editing, the whole name selected")
        for _ in 0..<8 { tmux.send("BSpace") }
        tmux.send("\u{1B}[200~Bob\rAlice\u{1B}[201~", literal: true)
        #expect(tmux.waitFor("Bob Alice▏"), "the line break became a space and ran nothing")
        tmux.send("Enter")
        #expect(tmux.waitFor("‹ Bob Alice ›"))
        #expect(click(tmux, "▶ Play"))
        #expect(tmux.waitFor("Bob Alice"))
        #expect(click(tmux, "😍"), "the last face, over the end of the track")
        #expect(tmux.waitFor("5 · great"))
        tmux.send("q")
        tmux.send("q")
        tmux.send("q")
        #expect(tmux.waitFor("done-42"))
        #expect(tmux.variable("mouse_any_flag") == "0")
    }

    /// Snake's Play again, on the banner after a crash, is a button: a click plays again.
    @Test func aClickOnSnakesPlayAgainStartsANewRound() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let tmux = try Tmux()
        // Speed 1: a step every 250 ms, so the new round is far from its own crash when looked at.
        tmux.shell("\(Tmux.binary) play snake --seed 3 --set speed=1 --data-dir \(data); echo done-$((40+2))")
        #expect(tmux.waitFor("points 0"))
        tmux.send("Down")
        #expect(click(tmux, "Play again"), "the round ends at the bottom wall:\n\(tmux.capture())")
        #expect(tmux.waitUntilGone("Play again"), "the click started a new round:\n\(tmux.capture())")
        #expect(!tmux.capture().contains("Game over"))
        tmux.send("C-c")
        #expect(tmux.waitFor("done-42"))
    }

    @Test func noMouseLeavesTheTerminalItsSelection() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let tmux = try Tmux()
        launch(tmux, data, "--no-mouse")
        #expect(tmux.waitFor("Arithmetic Quiz"))
        #expect(tmux.variable("mouse_any_flag") == "0")
        tmux.send("C-c")
        #expect(tmux.waitFor("done-42"))
    }
}
