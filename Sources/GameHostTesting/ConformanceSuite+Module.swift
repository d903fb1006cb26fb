import GameHost

extension ConformanceSuite {
    /// Every check on one game module, for a one-line test in the game's own package:
    /// `#expect(ConformanceSuite.check(MyGame.self).failures == [])` (or XCTAssertEqual).
    public static func check(_ module: any GameModule.Type, walkKeys: Int = 3_000) -> ModuleReport {
        let entry = GameEntry(module)
        return check(entry, catalog: [entry], walkKeys: walkKeys)
    }
}
