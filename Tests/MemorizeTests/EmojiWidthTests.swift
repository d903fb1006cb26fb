import Foundation
import GameHost
import GameHostTesting
@testable import Memorize
import Testing

/// Emojis of every kind keep every screen inside the terminal, and no typed text puts a
/// control character on it.
@Suite struct EmojiWidthTests {
    static let tricky = "👨‍👩‍👧🇫🇷👍🏽❤️1️⃣🏳️‍🌈🐈‍⬛☺"

    @Test(arguments: [Size(width: 40, height: 12), Size(width: 80, height: 24), Size(width: 200, height: 60)])
    func trickyEmojisFitOnEveryScreen(_ size: Size) throws {
        let driver = try Fixture.driver(size: size)
        driver.press(.character("a"), .down)
        driver.send(Self.tricky)
        driver.press(.character("x"))
        var frames = [driver.lines]
        driver.press(.escape)
        frames.append(driver.lines)
        driver.press(.enter)
        for (first, _) in driver.pairs {
            driver.turn(first)
            frames.append(driver.lines)
        }
        for lines in frames {
            #expect(lines.count <= size.height)
            for line in lines {
                #expect(DisplayWidth.of(line) <= size.width, "\(line)")
                #expect(!TextSanitizer.hasUnsafe(line))
            }
        }
        let theme = try #require(Fixture.savedThemes(driver).last)
        #expect(theme.emojis.count == 4 + 7)
        #expect(theme.removedEmojis == ["☺\u{FE0F}"], "the text-style smiley was kept with VS16, then removed")
    }

    /// Each emoji takes two cells in a frame: what follows it starts two columns on.
    @Test(arguments: ["👨‍👩‍👧", "🇫🇷", "👍🏽", "❤️", "🐶"])
    func emojisTakeTwoCells(_ emoji: String) {
        var frame = Frame(size: Size(width: 10, height: 1))
        let end = frame.write(emoji + "x", row: 0, column: 0)
        #expect(end == 3)
        #expect(frame[0, 0].width == 2 && frame[0, 2].character == "x")
    }

    @Test func controlCharactersNeverReachTheFrame() throws {
        let driver = try Fixture.driver()
        driver.press(.character("a"))
        driver.press(.character("\u{1B}"), .character("\u{7}"), .character("\u{9B}"), .character("\u{2066}"))
        driver.type("ok")
        #expect(driver.editor?.theme?.name == "ok")
        #expect(driver.lines.allSatisfy { !TextSanitizer.hasUnsafe($0) })
    }
}
