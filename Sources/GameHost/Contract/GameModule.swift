/// A game, as GameHost runs it: who it is, what can be set, and its first screen.
///
/// A module's model, view models and views stay in its own folder; this protocol is the
/// only thing the host sees. A folder under Games/ holding a public type that conforms is a
/// built-in game: the catalog is generated from the folders at build time.
public protocol GameModule: SendableMetatype {
    /// The game's settings as one value type; the schema maps each field to a stable key.
    associatedtype Preferences: Sendable = NoPreferences
    static var info: GameInfo { get }
    static var preferences: PreferenceSchema<Preferences> { get }
    /// The first screen of a new session of the game, with the effective preferences.
    static func makeRoot(_ preferences: Preferences, _ context: GameContext) -> Screen
    /// Whether the host offers to resume a round left unfinished, by replaying its journal.
    /// Default: true. A game whose rounds cannot be replayed opts out with
    /// `static let resumable = false`.
    static var resumable: Bool { get }
    /// How many players a game with these preferences seats (a two-player game: 2; Memorize
    /// with its players preference at 3: 3). Default: 1.
    static func seats(_ preferences: Preferences) -> Int
}

extension GameModule {
    public static var resumable: Bool { true }
    /// One player.
    public static func seats(_ preferences: Preferences) -> Int { 1 }
}

/// Who a game is: a stable id, what the launcher shows, and what its scores mean.
public struct GameInfo: Sendable {
    /// Lowercase words joined by hyphens, e.g. "arithmetic-quiz"; used in files and on the command line.
    public let id: String
    /// The name the menu, the help and the scores show.
    public let title: String
    /// One line for the launcher menu.
    public let summary: String
    /// What a round's score counts, e.g. "correct answers" or "points".
    public let scoreMeaning: String
    /// The game's place among the built-in games when config.json does not order them: lower
    /// comes first (the first three games use 10, 20, 30); equal places go by title.
    public let menuOrder: Int
    /// The game's rules version: a journal written by another version is never replayed.
    /// Raise it when the same inputs would lead somewhere else.
    public let version: String
    /// How rounds compare: higher is better (the default), lower is better, or fastest win.
    public let scoreOrder: ScoreOrder

    /// Who the game is; see each property.
    public init(id: String, title: String, summary: String, scoreMeaning: String = "points", menuOrder: Int = 100,
                version: String = "1") {
        self.init(id: id, title: title, summary: summary, scoreMeaning: scoreMeaning, menuOrder: menuOrder,
                  version: version, scoreOrder: .higherIsBetter)
    }

    /// Who the game is, with how its rounds compare. (An initializer of its own: the one above
    /// keeps its signature, so code built against it links.)
    public init(id: String, title: String, summary: String, scoreMeaning: String = "points", menuOrder: Int = 100,
                version: String = "1", scoreOrder: ScoreOrder) {
        self.id = id
        self.title = title
        self.summary = summary
        self.scoreMeaning = scoreMeaning
        self.menuOrder = menuOrder
        self.version = version
        self.scoreOrder = scoreOrder
    }
}

/// The preferences of a game that has none.
public struct NoPreferences: Sendable, Equatable {
    /// The only value.
    public init() {}
}

extension GameModule where Preferences == NoPreferences {
    /// No fields: a game without settings declares nothing.
    public static var preferences: PreferenceSchema<NoPreferences> {
        PreferenceSchema(defaults: NoPreferences(), fields: [])
    }
}

/// A module with its types erased, as the host's lists hold it.
public struct GameEntry: Sendable {
    /// Who the game is.
    public let info: GameInfo
    /// Its preferences, with the value type erased (built when first asked for).
    public var schema: AnyPreferenceSchema { erasedSchema.value }
    private let erasedSchema: SchemaOnFirstUse
    public let resumable: Bool
    /// The module's type: how the conformance suite finds it again in a child process.
    public let module: any GameModule.Type
    let makeRoot: @Sendable (PreferenceValues, GameContext) -> Screen
    private let countSeats: @Sendable (PreferenceValues) -> Int

    /// The entry of a module, as a launcher's list holds it.
    public init<Module: GameModule>(_ module: Module.Type) {
        info = Module.info
        resumable = Module.resumable
        self.module = module
        erasedSchema = SchemaOnFirstUse { AnyPreferenceSchema(Module.preferences) }
        makeRoot = { values, context in
            Module.makeRoot(Module.preferences.typed(values), context)
        }
        countSeats = { values in max(1, Module.seats(Module.preferences.typed(values))) }
    }

    /// How many seats the game takes with these preferences (at least 1).
    public func seats(_ values: PreferenceValues) -> Int { countSeats(values) }

    /// The game's id.
    public var id: String { info.id }
}
