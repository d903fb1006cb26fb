/// What the result screen says for a range of compatibility: a title, a message and the
/// label of the key that starts the next round.
struct CompatibilityZone: Equatable, Sendable {
    let range: ClosedRange<Int>
    let title: String
    let message: String
    let action: String

    /// Every percentage from 0 to 100 falls in exactly one zone; the zone tests check it.
    static let all = [
        CompatibilityZone(range: 0...29, title: "Opposites attract?",
                          message: "You agree on almost nothing. At least the talks won't be boring.",
                          action: "Try again"),
        CompatibilityZone(range: 30...59, title: "Work in progress",
                          message: "Some common ground, and plenty left to argue about.",
                          action: "Another round"),
        CompatibilityZone(range: 60...79, title: "Good match",
                          message: "You see most things the same way. A promising pair!",
                          action: "Play again"),
        CompatibilityZone(range: 80...100, title: "Made for each other",
                          message: "You could finish each other's sentences.",
                          action: "One more round"),
    ]

    /// The zone of a percentage; values outside 0…100 belong to the nearest end.
    static func zone(for percentage: Int) -> CompatibilityZone {
        let clamped = min(100, max(0, percentage))
        return all.first { $0.range.contains(clamped) }!
    }
}
