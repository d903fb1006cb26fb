import BuiltInGames
@testable import GameHost
import GameHostTesting
import Testing

/// The host's own screens drawn around every built-in game: the conformance suite holds a
/// game's frames to "a sentence is drawn whole or marked cut", and leaves the host's screens
/// (the preferences form, help) to the host. Here they are held to it, with the games' real
/// labels and help lines, every row selected and every field changed once.
@Suite struct HostScreensTextTests {
    static let sizes = [Size(width: 40, height: 12), Size(width: 60, height: 16), Size(width: 80, height: 24),
                        Size(width: 132, height: 43), Size(width: 200, height: 60)]

    func problems(_ driver: TestDriver, _ what: String) -> [String] {
        Self.sizes.flatMap { size in
            driver.size = size
            return FrameChecks.cutText(Frame.recordingCuts { driver.frame }.cuts).map { "\(what) at \(size): \($0)" }
        }
    }

    @Test(arguments: BuiltInGames.entries.indices)
    func aGamesPageCutsNoSentence(_ index: Int) throws {
        let driver = try TestDriver(games: BuiltInGames.entries)
        var found = problems(driver, "the menu")
        driver.size = Size(width: 80, height: 24)
        driver.press(Array(repeating: .down, count: index) + [.enter])
        try #require(driver.screenID == "host.preferences", "\(driver.text)")
        let form = try #require(driver.model(PreferencesFormViewModel.self))
        let id = BuiltInGames.entries[index].id
        for row in form.rows.indices {
            driver.size = Size(width: 80, height: 24)
            driver.send(PreferencesFormViewModel.Intent.select(row))
            found += problems(driver, "\(id)'s page, row \(row + 1)")
            guard form.selectedField != nil else { continue }
            // A value not the default says where it comes from: " (saved)" makes the help longer.
            driver.size = Size(width: 80, height: 24)
            driver.press(.right)
            found += problems(driver, "\(id)'s page, row \(row + 1) changed")
        }
        driver.size = Size(width: 80, height: 24)
        driver.press(.character("?"))
        found += problems(driver, "\(id)'s help")
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}

/// The hosted screens, held to the same rule: the lobby with players and rooms, a room waiting
/// and playing, the code form and the take-over offer.
@Suite struct HostedScreensTextTests {
    @Test func theHostsScreensCutNoSentence() throws {
        let host = TestDriver.temporaryDirectory()
        let games = BuiltInGames.entries
        let long = "a-player-named-at-20"
        let ada = try TestDriver(games: games, dataDirectory: host, journals: true, player: long)
        var found: [String] = []
        func look(_ driver: TestDriver, _ what: String) {
            found += HostScreensTextTests.sizes.flatMap { size in
                driver.size = size
                return FrameChecks.cutText(Frame.recordingCuts { driver.frame }.cuts).map { "\(what) at \(size): \($0)" }
            }
            driver.size = Size(width: 80, height: 24)
        }
        // A room of the game that seats most, opened from its page.
        let seated = try #require(games.firstIndex { $0.seats($0.schema.defaults) > 1 })
        ada.press([.character("g")] + Array(repeating: .down, count: seated) + [.enter])
        look(ada, "a seated game's page")
        ada.press(.character("o"))
        #expect(ada.screenID == "host.room")
        look(ada, "a room waiting")
        let bob = try TestDriver(games: games, dataDirectory: host, journals: true, player: "bob")
        bob.advance(by: .seconds(61))
        look(bob, "the lobby")
        bob.press(.character("c"))
        #expect(bob.screenID == "host.room-code")
        look(bob, "the code form")
        bob.press(.escape)
        let lobby = try #require(bob.model(LobbyViewModel.self), "\(bob.screenIDs)")
        bob.send(LobbyViewModel.Intent.select(lobby.entries.count))
        bob.press(.enter)
        #expect(bob.screenID == "host.room" && bob.text.contains("\(long) ·"), "\(bob.text)")
        look(bob, "a room playing")
        let again = try TestDriver(games: games, dataDirectory: host, journals: true, player: long)
        #expect(again.screenID == "host.take-over")
        look(again, "the take-over offer")
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}

/// Audit #8 in Memorize: a board under way, back to the themes, new preferences: the player
/// is asked before the board is thrown away, and the question cuts no sentence.
@Suite struct ApplyPreferencesTextTests {
    @Test func memorizeAsksBeforeNewPreferencesEndABoardUnderWay() throws {
        let driver = try TestDriver(games: BuiltInGames.entries, play: "memorize")
        try #require(driver.screenID == "memorize.chooser", "\(driver.screenIDs)")
        driver.press(.enter, .enter, .escape)
        try #require(driver.screenID == "memorize.chooser" && driver.session.topScreen?.roundInPlay() == true,
                     "\(driver.screenIDs)")
        driver.press(.character("p"))
        let form = try #require(driver.model(PreferencesFormViewModel.self))
        let row = try #require(form.rows.firstIndex(of: .field(0)))
        driver.send(PreferencesFormViewModel.Intent.step(row, 1))
        driver.press(.character("q"))
        #expect(driver.screenID == "host.apply-preferences", "\(driver.screenIDs)")
        let found = HostScreensTextTests().problems(driver, "the question")
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        driver.size = Size(width: 80, height: 24)
        driver.press(.enter)
        #expect(driver.screenID == "memorize.chooser" && driver.session.topScreen?.roundInPlay() == true)
    }
}
