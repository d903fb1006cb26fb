import Foundation
import GameHost
import GameHostTesting
@testable import Memorize

/// Fuzz check (Fuzz/Targets/themes.swift): the bytes as Memorize's themes.json.
///
/// A file the store refuses is moved aside (the reliability tests cover that); a file it
/// accepts must hold themes that keep every rule a theme keeps when edited, read back the
/// same after saving, survive the changes a player makes, and draw into frames that fit:
/// the chooser through the whole host, and each theme's game board and editor.
enum ThemesFuzz {
    static func problems(_ bytes: [UInt8]) -> [String] {
        let store = DataStore(directory: "/nonexistent", report: { _ in })
        guard let library = try? store.decode(ThemeLibrary.self, from: Data(bytes), format: MemorizeConstants.themesFormat,
                                               reading: ThemeLibrary.init(json:)) else { return [] }
        var failures = libraryProblems(library, context: "decoded")
        // The store reads themes the quick way; JSONDecoder must read the same file alike.
        let slow = try? store.decode(ThemeLibrary.self, from: Data(bytes), format: MemorizeConstants.themesFormat)
        if slow != library { failures.append("the quick reader and JSONDecoder read the themes differently") }

        let encoded = try? JSONEncoder().encode(library)
        let decoded = encoded.flatMap { try? JSONDecoder().decode(ThemeLibrary.self, from: $0) }
        if decoded != library { failures.append("the themes do not read back the same after encoding") }

        var changed = library
        let added = changed.add(ShippedThemes.untitled)
        if library.theme(added.id) != nil { failures.append("a new theme got the id \(added.id) of another") }
        if let first = library.themes.first, let (theme, index) = changed.delete(first.id) {
            changed.reinsert(theme, at: index)
            changed.markPlayed(theme.id)
        }
        failures += libraryProblems(changed, context: "after adding and deleting")

        failures += Fuzzing.withDirectory(holding: bytes, as: "memorize/" + MemorizeConstants.themesFile, renderProblems)
        return failures
    }

    static func libraryProblems(_ library: ThemeLibrary, context: String) -> [String] {
        var failures: [String] = []
        if Set(library.themes.map(\.id)).count != library.themes.count { failures.append("\(context): two themes share an id") }
        for theme in library.themes {
            let name = "\(context): theme \(theme.id)"
            if theme.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { failures.append("\(name) has no name") }
            if theme.name.count > Theme.maximumNameLength { failures.append("\(name) has a name of \(theme.name.count)") }
            if theme.emojis.count < Theme.minimumEmojiCount { failures.append("\(name) has \(theme.emojis.count) emojis") }
            if Set(theme.emojis).count != theme.emojis.count { failures.append("\(name) repeats an emoji") }
            if let bad = (theme.emojis + theme.removedEmojis).first(where: { !Emoji.isValid($0) }) {
                failures.append("\(name) holds \(bad.unicodeScalars.map(\.value)), not an emoji")
            }
            if !Set(theme.emojis).isDisjoint(with: theme.removedEmojis) { failures.append("\(name): an emoji is also removed") }
            if !theme.pairRange.contains(theme.pairCount) { failures.append("\(name) deals \(theme.pairCount) pairs") }
        }
        return failures
    }

    /// Memorize started on the file as a player starts it, drawn at every size.
    static func renderProblems(directory: String) -> [String] {
        guard let driver = try? TestDriver(games: [GameEntry(MemorizeGame.self)], play: "memorize",
                                           dataDirectory: directory),
              let chooser = driver.model(ChooserViewModel.self) else { return ["Memorize did not start"] }
        var failures = driver.session.noticeLog.map { "a file the store accepts was reported: \($0)" }
        for size in ConformanceSuite.sizes {
            driver.size = size
            failures += Fuzzing.frameProblems(driver.frame, size: size, context: "chooser at \(size)")
        }
        // Every theme's board and editor, without saving (a player's Enter would mark it played).
        let context = GameContext.forTesting(gameID: "memorize",
                                             storage: DataStore(directory: directory + "/memorize", report: { _ in }),
                                             now: Date(timeIntervalSince1970: 0))
        for theme in chooser.themes {
            let game = GameViewModel(theme: theme, matchedCards: .dim, context: context, shelf: RoundShelf())
            let editor = EditorViewModel(store: chooser.store, themeID: theme.id)
            if TextSanitizer.hasUnsafe(theme.name) { failures.append("theme \(theme.id)'s name reached the screen unclean") }
            for size in [ConformanceSuite.sizes[0], ConformanceSuite.sizes[1]] {
                failures += Fuzzing.frameProblems(GameView().render(game, in: size), size: size,
                                                  context: "game of theme \(theme.id) at \(size)")
                failures += Fuzzing.frameProblems(EditorView().render(editor, in: size), size: size,
                                                  context: "editor of theme \(theme.id) at \(size)")
            }
        }
        return failures
    }
}
