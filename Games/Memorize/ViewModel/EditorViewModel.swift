import Foundation
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
        /// A character typed into the name.
        case type(String)
        case erase
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
        let message: String?
    }

    let themeID: Int
    private let store: ThemeStore
    private(set) var field = Field.name
    private(set) var message: String?
    /// The name as typed; it may be empty for a moment, the theme's name never is.
    private(set) var nameDraft: String
    /// The name when the name field was entered, to go back to if it is left empty.
    private var nameBefore: String
    /// Entering the name field selects the whole name, as a text field does: the first
    /// letter typed replaces it, the first backspace clears it.
    private(set) var isNameSelected = true
    private var emojiIndex = 0
    private var removedIndex = 0

    init(store: ThemeStore, themeID: Int) {
        self.store = store
        self.themeID = themeID
        nameDraft = store.theme(themeID)?.name ?? ""
        nameBefore = nameDraft
    }

    var state: State {
        State(field: field, name: theme?.name ?? "", emojis: theme?.emojis ?? [], removed: theme?.removedEmojis ?? [],
              pairs: theme?.pairCount ?? 0, color: theme?.color.rawValue ?? "", selectedEmoji: selectedEmoji,
              selectedRemoved: selectedRemoved, isNameSelected: isNameSelected, message: message)
    }

    // MARK: - Words for the view

    static let title = "Edit theme"
    static let deletedText = "This theme was deleted in another window."
    static let deletedHint: Prose<Intent> = "\(key: .close) goes back to the themes."
    static let noneText = "none"

    /// Beside the pairs stepper: "of 12 emojis".
    var pairsOfText: String { "of \(theme?.emojis.count ?? 0) emojis" }

    /// One line of help for the focused field.
    var help: Prose<Intent> {
        switch field {
        case .name: "Type a new name; \(key: .focus(1)) goes on."
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
        case .type(let text):
            let clean = TextSanitizer.clean(text)
            guard field == .name, !clean.isEmpty else { return [] }
            if isNameSelected { nameDraft = "" }
            isNameSelected = false
            let typed = nameDraft + clean
            guard typed.count <= Theme.maximumNameLength else {
                message = "A name has \(Theme.maximumNameLength) characters at most."
                return []
            }
            nameDraft = typed
            saveDraftName()
        case .erase:
            guard field == .name, !nameDraft.isEmpty else { return [] }
            if isNameSelected { nameDraft = "" } else { nameDraft.removeLast() }
            isNameSelected = false
            saveDraftName()
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
            message = "Added \(emoji)."
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
    private func enter(_ target: Field, _ theme: Theme) {
        leaveNameField()
        field = target
        if field == .name {
            nameDraft = theme.name
            nameBefore = theme.name
            isNameSelected = true
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
        nameDraft = before
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
