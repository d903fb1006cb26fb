import Foundation
import GameHost
import GameHostTesting
@testable import Memorize
import Testing

/// A themes file written by someone hostile: names and emojis with escape sequences, C0 and
/// C1 controls, bidi overrides, 10,000 characters, hundreds of combining marks. Every screen
/// shows them inert and inside the terminal; what is not an emoji is not kept as one.
@Suite struct HostileThemeTests {
    static let marks = String(repeating: "\u{0301}", count: 500)
    static let names = [
        "CSI \u{1B}[2J\u{1B}[H wiped", "OSC \u{1B}]0;pwned\u{7} title", "OSC52 \u{1B}]52;c;aGk=\u{1B}\\ clip",
        "DCS \u{1B}P1$r\u{1B}\\ dcs", "alt screen \u{1B}[?1049l off", "C0 \u{7}\u{8}\u{B}\u{C}\r\n\t\u{0}\u{7F} end",
        "C1 \u{9B}2J \u{9D}0;x\u{9C} \u{85}", "bidi \u{202E}desrever\u{202C} \u{2066}iso\u{2069} \u{200F}",
        String(repeating: "W", count: 10_000), String(repeating: "界", count: 10_000), "e" + marks,
        "\u{1B}\u{1B}\u{7}",
    ]
    static let emojis = ["🐶", "🐱", "🐭\u{1B}[31m", "\u{1B}]0;x\u{7}", "🐹\u{202E}", "🐰" + marks,
                         String(repeating: "🦊", count: 10_000), "\u{9B}", "🐻", "🐼\u{0301}"]

    /// The file as JSON: controls are escaped (\u001b), so it is valid and only the content is hostile.
    static func write(into directory: String) throws {
        let themes = names.enumerated().map { index, name -> [String: Any] in
            ["id": index + 1, "name": name, "emojis": emojis, "removedEmojis": ["\u{1B}[2J", "🐯\u{9B}"],
             "pairCount": 3, "color": "red"]
        }
        let data = try JSONSerialization.data(withJSONObject: ["format": 1, "data": ["themes": themes, "nextID": 99]])
        try FileManager.default.createDirectory(atPath: directory + "/memorize", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: directory + "/memorize/themes.json", contents: data))
    }

    @Test func namesAreCleanAndShortAndOnlyRealEmojisAreKept() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.write(into: directory)
        var reports: [String] = []
        let store = ThemeStore(storage: DataStore(directory: directory + "/memorize", report: { reports.append($0) }))
        #expect(reports.isEmpty, "the file is read, not refused: \(reports)")
        #expect(store.themes.count == Self.names.count)
        for theme in store.themes {
            #expect(!TextSanitizer.hasUnsafe(theme.name))
            #expect(theme.name.count <= Theme.maximumNameLength)
            #expect(theme.emojis == ["🐶", "🐱", "🐻"], "only whole emojis: \(theme.emojis.map(\.unicodeScalars.count))")
            #expect(theme.removedEmojis.isEmpty)
        }
        #expect(store.themes.last?.name == "Untitled", "a name of controls only becomes Untitled")
    }

    /// The chooser scrolled through every theme, each theme's editor on every field, and a game.
    @Test(arguments: ConformanceSuite.sizes)
    func everyScreenFits(_ size: Size) throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.write(into: directory)
        let driver = try Fixture.driver(size: size, dataDirectory: directory)
        var frames: [(String, [String])] = [("chooser", driver.lines)]
        for _ in Self.names {
            driver.press(.down)
            frames.append(("chooser", driver.lines))
        }
        driver.press(.character("e"))
        for index in Self.names.indices {
            driver.press(.enter)
            for _ in 0..<5 {
                driver.press(.right)
                frames.append(("editor of theme \(index)", driver.lines))
                driver.press(.down)
            }
            driver.press(.escape, .down)
        }
        driver.press(.escape, .enter)
        frames.append(("game", driver.lines))
        for (first, second) in driver.pairs.prefix(2) {
            driver.turn(first)
            driver.turn(second)
            frames.append(("game", driver.lines))
        }
        #expect(frames.count > 3 * Self.names.count)
        for (screen, lines) in frames {
            #expect(lines.count <= size.height, "\(screen) at \(size)")
            for line in lines {
                #expect(DisplayWidth.of(line) <= size.width, "\(screen) at \(size): \(line)")
                #expect(!TextSanitizer.hasUnsafe(line), "\(screen) at \(size)")
            }
        }
    }

    @Test func aPastedTenThousandCharacterNameIsCutWithAMessage() throws {
        let driver = try Fixture.driver()
        driver.editSecondTheme()
        driver.send(String(repeating: "\u{202E}W\u{9B}", count: 10_000))
        #expect(driver.editor?.theme?.name == String(repeating: "W", count: Theme.maximumNameLength))
        #expect(driver.text.contains("30 characters at most"))
        #expect(driver.lines.allSatisfy { DisplayWidth.of($0) <= 80 && !TextSanitizer.hasUnsafe($0) })
    }

    @Test(arguments: ["🐰\u{0301}", "🐶" + marks, "1️⃣\u{0301}", "❤️\u{0308}"])
    func anEmojiWithForeignMarksIsNotAnEmoji(_ text: String) {
        #expect(!Emoji.isValid(text))
        #expect(text.first.flatMap(Emoji.normalized) == nil)
    }

    @Test(arguments: ["🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "👩🏽‍💻", "🏳️‍🌈", "#️⃣"])
    func emojiSequencesStayEmojis(_ text: String) {
        #expect(Emoji.isValid(text))
    }
}
