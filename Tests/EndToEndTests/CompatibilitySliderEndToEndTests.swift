import Foundation
import Testing

/// A whole round of the compatibility slider in the real binary, in tmux.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"),
       .enabled(if: GameListing.has("compatibility-slider"), "the binary has no compatibility-slider"))
struct CompatibilitySliderEndToEndTests {
    /// Ada rates 1 3 5, Grace 2 3 3: differences 1 0 2, mean 1 → 20 → 80%.
    @Test func aFixedSeedRoundEndsOnTheResultAndInTheScores() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let tmux = try Tmux()
        tmux.shell("\(Tmux.binary) play compatibility-slider --seed 11 --data-dir \(data) --set topics=3"
            + " --set player1=Ada --set player2=Grace; echo done-$((40+2))")
        #expect(tmux.waitFor("Ada, what do you think about…"))
        #expect(tmux.capture().contains("│ ★ Ada │"))
        for (topic, keys) in [["1"], ["Right", "h"], ["l", "l"]].enumerated() {
            #expect(tmux.waitFor("Topic \(topic + 1) of 3"))
            tmux.send(keys[0])
            for key in keys.dropFirst() { tmux.send(key) }
            tmux.send("Enter")
        }
        #expect(tmux.waitFor("Grace, your turn — press Enter"))
        #expect(tmux.capture().contains("│ ★ Grace │"))
        tmux.send("Enter")
        for (topic, key) in ["2", "3", "3"].enumerated() {
            #expect(tmux.waitFor("Topic \(topic + 1) of 3"))
            #expect(tmux.waitFor("Grace, what do you think about…"))
            tmux.send(key)
            tmux.send("Enter")
        }
        #expect(tmux.waitFor("80%"))
        let screen = tmux.capture()
        #expect(screen.contains("Made for each other"))
        #expect(screen.contains("★ Ada") && screen.contains("★ Grace"))
        #expect(screen.contains("██░░░░░░░░ 1") && screen.contains("██████████ 5"))
        #expect(screen.contains("[ Enter One more round ]"))
        let scores = try String(contentsOfFile: "\(data)/compatibility-slider/scores.json", encoding: .utf8)
        // The names are kept whole, apart from the summary.
        #expect(scores.contains("\"summary\" : \"80% compatible\"") && scores.contains("\"Ada\"")
                && scores.contains("\"Grace\""))
        // The action key starts a new round; q twice goes back to the launcher, a third quits.
        tmux.send("Enter")
        #expect(tmux.waitFor("Topic 1 of 3"))
        tmux.send("q", "q", "q")
        #expect(tmux.waitFor("done-42"))
    }
}
