/// A game, as GameHost runs it: who it is, what can be set, and its first screen.
///
/// A module's model, view models and views stay in its own folder; this protocol is the
/// only thing the host sees. Register a module by adding it to the catalog's list.
public protocol GameModule: SendableMetatype {
    /// The game's settings as one value type; the schema maps each field to a stable key.
    associatedtype Preferences: Sendable = NoPreferences
    static var info: GameInfo { get }
    static var preferences: PreferenceSchema<Preferences> { get }
    /// The first screen of a new session of the game, with the effective preferences.
    static func makeRoot(_ preferences: Preferences, _ context: GameContext) -> Screen
}

/// Who a game is: a stable id, what the launcher shows, and what its scores mean.
public struct GameInfo: Sendable {
    /// Lowercase words joined by hyphens, e.g. "arithmetic-quiz"; used in files and on the command line.
    public let id: String
    public let title: String
    /// One line for the launcher menu.
    public let summary: String
    /// What a round's score counts, e.g. "correct answers" or "points".
    public let scoreMeaning: String

    public init(id: String, title: String, summary: String, scoreMeaning: String = "points") {
        self.id = id
        self.title = title
        self.summary = summary
        self.scoreMeaning = scoreMeaning
    }
}

/// The preferences of a game that has none.
public struct NoPreferences: Sendable, Equatable {
    public init() {}
}

extension GameModule where Preferences == NoPreferences {
    public static var preferences: PreferenceSchema<NoPreferences> {
        PreferenceSchema(defaults: NoPreferences(), fields: [])
    }
}

/// A module with its types erased, as the host's lists hold it.
public struct GameEntry: Sendable {
    public let info: GameInfo
    public let schema: AnyPreferenceSchema
    /// The module's type: how the conformance suite finds it again in a child process.
    public let module: any GameModule.Type
    let makeRoot: @Sendable (PreferenceValues, GameContext) -> Screen

    public init<Module: GameModule>(_ module: Module.Type) {
        info = Module.info
        self.module = module
        let schema = Module.preferences
        self.schema = AnyPreferenceSchema(schema)
        makeRoot = { values, context in
            Module.makeRoot(schema.typed(values), context)
        }
    }

    public var id: String { info.id }
}
