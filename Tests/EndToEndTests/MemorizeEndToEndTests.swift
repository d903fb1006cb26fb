import Foundation
import Testing

/// Memorize in the real binary, in a real terminal (tmux).
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"),
       .enabled(if: GameListing.has("memorize"), "the binary has no memorize"))
struct MemorizeEndToEndTests {
    /// Edit a theme (rename it, paste an emoji), quit, start the launcher again on the same
    /// data, and find the edit.
    @Test func anEditedThemeIsThereAfterARestart() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let tmux = try Tmux()
        tmux.shell("\(Tmux.binary) --data-dir \(data); echo first-$((40+2))")
        try open(tmux)

        tmux.send("e")
        #expect(tmux.waitFor("Edit: d delete"))
        tmux.send("Down", "Enter")
        #expect(tmux.waitFor("[Animals]▏"), "the name is selected on entry")
        for _ in 0..<7 { tmux.send("BSpace") }
        tmux.send("Zoo", literal: true)
        #expect(tmux.waitFor("Zoo▏"))
        tmux.send("Down")
        tmux.send("🦄", literal: true)
        #expect(tmux.waitFor("Added 🦄"))
        tmux.send("Escape")
        #expect(tmux.waitFor("Edit: d delete"))
        tmux.send("Escape")
        #expect(tmux.waitFor("Choose a theme"))
        #expect(tmux.capture().contains("Zoo"))
        tmux.send("q", "q", "q")
        #expect(tmux.waitFor("first-42"))

        tmux.shell("clear; \(Tmux.binary) --data-dir \(data); echo second-$((40+2))")
        try open(tmux)
        #expect(tmux.capture().contains("Zoo"))
        #expect(!tmux.capture().contains("Animals"))
        tmux.send("e")
        #expect(tmux.waitFor("Edit: d delete"))
        tmux.send("Down", "Enter")
        #expect(tmux.waitFor("[Zoo]▏"))
        #expect(tmux.capture().contains("🦄"))
        tmux.send("Escape", "Escape")
        #expect(tmux.waitFor("Choose a theme"))
        tmux.send("q", "q", "q")
        #expect(tmux.waitFor("second-42"))

        let saved = try String(contentsOfFile: "\(data)/memorize/themes.json", encoding: .utf8)
        #expect(saved.contains("\"name\" : \"Zoo\""))
        #expect(saved.contains("🦄"))
    }

    /// A theme's name edited in the middle with the arrow keys, Home, End and Delete as the
    /// terminal sends them, and a paste at the cursor; the edit is saved.
    @Test func aThemeNameIsEditedInTheMiddle() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let tmux = try Tmux()
        tmux.shell("\(Tmux.binary) --data-dir \(data); echo done-$((40+2))")
        try open(tmux)
        tmux.send("e")
        #expect(tmux.waitFor("Edit: d delete"))
        tmux.send("Down", "Enter")
        #expect(tmux.waitFor("[Animals]▏"))
        tmux.send("Left")
        #expect(tmux.waitFor("Name       ▏Animals"), "← keeps the name, cursor at its start")
        tmux.send("Right", "Right", "Right")
        tmux.send("X", literal: true)
        #expect(tmux.waitFor("AniX▏mals"))
        tmux.send("DC", "BSpace")
        #expect(tmux.waitFor("Ani▏als"))
        _ = try Tmux.run(["set-buffer", "🐦 "])
        _ = try Tmux.run(["paste-buffer", "-p", "-t", tmux.name])
        #expect(tmux.waitFor("Ani🐦 ▏als"), "a paste goes in at the cursor")
        tmux.send("Home", "DC", "End", "BSpace")
        #expect(tmux.waitFor("Name       ni🐦 al▏"))
        tmux.send("C-a")
        tmux.send("M", literal: true)
        #expect(tmux.waitFor("Name       M▏ni🐦 al"))
        tmux.send("Escape")
        #expect(tmux.waitFor("Edit: d delete"))
        tmux.send("Escape")
        #expect(tmux.waitFor("Mni🐦 al"))
        tmux.send("q", "q", "q")
        #expect(tmux.waitFor("done-42"))
        let saved = try String(contentsOfFile: "\(data)/memorize/themes.json", encoding: .utf8)
        #expect(saved.contains("\"name\" : \"Mni🐦 al\""))
    }

    /// From the launcher menu: Memorize's preferences form, then Play, to the chooser (the
    /// start of a new game, when the launcher offers to resume the last one).
    private func open(_ tmux: Tmux) throws {
        #expect(tmux.waitFor("Memorize"))
        tmux.send("2")
        #expect(tmux.waitFor("Start with"))
        tmux.send("Enter")
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline, !tmux.capture().contains("Choose a theme") {
            if tmux.capture().contains("was left unfinished") { tmux.send("n") }
            usleep(50_000)
        }
        #expect(tmux.waitFor("Choose a theme"))
    }
}
