import GameHost

/// A topic's reveal, in a room only: once both players have locked in a topic that is not
/// the last, every terminal shows both ratings, how alike they are on that topic and the
/// compatibility so far, and the next topic starts when both have pressed on. After the last
/// topic the results come at once, as on one terminal. Seed 004's formula, no new rule: the
/// figures are `Compatibility.percentage` over the topics rated so far.
extension SliderViewModel {
    static let revealTitle = "Both locked in"
    static let nextTopicTitle = "Next topic"

    /// A revealed rating as the reveal shows it: "😍 5 · great".
    static func revealed(_ rating: Rating) -> String { "\(faces[rating]!) \(rating.rawValue) · \(words[rating]!)" }
    static func topicAlike(_ percentage: Int) -> String { "This topic: \(percentage)% alike" }
    static func soFar(_ percentage: Int) -> String { "So far: \(percentage)% compatible" }
    static func isReady(_ name: String) -> String { "\(name) is ready." }

    /// Why a seat's Enter does nothing once it has pressed on.
    func readyText(_ player: Player) -> Prose<Intent> {
        "You are ready: the next topic comes when \(name(player.other)) is too."
    }

    /// Why the slider's keys do nothing at a reveal.
    static let revealedText: Prose<Intent> = "Both have locked this topic in: the next topic has a slider of its own."

    /// The topic being revealed, at a reveal.
    var revealedTopic: Int? {
        if case .reveal(let topic) = phase { return topic }
        return nil
    }

    /// Both players' ratings of the topic being revealed.
    var revealedRatings: (first: Rating, second: Rating)? {
        guard let topic = revealedTopic, let first = game.rating(of: .first, topic: topic),
              let second = game.rating(of: .second, topic: topic) else { return nil }
        return (first, second)
    }

    /// How alike the two ratings of the revealed topic are, in percent.
    var topicCompatibility: Int? { revealedTopic.flatMap(game.compatibility(ofTopic:)) }

    /// The compatibility over every topic rated so far, the revealed one included.
    var compatibilitySoFar: Int? { revealedTopic.flatMap { game.compatibility(ofFirst: $0 + 1) } }

    /// Whether a seat may still press on to the next topic now.
    func canGoOn(_ seat: Seat?) -> Bool {
        guard let player = player(for: seat), let ready else { return false }
        return !ready.isReady(player)
    }

    func startReveal(topic: Int) {
        phase = .reveal(topic: topic)
        together = nil
        ready = Readiness()
    }

    /// A seat says it is ready; the next topic starts when both have. Nothing else applies.
    func handleReveal(_ intent: Intent, topic: Int, from seat: Seat?) -> [Effect<Intent>] {
        guard intent == .nextTopic, let player = player(for: seat), var readiness = ready,
              readiness.markReady(player) else { return [] }
        ready = readiness
        if readiness.allReady { startTogether(topic: topic + 1) }
        return []
    }
}
