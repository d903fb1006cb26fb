import GameHost
import GameHostTesting
import Testing

/// The host's own screens, drawn around the README's Counter game, at 80×24 and 40×12.
@Suite struct HostGoldenTests {
    static let directory = Golden.directory(besides: #filePath)
    static let sizes = [Size(width: 80, height: 24), Size(width: 40, height: 12)]

    /// Keys from the menu to each host screen worth a picture.
    static let screens: [(name: String, keys: [Key])] = [
        ("menu", []),
        ("preferences", [.enter, .down]),
        ("scores-empty", [.character("s")]),
        ("scores", [.enter, .enter, .up, .up, .up, .up, .up, .escape, .escape, .character("s")]),
        ("help", [.character("?")]),
        ("too-small", []),
    ]

    @Test(arguments: screens.map(\.name), sizes)
    func frame(_ name: String, _ size: Size) throws {
        let shown = name == "too-small" ? Size(width: size.width / 2, height: size.height / 2) : size
        let driver = try TestDriver(games: [GameEntry(CounterGame.self)], size: shown)
        driver.press(Self.screens.first { $0.name == name }!.keys)
        let difference = Golden.compare(driver.text, name: "host-\(name)-\(size.width)x\(size.height)",
                                        directory: Self.directory)
        #expect(difference == nil, "\(difference ?? "")")
    }
}
