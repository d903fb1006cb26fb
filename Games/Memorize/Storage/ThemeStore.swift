#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// The themes as saved in the data directory, shared by the chooser and the editor.
///
/// Every change is saved at once. A change is made under the file's lock on the file as it
/// is on disk now, so another launcher's changes made meanwhile are kept, not overwritten.
final class ThemeStore {
    struct SaveError: Error, CustomStringConvertible {
        let description: String
    }

    private let storage: DataStore
    private(set) var library: ThemeLibrary

    /// Reads the themes; a first run (or a file that had to be moved aside) starts from the
    /// shipped themes, which are saved with the first change. Reading writes nothing, so
    /// opening the game has no side effects.
    init(storage: DataStore) {
        self.storage = storage
        library = storage.load(ThemeLibrary.self, from: MemorizeConstants.themesFile,
                               format: MemorizeConstants.themesFormat, reading: ThemeLibrary.init(json:))
            .map(Self.sanitized) ?? .shipped
    }

    var themes: [Theme] { library.themes }
    func theme(_ id: Int) -> Theme? { library.theme(id) }

    // MARK: - Intents

    /// Adds a new "Untitled" theme at the end.
    func addUntitled() throws(SaveError) -> Theme {
        try change { $0.add(ShippedThemes.untitled) }
    }

    /// Changes one theme; nil when it no longer exists (another launcher deleted it).
    @discardableResult
    func modify<Result>(_ id: Int, _ edit: (inout Theme) -> Result) throws(SaveError) -> Result? {
        try change { $0.modify(id, edit) }
    }

    func delete(_ id: Int) throws(SaveError) -> (theme: Theme, index: Int)? {
        try change { $0.delete(id) }
    }

    func reinsert(_ theme: Theme, at index: Int) throws(SaveError) {
        try change { $0.reinsert(theme, at: index) }
    }

    func markPlayed(_ id: Int) throws(SaveError) {
        guard library.lastPlayedID != id else { return }
        try change { $0.markPlayed(id) }
    }

    // MARK: - Saving

    /// Re-reads the file under its lock, applies the change, saves, and keeps the result.
    /// If the file is gone or unreadable (it is then moved aside and reported), the change
    /// applies to the themes in memory.
    private func change<Result>(_ body: (inout ThemeLibrary) -> Result) throws(SaveError) -> Result {
        var result: Result?
        var updated = library
        do {
            try storage.update(MemorizeConstants.themesFile, format: MemorizeConstants.themesFormat,
                               empty: library, reading: ThemeLibrary.init(json:)) { current in
                current = Self.sanitized(current)
                result = body(&current)
                updated = current
            }
        } catch {
            throw SaveError(description: "The themes could not be saved: \(error)")
        }
        library = updated
        return result!
    }

    /// Names from a file may hold anything; only clean text reaches the screen.
    private static func sanitized(_ library: ThemeLibrary) -> ThemeLibrary {
        var library = library
        for theme in library.themes where TextSanitizer.hasUnsafe(theme.name) {
            library.modify(theme.id) { theme in
                let clean = TextSanitizer.clean(theme.name)
                do { try theme.rename(clean) } catch { try? theme.rename("Untitled") }
            }
        }
        return library
    }
}
