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
            return FrameChecks.cutText(driver.frame).map { "\(what) at \(size): \($0)" }
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
