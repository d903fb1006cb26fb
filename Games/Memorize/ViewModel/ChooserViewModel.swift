#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// The theme chooser: the list of themes, edit mode, deleting with undo, and the games in
/// progress, so that going back to a theme resumes its game.
final class ChooserViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable {
        case move(Int)
        case play
        case add
        case toggleEditing
        case edit
        case delete
        case undo
        case openPreferences
        /// Clicks: a theme played (edited while editing), or deleted.
        case pick(Int)
        case remove(Int)
    }

    struct State: Encodable {
        let themes: [String]
        let selected: Int
        let isEditing: Bool
        let canUndo: Bool
        let message: Prose<Intent>?
    }

    let store: ThemeStore
    let preferences: MemorizePreferences
    private let context: GameContext
    private(set) var isEditing = false
    private(set) var message: Prose<Intent>?
    private var selectedIndex = 0
    /// Deleted themes and where they were, newest last, for undo.
    private var deleted: [(theme: Theme, index: Int)] = []
    private let shelf = RoundShelf()

    init(store: ThemeStore, preferences: MemorizePreferences, context: GameContext) {
        self.store = store
        self.preferences = preferences
        self.context = context
    }

    /// Opening on the theme played last, when the preferences say so.
    func start() -> [Effect<Intent>] {
        guard preferences.start == .lastTheme, let last = store.library.lastPlayed,
              let index = store.library.index(of: last.id) else { return [] }
        selectedIndex = index
        return play()
    }

    /// Choosing a theme is no round; a round left for the chooser (back from a game under
    /// way) still is, since going back to its theme carries it on.
    var roundInPlay: Bool? { shelf.hasAnyRoundInProgress(store.theme) }

    var state: State {
        State(themes: themes.map(\.name), selected: selected, isEditing: isEditing, canUndo: canUndo,
              message: message)
    }

    // MARK: - Words for the view

    var title: String { isEditing ? "Edit themes" : "Themes" }
    var heading: Prose<Intent> {
        isEditing ? "Edit: \(key: .delete) delete · \(key: .edit) edit · \(key: .toggleEditing) done" : "Choose a theme"
    }
    static let emptyText: Prose<Intent> = "No themes. Press \(key: .add) to add one."
    static let addTitle = "Add"
    var editTitle: String { isEditing ? "Done" : "Edit" }
    static let editMark = "✎ edit"
    static let shortEditMark = "✎"

    // MARK: - Derived values for the view

    var themes: [Theme] { store.themes }
    /// The selected row, kept inside the list as it grows and shrinks.
    var selected: Int { min(selectedIndex, max(0, themes.count - 1)) }
    var selectedTheme: Theme? { themes.indices.contains(selected) ? themes[selected] : nil }
    var hasThemes: Bool { !themes.isEmpty }
    var canMove: Bool { themes.count > 1 }
    var canUndo: Bool { !deleted.isEmpty }
    /// Themes are added, edited and deleted, and preferences opened, on one's own terminal: a
    /// room plays the opener's themes as they were when it opened, and keeps no change.
    var canChangeThemes: Bool { context.seating != .room }
    static let roomText: Prose<Intent> = "In a room the themes and preferences are the opener's, as they were when it opened."

    /// "8 pairs", or "all 12 pairs" when a game uses every emoji.
    static func pairsText(_ theme: Theme) -> String {
        theme.usesAllEmojis ? "all \(theme.pairCount) pairs" : "\(theme.pairCount) pairs"
    }

    /// Whether playing the theme now would resume a game rather than deal a new one.
    func hasGameInProgress(_ theme: Theme) -> Bool { shelf.hasRoundInProgress(theme) }

    // MARK: - Intents

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        message = nil
        switch intent {
        case .add, .toggleEditing, .edit, .delete, .undo, .openPreferences, .remove:
            guard canChangeThemes else { return [] }
        case .move, .play, .pick:
            break
        }
        switch intent {
        case .move(let delta):
            guard canMove else { return [] }
            selectedIndex = (selected + delta + themes.count) % themes.count
        case .play:
            return play()
        case .add:
            return add()
        case .toggleEditing:
            isEditing.toggle()
        case .edit:
            guard let theme = selectedTheme else { return [] }
            return [openEditor(theme.id)]
        case .delete:
            deleteSelected()
        case .undo:
            undoDelete()
        case .openPreferences:
            return [.openPreferences]
        case .pick(let index):
            guard themes.indices.contains(index) else { return [] }
            selectedIndex = index
            return isEditing ? handle(.edit) : play()
        case .remove(let index):
            guard isEditing, themes.indices.contains(index) else { return [] }
            selectedIndex = index
            deleteSelected()
        }
        return []
    }

    private func play() -> [Effect<Intent>] {
        guard let theme = selectedTheme else { return [] }
        let game = GameViewModel(theme: theme, matchedCards: preferences.matched, context: context, shelf: shelf,
                                 players: preferences.players)
        perform { try store.markPlayed(theme.id) }
        return [.push(Screen(id: "memorize.game", model: game, view: GameView()))]
    }

    private func add() -> [Effect<Intent>] {
        guard let theme = perform({ try store.addUntitled() }) else { return [] }
        selectedIndex = store.library.index(of: theme.id) ?? selected
        return [openEditor(theme.id, isNew: true)]
    }

    private func openEditor(_ id: Int, isNew: Bool = false) -> Effect<Intent> {
        .push(Screen(id: "memorize.editor", model: EditorViewModel(store: store, themeID: id, isNew: isNew),
                     view: EditorView()))
    }

    private func deleteSelected() {
        guard isEditing, let theme = selectedTheme,
              let removed = perform({ try store.delete(theme.id) }) ?? nil else { return }
        deleted.append(removed)
        shelf.remove(themeID: theme.id)
        // The key before the name: a long name is what a narrow screen cuts.
        message = "Deleted. \(key: .undo) brings back “\(theme.name)”."
    }

    private func undoDelete() {
        guard let last = deleted.popLast() else { return }
        guard perform({ try store.reinsert(last.theme, at: last.index) }) != nil else {
            deleted.append(last)
            return
        }
        selectedIndex = store.library.index(of: last.theme.id) ?? selected
        message = "“\(last.theme.name)” is back."
    }

    /// Runs a store change; a failure to save becomes the message, and the result nil.
    private func perform<Result>(_ change: () throws -> Result) -> Result? {
        do {
            return try change()
        } catch {
            message = "\(String(describing: error))"
            return nil
        }
    }
}
