/// The slider game's numbers, in one place.
enum SliderConstants {
    /// Every topic starts here, the middle of the scale.
    static let startRating = Rating.okay
    /// How many topics `random` deals, as in the original app.
    static let randomTopics = 2...5
    /// The fixed counts a player can choose instead.
    static let fixedTopics = 2...15
    /// Longest player name the preferences accept.
    static let nameLength = 20
    /// Topic rows the results show at the smallest terminal; scrolling stops where these
    /// last rows fill the list, so every press moves something at that size.
    static let resultRowsAtMinimum = 5
}
