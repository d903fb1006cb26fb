import Foundation
import GameHost
import GameHostTesting
@testable import Memorize
import Testing

/// The theme chooser's back keys and a theme added and closed at once (audits #9, #10).
@Suite struct ChooserKeysTests {
    let games = [GameEntry(MemorizeGame.self)]

    /// #9: in edit mode Esc left edit mode and q left the themes; both are one step back now.
    @Test func qAndEscBothLeaveEditModeFirst() throws {
        for key in [Key.character("q"), .escape] {
            let driver = try TestDriver(games: games, play: "memorize")
            let chooser = try #require(driver.model(ChooserViewModel.self))
            driver.press(.character("e"))
            #expect(chooser.isEditing)
            driver.press(key)
            #expect(!chooser.isEditing && driver.screenID == "memorize.chooser", "\(key)")
        }
    }

    /// #9: help listed Esc twice (done, and back).
    @Test func helpListsEachKeyOnce() throws {
        let driver = try TestDriver(games: games, play: "memorize")
        driver.press(.character("e"), .character("?"))
        let text = driver.text
        #expect(!text.contains("q Esc"), "\(text)")
        #expect(text.components(separatedBy: "Esc").count == 2, "Esc once: \(text)")
    }

    /// #10: a then Esc left an Untitled theme, one more each time.
    @Test func aThemeAddedAndClosedAsItCameIsNotKept() throws {
        let driver = try TestDriver(games: games, play: "memorize")
        let chooser = try #require(driver.model(ChooserViewModel.self))
        let count = chooser.themes.count
        driver.press(.character("a"))
        #expect(driver.screenID == "memorize.editor")
        driver.press(.escape)
        #expect(driver.screenID == "memorize.chooser" && chooser.themes.count == count)
        #expect(driver.session.notices == [EditorViewModel.notAddedText])
        // Named, it stays.
        driver.press(.character("a"))
        driver.type("Zed")
        driver.press(.escape)
        #expect(chooser.themes.count == count + 1 && chooser.themes.contains { $0.name == "Zed" })
    }
}

/// Audit #17: the chooser's columns moved when it scrolled to a page of shorter names.
@Suite struct ChooserColumnsTests {
    @Test func scrollingMovesNoColumn() throws {
        let driver = try TestDriver(games: [GameEntry(MemorizeGame.self)], play: "memorize", size: Size(width: 60, height: 12))
        let chooser = try #require(driver.model(ChooserViewModel.self))
        // A long name on the last page only.
        driver.press(.character("a"))
        driver.type("A much longer name")
        driver.press(.escape)
        try #require(chooser.themes.count > 7, "more themes than rows: \(chooser.themes.count)")
        func pairsColumns() -> Set<Int> {
            Set(driver.lines.compactMap { line -> Int? in
                guard let range = line.range(of: "pairs") else { return nil }
                // Where the pairs text starts: after the padded name, at the count column.
                let before = line[..<range.lowerBound]
                let start = before.range(of: "  ", options: .backwards)?.upperBound ?? before.startIndex
                return line.distance(from: line.startIndex, to: start)
            })
        }
        // The new theme is selected, on the last page.
        let bottom = pairsColumns()
        driver.press(Array(repeating: .up, count: chooser.themes.count - 1))
        try #require(chooser.selected == 0)
        let top = pairsColumns()
        #expect(top.count == 1 && top == bottom, "top \(top), bottom \(bottom)")
    }
}
