/// A key (or keys) bound to an intent, with the label the footer and the help screen show.
///
/// A disabled binding still owns its key: pressing it does nothing, and its hint is dimmed.
public struct KeyBinding<Intent> {
    /// The keys that send the intent.
    public let keys: [Key]
    /// A word or two for the footer and the help screen, e.g. "guess".
    public let label: String
    /// A disabled binding still takes its keys, does nothing, and is dimmed.
    public let isEnabled: Bool
    /// Whether the footer lists it; every binding is listed on the help screen.
    public let showsHint: Bool
    /// A text binding takes every printable character no other binding claims.
    public let acceptsText: Bool
    /// Why a disabled binding does nothing now, in words made with the screen's bindings; the
    /// host says it when its key is pressed (nil: the host says the key does nothing now).
    let refusal: (([KeyBinding]) -> String)?
    private let makeIntent: (Key) -> Intent?

    /// Binds fixed keys to one intent.
    public static func keys(_ keys: Key..., label: String, enabled: Bool = true, hint: Bool = true,
                            _ intent: Intent) -> KeyBinding {
        KeyBinding(keys: keys, label: label, isEnabled: enabled, showsHint: hint, acceptsText: false,
                   refusal: nil) { _ in intent }
    }

    /// Binds printable characters (typing, pasting) to an intent made from each one.
    public static func text(label: String, enabled: Bool = true,
                            _ makeIntent: @escaping (Character) -> Intent?) -> KeyBinding {
        KeyBinding(keys: [], label: label, isEnabled: enabled, showsHint: false, acceptsText: true, refusal: nil) { key in
            if case .character(let character) = key { return makeIntent(character) }
            return nil
        }
    }

    private init(keys: [Key], label: String, isEnabled: Bool, showsHint: Bool, acceptsText: Bool,
                 refusal: (([KeyBinding]) -> String)?, makeIntent: @escaping (Key) -> Intent?) {
        self.refusal = refusal
        self.keys = keys
        self.label = label
        self.isEnabled = isEnabled
        self.showsHint = showsHint
        self.acceptsText = acceptsText
        self.makeIntent = makeIntent
    }

    /// The intent `key` sends through this binding, if any.
    public func intent(for key: Key) -> Intent? { makeIntent(key) }
}

extension KeyBinding where Intent: Equatable {
    /// Binds fixed keys to one intent, with why they do nothing while disabled
    /// ("Preferences open between rounds: \(key: .reset) ends this one.").
    public static func keys(_ keys: Key..., label: String, enabled: Bool, because reason: Prose<Intent>,
                            hint: Bool = true, _ intent: Intent) -> KeyBinding {
        KeyBinding(keys: keys, label: label, isEnabled: enabled, showsHint: hint, acceptsText: false,
                   refusal: { reason.text($0) }) { _ in intent }
    }
}

extension KeyBinding {
    /// Another screen's binding as it stands, with its keys sending `make(key)` here: how a
    /// room's screen offers the game's keys of the moment for its seat.
    static func forwarding(_ binding: ScreenBinding, _ make: @escaping (Key) -> Intent) -> KeyBinding {
        let refusal = binding.refusal
        return KeyBinding(keys: binding.keys, label: binding.label, isEnabled: binding.isEnabled,
                          showsHint: binding.showsHint, acceptsText: binding.acceptsText,
                          refusal: refusal.map { text in { _ in text } }) { key in
            if binding.keys.contains(key) { return make(key) }
            if binding.acceptsText, case .character = key { return make(key) }
            return nil
        }
    }
}
