#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// The theme editor, a form over one theme: name, emojis, removed emojis, pairs and color.
/// Every edit goes to the theme store at once, so it is live and saved.
final class EditorViewModel: ViewModel {
    enum Field: String, Codable, Sendable, CaseIterable {
        case name, emojis, removed, pairs, color

        var label: String {
            switch self {
            case .name: "Name"
            case .emojis: "Emojis"
            case .removed: "Removed"
            case .pairs: "Pairs"
            case .color: "Color"
            }
        }
    }

    enum Intent: Codable, Sendable, Equatable {
        /// Moves to the next (+1) or previous (−1) field.
        case focus(Int)
        /// Typing in the name, as in every text field.
        case name(TextField.Edit)
        /// A character typed or pasted on the emojis: added if it is an emoji, refused if not.
        case add(String)
        /// Moves the selection among the emojis or the removed emojis.
        case select(Int)
        case remove
        case restore
        case stepPairs(Int)
        case stepColor(Int)
        case close
        /// Clicks: a field focused; an emoji selected; a removed emoji brought back; a color set.
        case focusField(Field)
        case pickEmoji(Int)
        case pickRemoved(Int)
        case setColor(ThemeColor)
    }

    struct State: Encodable {
        let field: Field
        let name: String
        let emojis: [String]
        let removed: [String]
        let pairs: Int
        let color: String
        let selectedEmoji: Int
        let selectedRemoved: Int
        let isNameSelected: Bool
        /// Characters before the cursor in the name.
        let nameCursor: Int
        let message: String?
    }

    let themeID: Int
    private let store: ThemeStore
    private(set) var field = Field.name
    private(set) var message: String?
    /// The name as typed, selected on entry as every text field is; it may be empty for a
    /// moment, the theme's name never is.
    private(set) var nameField: TextField
    /// The name when the name field was entered, to go back to if it is left empty.
    private var nameBefore: String
    var nameDraft: String { nameField.text }
    var isNameSelected: Bool { nameField.isSelected }
    private var emojiIndex = 0
    private var removedIndex = 0
    /// The emojis added by the keys in a row so far: a paste arrives as one key per emoji.
    private var addedInARow: [String] = []

    /// A theme just added (`a`), as it came: closed unchanged, it is not kept (audit #10: a
    /// and Esc left identical Untitled themes behind).
    private let added: Theme?

    init(store: ThemeStore, themeID: Int, isNew: Bool = false) {
        self.store = store
        self.themeID = themeID
        let name = store.theme(themeID)?.name ?? ""
        nameField = TextField(name, limit: Theme.maximumNameLength)
        nameBefore = name
        added = isNew ? store.theme(themeID) : nil
    }

    static let notAddedText = "Nothing was added: the new theme was closed as it came."

    /// Editing is saved as it happens: nothing to resume.
    var roundInPlay: Bool? { false }

    var state: State {
        State(field: field, name: theme?.name ?? "", emojis: theme?.emojis ?? [], removed: theme?.removedEmojis ?? [],
              pairs: theme?.pairCount ?? 0, color: theme?.color.rawValue ?? "", selectedEmoji: selectedEmoji,
              selectedRemoved: selectedRemoved, isNameSelected: isNameSelected, nameCursor: nameField.cursor,
              message: message)
    }

    // MARK: - Words for the view

    static let title = "Edit theme"
    static let deletedText = "This theme was deleted in another window."
    static let deletedHint: Prose<Intent> = "\(key: .close) goes back to the themes."
    static let noneText = "none"

    /// Why x does nothing with the fewest emojis a theme may have.
    var tooFewText: Prose<Intent> { "A theme needs \(Theme.minimumEmojiCount) emojis or more." }
    var nothingRemovedText: Prose<Intent> { "No removed emojis to bring back." }
    /// Why the pairs stepper stops.
    var pairsRangeText: Prose<Intent> {
        "Pairs go from \(Theme.minimumEmojiCount) to \(theme?.emojis.count ?? 0), the emojis in the theme."
    }

    /// Beside the pairs stepper: "of 12 emojis".
    var pairsOfText: String { "of \(theme?.emojis.count ?? 0) emojis" }

    /// One line of help for the focused field.
    var help: Prose<Intent> {
        switch field {
        case .name:
            nameField.selectionHint.map { "\($0) \(key: .focus(1)) goes on." } ?? "Type a new name; \(key: .focus(1)) goes on."
        case .emojis: "Type or paste emojis; \(key: .remove) removes."
        case .removed: hasRemoved ? "\(key: .restore) brings an emoji back." : "Removed emojis are kept here."
        case .pairs: "Pairs a game deals: \(Theme.minimumEmojiCount) to \(theme?.emojis.count ?? 0)."
        case .color: "\(key: .stepColor(-1))/\(key: .stepColor(1)) picks the color."
        }
    }

    // MARK: - Derived values for the view

    /// The theme as saved now; nil if another launcher deleted it meanwhile.
    var theme: Theme? { store.theme(themeID) }
    var selectedEmoji: Int { min(emojiIndex, max(0, (theme?.emojis.count ?? 0) - 1)) }
    var selectedRemoved: Int { min(removedIndex, max(0, (theme?.removedEmojis.count ?? 0) - 1)) }
    var hasRemoved: Bool { theme?.removedEmojis.isEmpty == false }
    var canRemove: Bool { (theme?.emojis.count ?? 0) > Theme.minimumEmojiCount }

    func canStepPairs(_ delta: Int) -> Bool {
        guard let theme else { return false }
        return theme.pairRange.contains(theme.pairCount + delta)
    }

    // MARK: - Intents

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        message = nil
        if case .add = intent {} else { addedInARow = [] }
        guard let theme else { return intent == .close ? [.pop] : [] }
        switch intent {
        case .focus(let delta):
            let all = Field.allCases
            enter(all[(all.firstIndex(of: field)! + delta + all.count) % all.count], theme)
        case .focusField(let target):
            if target != field { enter(target, theme) }
        case .pickEmoji(let index):
            guard theme.emojis.indices.contains(index) else { return [] }
            if field != .emojis { enter(.emojis, theme) }
            emojiIndex = index
        case .pickRemoved(let index):
            guard theme.removedEmojis.indices.contains(index) else { return [] }
            if field != .removed { enter(.removed, theme) }
            removedIndex = index
            return handle(.restore)
        case .setColor(let color):
            if field != .color { enter(.color, theme) }
            edit { $0.color = color }
        case .name(let edit):
            guard field == .name else { return [] }
            let before = nameField.text
            switch nameField.apply(edit) {
            // A move of the cursor changes the field, not the name: nothing to save.
            case .changed: if nameField.text != before { saveDraftName() }
            case .tooLong: message = "A name has \(Theme.maximumNameLength) characters at most."
            case .unchanged:
                if nameField.text.isEmpty, [.erase, .eraseForward, .clear].contains(edit) {
                    message = "The name is empty already."
                }
            }
        case .add(let text):
            add(text)
        case .select(let delta):
            switch field {
            case .emojis: emojiIndex = clamp(selectedEmoji + delta, theme.emojis.count)
            case .removed: removedIndex = clamp(selectedRemoved + delta, theme.removedEmojis.count)
            default: break
            }
        case .remove:
            guard field == .emojis, theme.emojis.indices.contains(selectedEmoji) else { return [] }
            let emoji = theme.emojis[selectedEmoji]
            let refused = edit { theme -> Bool in
                do { try theme.remove(emoji); return false } catch { return true }
            }
            if refused == true {
                message = "A theme needs \(Theme.minimumEmojiCount) emojis or more."
            } else {
                emojiIndex = selectedEmoji
            }
        case .restore:
            guard field == .removed, theme.removedEmojis.indices.contains(selectedRemoved) else { return [] }
            let emoji = theme.removedEmojis[selectedRemoved]
            edit { $0.restore(emoji) }
            removedIndex = selectedRemoved
        case .stepPairs(let delta):
            guard canStepPairs(delta) else { return [] }
            edit { $0.setPairCount($0.pairCount + delta) }
        case .stepColor(let delta):
            let colors = ThemeColor.allCases
            let index = colors.firstIndex(of: theme.color)!
            edit { $0.color = colors[(index + delta + colors.count) % colors.count] }
        case .close:
            leaveNameField()
            if let added, theme == added {
                _ = try? store.delete(themeID)
                return [.pop, .notify(Self.notAddedText)]
            }
            return [.pop]
        }
        return []
    }

    private func add(_ text: String) {
        guard field == .emojis, let character = text.first, text.count == 1 else { return }
        // Spaces and commas separate pasted emojis; they are neither added nor refused.
        if character.isWhitespace || character == "," { return }
        switch edit({ $0.add(character) }) {
        case .added(let emoji)?:
            emojiIndex = (theme?.emojis.count ?? 1) - 1
            addedInARow.append(emoji)
            message = addedInARow.count == 1 ? "Added \(emoji)." : "Added \(addedInARow.count) emojis: \(addedInARow.joined())."
            // The host measured the terminal: an emoji it cannot draw as one 2-cell glyph is
            // kept, and the player told why it may look odd here.
            if let odd = addedInARow.first(where: { !DisplayWidth.drawsWhole(Character($0)) }) {
                message! += " \(odd) may look different in this terminal."
            }
            if let twin = theme?.lookAlike(of: emoji) {
                message! += " \(emoji) looks like \(twin): a round deals only one of them."
            }
        case .restored(let emoji)?:
            emojiIndex = (theme?.emojis.count ?? 1) - 1
            message = "\(emoji) is back."
        case .alreadyThere(let emoji)?:
            emojiIndex = theme?.emojis.firstIndex(of: emoji) ?? selectedEmoji
            message = "\(emoji) is already in the theme."
        case .notAnEmoji?:
            message = "“\(TextSanitizer.clean(text))” is not an emoji."
        case nil:
            break
        }
    }

    /// Moves the focus to a field; entering the name selects it whole.
    /// Moves to a field; the name field is entered with the whole name selected.
    private func enter(_ target: Field, _ theme: Theme) {
        leaveNameField()
        field = target
        if field == .name {
            nameField = TextField(theme.name, limit: Theme.maximumNameLength)
            nameBefore = theme.name
        }
    }

    /// Saves the typed name if it has any letters; an empty name is never saved.
    private func saveDraftName() {
        let draft = nameDraft
        guard !draft.allSatisfy(\.isWhitespace) else {
            message = "Type a name, or it stays “\(nameBefore)”."
            return
        }
        edit { try? $0.rename(draft) }
    }

    /// Leaving the name field with nothing typed keeps the name it had before.
    private func leaveNameField() {
        guard field == .name, nameDraft.allSatisfy(\.isWhitespace) else { return }
        let before = nameBefore
        edit { try? $0.rename(before) }
        nameField = TextField(before, limit: Theme.maximumNameLength)
    }

    /// Applies a change to the theme through the store; a failure to save becomes the message.
    @discardableResult
    private func edit<Result>(_ change: (inout Theme) -> Result) -> Result? {
        do {
            return try store.modify(themeID, change)
        } catch {
            message = error.description
            return nil
        }
    }

    private func clamp(_ index: Int, _ count: Int) -> Int {
        min(max(0, index), max(0, count - 1))
    }
}
