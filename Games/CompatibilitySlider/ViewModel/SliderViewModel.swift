#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// The slider game's logic: whose turn it is, which topic comes next, the hand-over, the
/// result and its zone. The view only shows what it derives here.
final class SliderViewModel: ViewModel {
    enum Phase: Codable, Equatable, Sendable {
        /// A player rates one topic of the round (0-based).
        case turn(Player, topic: Int)
        /// Player 1 is done; their ratings are hidden until Player 2 has rated too.
        case handOver
        /// Both are done: the percentage, the bars and the zone.
        case results
        /// In a room: both players rate one topic (0-based) at once, each on their own terminal.
        case together(topic: Int)
        /// In a room: both have locked in this topic (not the last); every terminal shows both
        /// ratings until both players press on to the next.
        case reveal(topic: Int)
    }

    enum Intent: Codable, Sendable, Equatable {
        /// ←/→: move the slider one step.
        case slide(Int)
        /// 1–5: put the slider on that step.
        case choose(Int)
        /// Enter on a turn: keep the slider's rating and go on.
        case record
        /// Enter on the hand-over.
        case beginSecondTurn
        /// The result's action key: a new round from the first topic.
        case newRound
        /// ↑/↓ through the result's topics.
        case scroll(Int)
        case openPreferences
        /// In a room, at a topic's reveal: this seat is ready for the next topic.
        case nextTopic
    }

    struct State: Encodable {
        let phase: Phase
        let game: CompatibilityGame
        let slider: Rating
        let scroll: Int
        /// In a room only (absent on one terminal): both sliders and who has locked in.
        let together: LockIn?
        /// In a room only: where each player has scrolled the results to, on their own terminal.
        let scrolls: [Int]?
        /// In a room only, at a topic's reveal: who is ready for the next topic.
        let ready: Readiness?
    }

    /// The face and the word of each step of the scale, terrible to great.
    static let faces: [Rating: String] = [.terrible: "😖", .bad: "🙁", .okay: "😐", .good: "🙂", .great: "😍"]
    static let words: [Rating: String] = [.terrible: "terrible", .bad: "bad", .okay: "okay", .good: "good",
                                          .great: "great"]

    // Sentences with a player's name in them; the view fits the name to the width.
    static func question(_ name: String) -> String { "\(name), what do you think about…" }
    static func handOverPrompt(_ name: String) -> Prose<Intent> { "\(name), your turn — press \(key: .beginSecondTurn)" }
    static func thanks(_ name: String) -> String { "Thanks, \(name)!" }
    static let hidden = "Your ratings are hidden until the end."
    static func passOn(_ name: String) -> String { "Pass the keyboard to \(name)." }
    static let topicHeader = "Topic"

    /// The header's title: whose turn it is, the hand-over, or the results.
    var title: String {
        switch phase {
        case .turn(let player, _): "\(name(player))'s turn"
        case .handOver: "Hand-over"
        case .results: "Results"
        case .together: Self.togetherTitle
        case .reveal: Self.revealTitle
        }
    }

    /// The turn's button, as the storyboard's: what Enter does after this topic.
    var recordTitle: String {
        if case .together = phase { return Self.lockInTitle }
        guard case .turn(let player, let topic) = phase else { return "Next topic" }
        if topic + 1 < topicCount { return "Next topic" }
        return player == .first ? "Hand over" : "See results"
    }

    /// The hand-over's button.
    static let beginTitle = "Start"

    /// Why the slider's keys do nothing now.
    var noSliderText: Prose<Intent> {
        phase == .handOver ? "Ratings wait for \(key: .beginSecondTurn): the hand-over comes first."
            : "The round is over: \(key: .newRound) starts another."
    }

    /// Why a key that would leave the slider where it is does nothing.
    static func staysText(_ rating: Rating) -> Prose<Intent> { "The slider is at \(rating.rawValue) already." }

    /// Why scrolling does nothing now.
    var noScrollText: Prose<Intent> {
        phase == .results ? "Every topic is on screen already." : "Scrolling is for the results."
    }

    /// Why preferences do not open now.
    var preferencesLaterText: Prose<Intent> {
        inRoom ? Self.roomPreferencesText
            : "Preferences open before the first rating or at the results, so both players rate alike."
    }

    /// "Topic 2 of 5" during a turn.
    var progressText: String? { topicIndex.map { "Topic \($0 + 1) of \(topicCount)" } }

    /// "3–7 of 12": the results' topic rows on screen, when not all of them fit.
    static func rowsText(first: Int, shown: Int, of count: Int) -> String { "\(first + 1)–\(first + shown) of \(count)" }

    let preferences: SliderPreferences
    private let context: GameContext
    // Changed only by this class's intents; the room's are in SliderViewModel+Room.swift.
    var game: CompatibilityGame
    var phase: Phase = .turn(.first, topic: 0)
    private(set) var slider = SliderConstants.startRating
    /// In a room: both sliders of the topic being rated, and who has locked in.
    var together: LockIn?
    /// The first topic row the results show.
    var scroll = 0
    /// In a room: each player's own place in the results (player 1 first); nil on one terminal.
    var scrolls: [Int]?
    /// In a room, at a topic's reveal: who is ready for the next topic.
    var ready: Readiness?
    private var startedAt: Date

    init(preferences: SliderPreferences, context: GameContext) {
        self.preferences = preferences
        self.context = context
        game = CompatibilityGame(topicCount: preferences.topics, using: &context.random)
        startedAt = context.now
        if inRoom { startTogether(topic: 0) }
    }

    var state: State { State(phase: phase, game: game, slider: slider, scroll: scroll, together: together,
                              scrolls: scrolls, ready: ready) }
    /// From the first rating locked in to the results: moving the slider before it is only trying.
    var roundInPlay: Bool? {
        switch phase {
        case .turn(.first, topic: 0), .results: false
        case .together(let topic): topic > 0 || together?.anyLocked == true
        case .turn, .handOver, .reveal: true
        }
    }

    /// Whether the players sit at their own terminals (a room): no hand-over, both rate at once.
    var inRoom: Bool { context.seating == .room }

    /// Whose turn it is on one terminal; in a room both rate at once, and the results are
    /// everyone's.
    var turn: Seat? {
        switch phase {
        case .turn(let player, _): Seat(player.seatIndex)
        case .handOver: Seat(Player.second.seatIndex)
        case .results, .together, .reveal: nil
        }
    }

    // MARK: - Derived values for the view

    /// A player's name, made safe to show: in a room the seated player's, else as typed in the
    /// preferences; the view fits it.
    func name(_ player: Player) -> String {
        let seated = context.seatNames()
        if seated.count >= player.rawValue, let name = seated[player.rawValue - 1].map({ TextSanitizer.clean($0).trimmed }),
           !name.isEmpty {
            return name
        }
        let typed = player == .first ? preferences.player1 : preferences.player2
        let clean = TextSanitizer.clean(typed).trimmed
        return clean.isEmpty ? "Player \(player.rawValue)" : clean
    }

    /// Whose marker is framed: the one rating now, or the one about to.
    var currentPlayer: Player? {
        switch phase {
        case .turn(let player, _): player
        case .handOver: .second
        case .results, .together, .reveal: nil
        }
    }

    var topicIndex: Int? {
        switch phase {
        case .turn(_, let topic), .together(let topic), .reveal(let topic): topic
        case .handOver, .results: nil
        }
    }

    var topic: String? { topicIndex.map { game.topics[$0] } }
    var topicCount: Int { game.topics.count }
    var compatibility: Int? { phase == .results ? game.compatibility : nil }
    var zone: CompatibilityZone? { compatibility.map(CompatibilityZone.zone) }

    /// The rows of the result: each topic with both players' ratings.
    var resultRows: [(topic: String, first: Rating, second: Rating)] {
        guard phase == .results, let first = game.ratings(of: .first),
              let second = game.ratings(of: .second) else { return [] }
        return game.topics.indices.map { (game.topics[$0], first[$0], second[$0]) }
    }

    /// A slider moves on a turn and while rating together; at a reveal the ratings are in.
    var canSlide: Bool {
        switch phase {
        case .turn, .together: true
        case .handOver, .results, .reveal: false
        }
    }
    var canScroll: Bool { phase == .results }
    /// Settings change before anyone has rated, or once the round is over.
    var canOpenPreferences: Bool { !inRoom && (phase == .turn(.first, topic: 0) || phase == .results) }
    var maxScroll: Int { max(0, topicCount - SliderConstants.resultRowsAtMinimum) }

    // MARK: - Intents

    func handle(_ intent: Intent) -> [Effect<Intent>] { handle(intent, from: nil) }

    /// On one terminal nil is whoever's turn it is, and a seat not on turn is ignored; in a
    /// room each seat moves and locks in its own slider.
    func handle(_ intent: Intent, from seat: Seat?) -> [Effect<Intent>] {
        if case .together(let topic) = phase { return handleTogether(intent, topic: topic, from: seat) }
        if case .reveal(let topic) = phase { return handleReveal(intent, topic: topic, from: seat) }
        if let seat, let turn, seat != turn { return [] }
        switch intent {
        case .slide(let steps):
            guard canSlide else { return [] }
            slider = slider.moved(by: steps)
        case .choose(let value):
            guard canSlide, let rating = Rating(rawValue: value) else { return [] }
            slider = rating
        case .record:
            guard case .turn(let player, let topic) = phase else { return [] }
            game.record(slider, by: player, topic: topic)
            return advance(from: player, topic: topic)
        case .beginSecondTurn:
            guard phase == .handOver else { return [] }
            phase = .turn(.second, topic: 0)
            slider = SliderConstants.startRating
        case .newRound:
            guard phase == .results else { return [] }
            game.reset(using: &context.random)
            phase = .turn(.first, topic: 0)
            slider = SliderConstants.startRating
            scroll = 0
            startedAt = context.now
            if inRoom { startTogether(topic: 0) }
        case .scroll(let rows):
            guard canScroll else { return [] }
            scroll(rows, for: seat)
        case .openPreferences:
            guard canOpenPreferences else { return [] }
            return [.openPreferences]
        case .nextTopic:
            return []
        }
        return []
    }

    /// The next topic of the same player, else the hand-over, else the result.
    private func advance(from player: Player, topic: Int) -> [Effect<Intent>] {
        slider = SliderConstants.startRating
        if topic + 1 < topicCount {
            phase = .turn(player, topic: topic + 1)
        } else if player == .first {
            phase = .handOver
        } else {
            phase = .results
            return report()
        }
        return []
    }

    func report() -> [Effect<Intent>] {
        guard let percentage = game.compatibility else { return [] }
        return [.reportRound(RoundResult(
            score: percentage, maximum: 100,
            summary: "\(percentage)% compatible",
            duration: context.now.timeIntervalSince(startedAt),
            // Whole, apart from the summary: Scores cut them only where a row has no room.
            players: Player.allCases.map(name)))]
    }
}
