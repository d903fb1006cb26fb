#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// All themes as they are saved: the list in the player's order, the theme played last
/// (for `start = last-theme`) and the next id to hand out.
///
/// Ids are never reused, so a deleted theme brought back by undo keeps its own id, and a
/// game in progress can never be mistaken for a game of another theme.
struct ThemeLibrary: Equatable, Codable, Sendable {
    private(set) var themes: [Theme]
    private(set) var lastPlayedID: Int?
    private var nextID: Int

    init(themes: [Theme], lastPlayedID: Int? = nil) {
        self.themes = themes
        self.lastPlayedID = lastPlayedID
        nextID = (themes.map(\.id).max() ?? 0) + 1
    }

    static var shipped: ThemeLibrary { ThemeLibrary(themes: ShippedThemes.all) }

    func theme(_ id: Int) -> Theme? { themes.first { $0.id == id } }
    func index(of id: Int) -> Int? { themes.firstIndex { $0.id == id } }
    var lastPlayed: Theme? { lastPlayedID.flatMap(theme) }

    // MARK: - Changes

    /// Adds a theme made with a fresh id, at the end; returns it.
    mutating func add(_ make: (Int) -> Theme) -> Theme {
        let theme = make(nextID)
        nextID = max(nextID, theme.id) + 1
        themes.append(theme)
        return theme
    }

    /// Applies a change to one theme; nil when there is no such theme (deleted meanwhile).
    mutating func modify<Result>(_ id: Int, _ change: (inout Theme) -> Result) -> Result? {
        guard let index = index(of: id) else { return nil }
        return change(&themes[index])
    }

    /// Removes a theme; returns it and where it was, so it can be put back.
    mutating func delete(_ id: Int) -> (theme: Theme, index: Int)? {
        guard let index = index(of: id) else { return nil }
        return (themes.remove(at: index), index)
    }

    /// Puts a deleted theme back where it was (or at the end if the list got shorter).
    mutating func reinsert(_ theme: Theme, at index: Int) {
        guard self.theme(theme.id) == nil else { return }
        themes.insert(theme, at: min(max(0, index), themes.count))
        nextID = max(nextID, theme.id + 1)
    }

    mutating func markPlayed(_ id: Int) {
        lastPlayedID = id
    }

    // MARK: - Codable

    private enum CodingKeys: String, CodingKey { case themes, lastPlayedID, nextID }
    static let idLimit = Int(Int32.max)

    /// Why saved themes cannot be taken as they are.
    enum LoadError: Error {
        case idBeyondLimit, repeatedID
    }

    /// The themes as a file holds them; every way of reading a file comes through here, so
    /// all of them refuse the same files.
    init(themes: [Theme], lastPlayedID: Int?, savedNextID: Int?) throws(LoadError) {
        // Ids are handed out one at a time from 1, so a huge one comes from a damaged file,
        // and Int.max would overflow the next id here or when a theme is added.
        guard (themes.map(\.id) + [savedNextID ?? 0]).allSatisfy({ $0 < Self.idLimit }) else { throw .idBeyondLimit }
        guard Set(themes.map(\.id)).count == themes.count else { throw .repeatedID }
        self.themes = themes
        self.lastPlayedID = lastPlayedID
        let used = (themes.map(\.id).max() ?? 0) + 1
        nextID = max(used, savedNextID ?? used)
    }

    init(from decoder: Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        let themes = try values.decode([Theme].self, forKey: .themes)
        let lastPlayedID = try values.decodeIfPresent(Int.self, forKey: .lastPlayedID)
        let savedNextID = try values.decodeIfPresent(Int.self, forKey: .nextID)
        do {
            try self.init(themes: themes, lastPlayedID: lastPlayedID, savedNextID: savedNextID)
        } catch LoadError.idBeyondLimit {
            throw DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.nextID],
                                                    debugDescription: "a theme id is beyond \(Self.idLimit)"))
        } catch LoadError.repeatedID {
            throw DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.themes],
                                                    debugDescription: "two themes have the same id"))
        }
    }
}
