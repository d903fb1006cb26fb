import GameHost

/// Memorize's fixed numbers and names, in one place.
enum MemorizeConstants {
    /// The content area every screen is drawn for at least: a 40×12 terminal less the
    /// host's header and footer.
    static let minimumSize = Size(width: 40, height: 10)

    static let themesFile = "themes.json"
    static let themesFormat = 1

    /// The most columns a game's grid has: seven one-line cards and a scroll mark fit in
    /// 40 columns.
    static let maximumColumns = 7
    /// How many emojis a chooser row shows at most.
    static let sampleSize = 12
    /// How many take turns at one board.
    static let players = 1...4
}
