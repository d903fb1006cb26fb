import GameHost
import GameHostTesting
import Testing

/// The host's own screens, drawn around the guide's Counter game (docs/guide.md), at the standard sizes.
@Suite struct HostGoldenTests {
    static let directory = Golden.directory(besides: #filePath)

    /// Keys from the menu to each host screen worth a picture.
    static let screens: [(name: String, keys: [Key])] = [
        ("menu", []),
        ("preferences", [.enter, .down]),
        ("scores-empty", [.character("s")]),
        ("scores", [.enter, .enter, .up, .up, .up, .up, .up, .escape, .escape, .character("s")]),
        ("help", [.character("?")]),
        ("too-small", []),
    ]

    @Test(arguments: screens.map(\.name))
    func frame(_ name: String) throws {
        let driver = try TestDriver(games: [GameEntry(CounterGame.self)])
        driver.press(Self.screens.first { $0.name == name }!.keys)
        var sizes: [Size]?
        if name == "too-small" { sizes = [Size(width: 30, height: 8), Size(width: 10, height: 3)] }
        // The screens that lay themselves out for a large terminal are looked at in one too.
        if ["menu", "preferences", "scores", "scores-empty"].contains(name) {
            sizes = Golden.standardSizes + [Size(width: 40, height: 12), Size(width: 200, height: 60)]
        }
        let difference = Golden.check(driver, "host-\(name)", directory: Self.directory, sizes: sizes)
        #expect(difference == nil, "\(difference ?? "")")
    }
}
