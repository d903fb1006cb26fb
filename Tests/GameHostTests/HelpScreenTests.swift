@testable import GameHost
import GameHostTesting
import Testing

/// The help screen scrolls until its last entry is on screen and no further: never into
/// blank pages, and a key back up moves it at once.
@Suite struct HelpScreenTests {
    static let sizes = [Size(width: 80, height: 24), Size(width: 40, height: 12)]

    /// Help over a list of `count` entries, drawn in an area of `size`.
    func help(_ count: Int, in size: Size) -> HelpViewModel {
        HelpViewModel(screenTitle: "Many", entries: (1...count).map {
            HelpViewModel.Entry(keys: "k\($0)", label: "entry \($0)", enabled: true)
        }) { size }
    }

    /// The rows of entries drawn, top to bottom.
    func shown(_ model: HelpViewModel, in size: Size) -> [String] {
        HelpView().render(model, in: size).lines.dropFirst(2).map { $0.trimmed }
    }

    /// A label wider than what is left of the row ends in "…", never cut silently (audit N23).
    @Test func aLabelCutAtTheEdgeEndsInAnEllipsis() {
        let size = Size(width: 40, height: 10)
        let model = HelpViewModel(screenTitle: "Quiz", entries: [
            .init(keys: "↑ ↓ ← → h j k l", label: "move", enabled: true),
            .init(keys: "^Z", label: "suspend (the shell's fg resumes)", enabled: true),
        ]) { size }
        let (frame, cuts) = Frame.recordingCuts { HelpView().render(model, in: size) }
        let row = frame.lines[3]
        #expect(row.contains("suspend (the shell's") && row.hasSuffix("…"), "\(row)")
        #expect(DisplayWidth.of(row) == 40)
        #expect(cuts.isEmpty, "nothing lost silently: \(cuts)")
    }

    @Test(arguments: sizes)
    func scrollingDownStopsWithTheLastEntryOnTheLastRow(_ terminal: Size) {
        let size = Size(width: terminal.width, height: terminal.height - Session.chromeHeight)
        let model = help(40, in: size)
        for _ in 0..<100 { model.send(.scroll(1)) }
        let rows = shown(model, in: size)
        #expect(rows.count == size.height - 2)
        #expect(rows.last == "k40  entry 40", "the last entry is on the last row: \(rows)")
        #expect(!rows.contains(""), "no blank rows: \(rows)")
        #expect(model.offset == 40 - rows.count)
        // One key back up shows one entry more at the top, straight away.
        model.send(.scroll(-1))
        #expect(shown(model, in: size).first == "k\(40 - rows.count)  entry \(40 - rows.count)")
        model.send(.page(-9))
        #expect(model.offset == 0)
        model.send(.page(1))
        #expect(model.offset == rows.count)
        model.send(.page(9))
        #expect(shown(model, in: size).last == "k40  entry 40")
    }

    @Test(arguments: sizes)
    func aListThatFitsDoesNotScrollAtAll(_ terminal: Size) {
        let size = Size(width: terminal.width, height: terminal.height - Session.chromeHeight)
        let model = help(size.height - 2, in: size)
        let before = HelpView().render(model, in: size).text
        model.send(.scroll(1), .scroll(5), .page(1))
        #expect(model.offset == 0)
        #expect(HelpView().render(model, in: size).text == before)
        #expect(!before.contains(model.moreBelow) && !before.contains(model.moreAbove))
    }

    @Test func aTerminalMadeBiggerShowsTheEndNotBlankRows() {
        var size = Size(width: 40, height: 10)
        let model = HelpViewModel(screenTitle: "Many", entries: (1...12).map {
            HelpViewModel.Entry(keys: "k\($0)", label: "entry \($0)", enabled: true)
        }) { size }
        model.send(.page(5))
        #expect(model.offset == 4)
        size = Size(width: 80, height: 22)
        #expect(shown(model, in: size).filter { !$0.isEmpty }.count == 12, "every entry, from the first")
        model.send(.scroll(-1))
        #expect(model.offset == 0)
    }

    @Test func theHintSaysWhenThereIsMore() {
        let size = Size(width: 40, height: 10)
        let model = help(12, in: size)
        #expect(HelpView().render(model, in: size).lines[1].contains(model.moreBelow))
        model.send(.page(1))
        let line = HelpView().render(model, in: size).lines[1]
        #expect(line.contains(model.moreAbove) && !line.contains(model.moreBelow))
    }

    /// The session hands the help its terminal's size: the menu's nine keys at 40×12 scroll
    /// by one row, the last key ending on the last row above the footer.
    @Test func theSessionsHelpStopsAtItsLastPage() throws {
        let driver = try TestDriver(games: [GameEntry(CounterGame.self)], size: Size(width: 40, height: 12))
        driver.press(.character("?"))
        driver.press(Array(repeating: .character("j"), count: 6))
        let difference = Golden.check(driver, "host-help-end", directory: HostGoldenTests.directory,
                                      sizes: [Size(width: 40, height: 12)])
        #expect(difference == nil, "\(difference ?? "")")
        #expect(driver.frame.lines[10].hasPrefix(" ^Z"), "\(driver.frame.text)")
        driver.press(.character("k"))
        #expect(driver.frame.lines[3].hasPrefix(" ↑ k"))

        driver.press(.escape)
        driver.size = Size(width: 80, height: 24)
        driver.press(.character("?"))
        let start = driver.frame.text
        driver.press(Array(repeating: .character("j"), count: 6))
        #expect(driver.frame.text == start, "nine keys fit at 80×24: nothing to scroll")
    }
}
