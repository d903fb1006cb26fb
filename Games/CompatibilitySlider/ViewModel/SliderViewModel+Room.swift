import GameHost

/// The slider in a room: both players rate the same topic at once, each on their own
/// terminal, each seeing only their own rating until both have locked in; then every
/// terminal reveals both (see SliderViewModel+Reveal.swift). Seed 004's rules stay: the same
/// topics, the same scale, the same compatibility at the end.
extension SliderViewModel {
    static let togetherTitle = "Rating together"
    static let lockInTitle = "Lock in"
    /// A spectator's question: they see whom it is about, never a rating.
    static let spectatorQuestion = "What do they think about…"
    static let roomPreferencesText: Prose<Intent> = "In a room the preferences were set when it opened."
    static let watchingText: Prose<Intent> = "Watching: the players rate on their own terminals."

    /// How another seat's rating would read: the one thing a seat's frame must not show
    /// before both have locked it in (see `hidden(from:)`).
    static func rated(_ name: String, _ rating: Rating) -> String {
        "\(name) rated \(rating.rawValue) · \(words[rating]!)"
    }

    /// A seat's own locked-in rating, as its frame shows it.
    static func youLockedIn(_ rating: Rating) -> String { "You locked in \(rating.rawValue) · \(words[rating]!)." }
    static func waiting(for name: String) -> String { "Waiting for \(name)…" }
    static func hasLockedIn(_ name: String) -> String { "\(name) has locked in." }
    static func isRating(_ name: String) -> String { "\(name) is rating…" }

    /// Why a seat's slider keys do nothing now, in a room.
    func lockedText(_ player: Player) -> Prose<Intent> {
        "You have locked in: the next topic comes when \(name(player.other)) has too."
    }

    /// The player at a seat, if the game has that seat.
    func player(for seat: Seat?) -> Player? { seat.flatMap { Player(seatIndex: $0.index) } }

    /// Whether a seat may still move and lock its slider now.
    func canRate(_ seat: Seat?) -> Bool {
        guard case .together = phase, let player = player(for: seat), let together else { return false }
        return !together.hasLocked(player)
    }

    /// Before the results, every other player's rating of this round, as `rated` words it:
    /// on one terminal those already given, in a room the other slider as it stands. A room's
    /// reveal hides nothing: both have locked in, and the earlier topics were revealed too.
    func hidden(from seat: Seat) -> [String] {
        guard phase != .results, revealedTopic == nil else { return [] }
        let me = player(for: seat)
        var texts: [String] = []
        for other in Player.allCases where other != me {
            if let together {
                texts.append(Self.rated(name(other), together.slider(of: other)))
            } else {
                for topic in game.topics.indices {
                    if let rating = game.rating(of: other, topic: topic) { texts.append(Self.rated(name(other), rating)) }
                }
                if currentPlayer == other, canSlide { texts.append(Self.rated(name(other), slider)) }
            }
        }
        return texts
    }

    func startTogether(topic: Int) {
        phase = .together(topic: topic)
        together = LockIn(start: SliderConstants.startRating)
        ready = nil
        scrolls = Player.allCases.map { _ in 0 }
    }

    /// The first topic row of the results `seat` sees: in a room each player scrolls their own.
    func scroll(for seat: Seat?) -> Int {
        guard let scrolls, let player = player(for: seat) else { return scroll }
        return scrolls[player.seatIndex]
    }

    /// Scrolls the results of `seat` (on one terminal, and for a spectator, the shared list).
    func scroll(_ rows: Int, for seat: Seat?) {
        let moved = min(maxScroll, max(0, scroll(for: seat) + rows))
        if scrolls != nil, let player = player(for: seat) {
            scrolls?[player.seatIndex] = moved
        } else {
            scroll = moved
        }
    }

    /// A seat's slider and lock-in; an untagged input in a room rates for nobody.
    func handleTogether(_ intent: Intent, topic: Int, from seat: Seat?) -> [Effect<Intent>] {
        guard let player = player(for: seat), var lockIn = together else { return [] }
        switch intent {
        case .slide(let steps):
            lockIn.set(lockIn.slider(of: player).moved(by: steps), for: player)
        case .choose(let value):
            guard let rating = Rating(rawValue: value) else { return [] }
            lockIn.set(rating, for: player)
        case .record:
            guard lockIn.lock(player) else { return [] }
            game.record(lockIn.slider(of: player), by: player, topic: topic)
        case .beginSecondTurn, .newRound, .scroll, .openPreferences, .nextTopic:
            return []
        }
        together = lockIn
        guard lockIn.allLocked else { return [] }
        if topic + 1 < topicCount {
            startReveal(topic: topic)
            return []
        }
        together = nil
        phase = .results
        return report()
    }
}

extension Player {
    /// The one who is not this player.
    var other: Player { self == .first ? .second : .first }
}
