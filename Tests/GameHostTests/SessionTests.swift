import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// The host's own keys, screens and frame, driven through a tiny module.
@Suite struct SessionTests {
    func driver(play: Bool = true, size: Size = Size(width: 80, height: 24), trace: Bool = false) throws -> TestDriver {
        try TestDriver(games: [GameEntry(CounterGame.self)], play: play ? "counter" : nil, size: size, trace: trace)
    }

    @Test func theMenuOpensTheFormAndThePlayActionStartsTheGame() throws {
        let driver = try driver(play: false)
        #expect(driver.screenIDs == ["host.menu"])
        #expect(driver.text.contains("1  Counter") && driver.text.contains("Count up to a limit"))
        driver.press(.enter)
        #expect(driver.screenIDs == ["host.menu", "host.preferences"])
        #expect(driver.text.contains("▶ Play") && driver.text.contains("Limit") && driver.text.contains("‹ 5 ›"))
        driver.press(.enter)
        #expect(driver.screenIDs == ["host.menu", "host.preferences", "counter.main"])
        #expect(driver.text.contains("Count: 0 of 5"))
    }

    /// Short of room, the footer drops the screen's last keys first; back and help stay
    /// at the end, the same on every screen (here the preferences form).
    @Test func theFooterDropsKeysInOneOrder() throws {
        let driver = try driver(play: false)
        driver.press(.enter, .down)
        let wide = try #require(driver.lines.last)
        #expect(wide.hasPrefix(" ↑/↓ move  ←/→/Enter change") && wide.hasSuffix("q back  ? help"), "\(wide)")
        driver.size = Size(width: 40, height: 12)
        #expect(driver.lines.last == " ↑/↓ move  q back  ? help")
    }

    /// The README: number keys pick a game in the menu — they open it, not only move there.
    @Test func aNumberKeyOpensThatGame() throws {
        let driver = try driver(play: false)
        driver.press(.digit(2))
        #expect(driver.screenIDs == ["host.menu"], "no second game")
        driver.press(.digit(1))
        #expect(driver.screenIDs == ["host.menu", "host.preferences"])
    }

    /// Under the "too small" notice the screen is hidden: its keys do nothing, back still works.
    @Test func keysDoNothingUnderTheTooSmallNotice() throws {
        let driver = try driver(size: Size(width: 30, height: 8))
        #expect(driver.text.contains("Terminal too small"))
        let state = driver.stateJSON
        driver.press(.up, .enter, .character("?"))
        #expect(driver.stateJSON == state && driver.screenIDs.last == "counter.main")
        driver.press(.character("q"))
        #expect(driver.screenIDs == ["host.menu", "host.preferences"])
    }

    @Test func backGoesBackAndQuitsAtTheMenu() throws {
        let driver = try driver()
        driver.press(.escape)
        #expect(driver.screenIDs == ["host.menu", "host.preferences"])
        driver.press(.character("q"))
        #expect(driver.screenIDs == ["host.menu"])
        #expect(!driver.session.isFinished)
        driver.press(.character("q"))
        #expect(driver.session.isFinished)
    }

    @Test func controlCQuitsFromAnywhere() throws {
        let driver = try driver()
        driver.press(.control("c"))
        #expect(driver.session.isFinished)
    }

    @Test func helpListsEveryKeyOfTheScreenBelow() throws {
        let driver = try driver()
        driver.press(.up, .up, .up, .up, .up)
        driver.press(.character("?"))
        #expect(driver.screenID == "host.help")
        let text = driver.text
        #expect(text.contains("Keys of Counter"))
        #expect(text.contains("add (not now)"), "a disabled binding is listed as such")
        #expect(text.contains("r") && text.contains("reset") && text.contains("q Esc") && text.contains("^C"))
        driver.press(.character("?"))
        #expect(driver.screenID == "counter.main")
    }

    @Test func aDisabledBindingSwallowsItsKey() throws {
        let driver = try driver()
        driver.press(.up, .up, .up, .up, .up, .up, .up)
        #expect(driver.text.contains("Count: 5 of 5"))
        let before = driver.text
        driver.press(.up)
        #expect(driver.text == before)
    }

    @Test func theFooterShowsHintsAndDimsDisabledOnes() throws {
        let driver = try driver()
        let footer = driver.lines.last!
        #expect(footer == " ↑ add  r reset  q back  ? help")
        driver.press(.up, .up, .up, .up, .up)
        let frame = driver.frame
        let column = try #require(frame.column(of: "↑", row: 23))
        #expect(frame[23, column].style.dim, "the disabled hint is dimmed")
    }

    @Test func roundsReachTheScoresScreen() throws {
        let driver = try driver()
        driver.press(.up, .up, .up, .up, .up)
        driver.press(.escape, .escape, .character("s"))
        #expect(driver.screenID == "host.scores")
        #expect(driver.text.contains("Best (points)") && driver.text.contains("1. reached 5"))
    }

    @Test func tooSmallTerminalsGetANotice() throws {
        let driver = try driver(size: Size(width: 30, height: 8))
        #expect(driver.text.contains("Terminal too small"))
        #expect(driver.text.contains("30×8 here, 40×12 needed"))
        driver.size = Size(width: 40, height: 12)
        #expect(driver.text.contains("Count: 0 of 5"))
        driver.size = Size(width: 1, height: 1)
        #expect(driver.lines.count == 1)
    }

    @Test func noticesShowUntilTheNextKey() throws {
        let driver = try driver()
        driver.session.notify("Something \u{1B}[31mhappened")
        #expect(driver.text.contains("Something [31mhappened"))
        driver.press(.character("x"))
        #expect(!driver.text.contains("Something"))
    }

    @Test func theTraceHasOneLinePerKey() throws {
        let driver = try driver(trace: true)
        driver.press(.up, .character("z"), .escape)
        #expect(driver.traceLines.count == 3)
        #expect(driver.traceLines[0]
            == #"{"effects":[],"input":"up","intent":"add","screen":"counter.main","state":{"value":1},"time":1}"#)
        #expect(driver.traceLines[1].contains(#""input":"z""#) && !driver.traceLines[1].contains("intent"))
        #expect(driver.traceLines[2].contains(#""intent":"back""#) && driver.traceLines[2].contains("host.preferences"))
    }

    @Test func aPreferenceChangedInTheFormIsSavedAndUsed() throws {
        let driver = try driver(play: false)
        driver.press(.enter, .down, .right, .right)
        #expect(driver.text.contains("‹ 7 ›"))
        #expect(driver.text.contains("Where counting stops (saved)"))
        driver.press(.up, .enter)
        #expect(driver.text.contains("Count: 0 of 7"))
        let again = try TestDriver(games: [GameEntry(CounterGame.self)], play: "counter",
                                   dataDirectory: driver.dataDirectory)
        #expect(again.text.contains("Count: 0 of 7"), "kept across runs")
    }

    @Test func resetToDefaultsForgetsSavedValues() throws {
        let driver = try driver(play: false)
        driver.press(.enter, .down, .right, .character("r"))
        #expect(driver.text.contains("‹ 5 ›") && driver.text.contains("Reset to defaults: u brings back your value."))
    }
}

@Suite struct ArgumentsTests {
    /// An empty config file, so tests do not read the repository's config.json from the working folder.
    static let emptyConfig: String = {
        let path = TestDriver.temporaryDirectory() + "/config.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data("{}".utf8))
        return path
    }()

    @Test func commandsAndOptionsInAnyOrder() throws {
        let a = try Arguments.parse(["--seed", "7", "play", "counter", "--set", "limit=3", "--plain", "--set=step=two"])
        #expect(a.command == .play("counter") && a.seed == 7 && a.plain)
        #expect(a.settings == [.init(key: "limit", value: "3"), .init(key: "step", value: "two")])
        #expect(try Arguments.parse([]).command == .menu)
        #expect(try Arguments.parse(["list", "--no-color"]).command == .list)
        #expect(try Arguments.parse(["prefs", "counter", "--reset"]).reset)
        #expect(try Arguments.parse(["check"]).command == .check(nil))
        #expect(try Arguments.parse(["--data-dir=/x", "check", "counter"]).dataDirectory == "/x")
        #expect(try Arguments.parse(["-h"]).help && Arguments.parse(["--version"]).version)
    }

    @Test(arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["-x"], "unknown option '-x'"),
        (["dance"], "unknown command 'dance'; commands: list, play, prefs, check"),
        (["play"], "'play' needs a game id"),
        (["play", "a", "b"], "unexpected 'b' after 'play a'"),
        (["--seed", "-1", "play", "a"], "--seed must be a whole number"),
        (["play", "a", "--seed"], "--seed needs a value"),
        (["--set", "limit=3"], "--set needs a game"),
        (["play", "a", "--set", "limit"], "--set needs key=value, not 'limit'"),
        (["--reset"], "--reset goes with 'prefs <id>'"),
        (["--plain=yes"], "--plain takes no value"),
    ])
    func usageErrorsSayWhatWasWrong(_ words: [String], _ message: String) {
        #expect { try Arguments.parse(words) } throws: { error in
            let text = "\(error)"
            return text.contains(message) && text.hasPrefix("gamehost: ") && text.hasSuffix("(try 'gamehost --help')")
        }
    }

    @Test func launcherRefusesUnknownGamesAndBadSettings() throws {
        let launcher = Launcher(catalog: [GameEntry(CounterGame.self)], builtInConfig: "{}", environment: [:])
        var arguments = try Arguments.parse(["play", "chess", "--config", Self.emptyConfig])
        #expect { try launcher.prepare(arguments) } throws: { "\($0)".contains("unknown game 'chess'; games: counter") }
        arguments = try Arguments.parse(["play", "counter", "--set", "limit=10", "--config", Self.emptyConfig])
        #expect { try launcher.prepare(arguments) } throws: { error in
            let failure = error as? Launcher.Failure
            return failure?.exitCode == 64 && "\(error)".contains("--set counter: 'limit' cannot be 10")
        }
        arguments = try Arguments.parse(["--config", "/nonexistent.json"])
        #expect { try launcher.prepare(arguments) } throws: { ($0 as? Launcher.Failure)?.exitCode == 78 }
    }

    @Test func theDataDirectoryComesFromTheFlagConfigXDGOrHome() throws {
        let xdg = Launcher(catalog: [GameEntry(CounterGame.self)], builtInConfig: "{}",
                           environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/u"])
        #expect(xdg.defaultDataDirectory() == "/xdg/gamehost")
        let home = Launcher(catalog: [GameEntry(CounterGame.self)], builtInConfig: "{}", environment: ["HOME": "/home/u"])
        #expect(home.defaultDataDirectory() == "/home/u/.local/share/gamehost")
        let prepared = try home.prepare(try Arguments.parse(["--data-dir", "/flag", "list", "--config", Self.emptyConfig]))
        #expect(prepared.dataDirectory == "/flag")
    }
}

/// Every text field behaves alike: selected on entry, Backspace, Ctrl-U, ←/→ keep.
@Suite struct TextFieldTests {
    @Test func theSelectionOnEntryIsReplacedByTyping() {
        var field = TextField("Player 1")
        #expect(field.isSelected)
        field.apply(.type("A"))
        field.apply(.type("nn"))
        #expect(field.text == "Ann" && !field.isSelected)
    }

    @Test func backspaceClearsASelectionThenErasesOneLetter() {
        var field = TextField("Bob")
        field.apply(.erase)
        #expect(field.text == "")
        #expect(field.apply(.erase) == .unchanged)
        field = TextField("Bob")
        field.apply(.keep)
        field.apply(.erase)
        #expect(field.text == "Bo", "← or → kept it; Backspace erases the last letter")
    }

    @Test func ctrlUClearsAndTheLimitHolds() {
        var field = TextField("Bob", limit: 4)
        field.apply(.keep)
        field.apply(.type("s"))
        #expect(field.apply(.type("y")) == .tooLong && field.text == "Bobs")
        field.apply(.clear)
        #expect(field.text == "")
        #expect(field.apply(.type("\u{1B}[2J")) == .changed && field.text == "[2J", "control characters are dropped")
    }

    /// The selection shows without colour: brackets and reverse video, then the cursor.
    @Test func theSelectionAndTheCursorShowWithoutColour() {
        var frame = Frame(size: Size(width: 20, height: 1))
        TextField("Ann").draw(into: &frame, row: 0, column: 0, width: 20)
        #expect(frame.text == "[Ann]▏")
        #expect(frame[0, 1].style.reverse)
        frame = Frame(size: Size(width: 6, height: 1))
        var long = TextField("")
        long.apply(.type("Alexandra"))
        long.draw(into: &frame, row: 0, column: 0, width: 6)
        #expect(frame.text == "…ndra▏", "the end, where the cursor is, stays in view")
    }
}
