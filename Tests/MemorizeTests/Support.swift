import Foundation
import GameHost
import GameHostTesting
@testable import Memorize

/// Starting Memorize in a test driver and getting around in it.
enum Fixture {
    static var entry: GameEntry { GameEntry(MemorizeGame.self) }

    /// The game opened as `gamehost play memorize` opens it: on the chooser.
    static func driver(_ preferences: PreferenceValues = [:], seed: UInt64 = 1,
                       size: Size = Size(width: 80, height: 24), dataDirectory: String? = nil) throws -> TestDriver {
        try TestDriver(games: [entry], play: entry.id, preferences: preferences, seed: seed, size: size,
                       dataDirectory: dataDirectory)
    }

    static func themesFile(_ driver: TestDriver) throws -> String {
        try String(contentsOfFile: driver.dataDirectory + "/memorize/" + MemorizeConstants.themesFile,
                   encoding: .utf8)
    }

    /// The themes as saved, read by a fresh store (as the next run would).
    static func savedThemes(_ driver: TestDriver) -> [Theme] {
        ThemeStore(storage: DataStore(directory: driver.dataDirectory + "/memorize", report: { _ in })).themes
    }
}

extension TestDriver {
    var chooser: ChooserViewModel? { model(ChooserViewModel.self) }
    var game: GameViewModel? { model(GameViewModel.self) }
    var editor: EditorViewModel? { model(EditorViewModel.self) }

    /// Moves the game's cursor to a card with the arrow keys.
    func moveCursor(to index: Int) {
        guard let game else { return }
        let columns = game.columns
        while let cursor = self.game?.cursor, cursor / columns != index / columns {
            press(cursor / columns < index / columns ? .down : .up)
        }
        while let cursor = self.game?.cursor, cursor != index {
            press(cursor < index ? .right : .left)
        }
    }

    /// Turns the card at an index: cursor there, then Enter.
    func turn(_ index: Int) {
        moveCursor(to: index)
        press(.enter)
    }

    /// The two cards of each emoji in the game now, in the order of their first card.
    var pairs: [(Int, Int)] {
        guard let cards = game?.cards else { return [] }
        var seen: [String: Int] = [:]
        var pairs: [(Int, Int)] = []
        for (index, card) in cards.enumerated() {
            if let first = seen[card.content] { pairs.append((first, index)) } else { seen[card.content] = index }
        }
        return pairs.sorted { $0.0 < $1.0 }
    }

    /// The chooser's focus moved to the theme with that name.
    func selectTheme(_ name: String) {
        guard let chooser, let index = chooser.themes.firstIndex(where: { $0.name == name }) else { return }
        for _ in 0..<((index - chooser.selected + chooser.themes.count) % chooser.themes.count) { press(.down) }
    }
}

/// Named steps through the chooser and the editor, so a test says what it does.
extension TestDriver {
    /// From the chooser: edit mode, then the editor of the selected theme.
    func openEditorOfSelectedTheme() { press(.character("e"), .enter) }

    /// From the editor: back to the chooser, out of edit mode, and play the selected theme.
    func closeEditorAndPlay() { press(.escape, .character("e"), .enter) }

    /// In the editor: down to a field (the name is first).
    func focus(_ field: EditorViewModel.Field) {
        while let current = editor?.field, current != field { press(.down) }
    }

    /// In the chooser: edit mode, then delete the theme below the first.
    func deleteSecondTheme() { press(.character("e"), .down, .character("d")) }

    /// In the chooser: edit mode, then open the editor of the theme below the first.
    func editSecondTheme() { press(.character("e"), .down, .enter) }
}
