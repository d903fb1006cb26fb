/// The view model half of a screen: state and intents, no terminal code.
///
/// Everything a player does reaches it as an `Intent`: a key, a click, a tick of time. It
/// changes its state and returns the effects it wants the host to carry out. Its `state` is
/// what a trace records after each input, so a session can be read back and replayed.
///
/// The view model is also the one place where the words and symbols a player reads are
/// defined; its view only places, styles and fits them (see `Prose` for sentences that
/// name keys).
public protocol ViewModel: AnyObject {
    associatedtype Intent: Codable & Sendable
    associatedtype State: Encodable
    var state: State { get }
    /// Changes the state for one intent; returns what the host should do outside it.
    func handle(_ intent: Intent) -> [Effect<Intent>]
    /// Called once, when the screen is first put on the stack (after `makeRoot` or a push):
    /// effects a screen wants at once, such as opening the level played last. Default: none.
    func start() -> [Effect<Intent>]
    /// Whether the screen wants time to pass on its own, and how often, now. The host asks
    /// after every input and delivers `Ticks.intent` at that pace while the screen is on top.
    /// Default: nil (the screen waits for the player).
    var ticks: Ticks<Intent>? { get }
    /// What the host sends when time must stop for this screen though the player did not
    /// ask: the terminal became too small to draw it, a host screen (help, preferences)
    /// opened over it, or its round was just resumed. A real-time game pauses on it, so the
    /// player finds it waiting. Sent only while the screen asks for ticks, and journaled, so
    /// a replay holds where the game did. Default: nil (time just stops while the screen
    /// cannot be seen, and goes on when it can).
    var hold: Intent? { get }
    /// Whether a round is in play on this screen: started (the player made a first move) and
    /// not yet reported. The host offers to resume a game only when one of its screens said
    /// true as the player left it; browsing, choosing, editing what is saved at once, a
    /// finished round and a pause before the first move say false. Default: nil, not said:
    /// the host then counts any input the game took since its last reported round.
    var roundInPlay: Bool? { get }
    /// Handles an intent from a seat: `Seat(k)` in a room, nil on the one shared terminal
    /// (the game takes nil for the seat whose turn it is). Ticks and timers arrive with nil.
    /// Default: `handle(intent)`, for a game of one seat.
    func handle(_ intent: Intent, from seat: Seat?) -> [Effect<Intent>]
    /// Whose turn it is now; nil when it is everyone's, or the game does not say. Default nil.
    var turn: Seat? { get }
    /// Text that must not appear in `seat`'s frame now: another seat's private choice, not
    /// yet revealed (the conformance suite checks each seat's frames against it). Default: none.
    func hidden(from seat: Seat) -> [String]
    /// Where `seat` points now when no other seat may see it: a column cursor, an aim. They
    /// are positions, not words, so `hidden(from:)` cannot name them; the conformance suite
    /// checks that when only these move, no other seat's frame and no spectator's changes.
    /// Default: none.
    func privatePositions(of seat: Seat) -> [Int]
    /// What the game does when `seat` leaves a room for good this round: hung up, closed its
    /// screen, or its process vanished. The host sends it as an input from no seat, through
    /// the room's journal, so every copy and a replay apply it between the same inputs; once
    /// per leave (a seat that comes back and leaves again is told again). A real-time game
    /// takes the seat's part off the board at once, where waiting for it would hold everyone.
    /// Default: nil, nothing happens: the game waits for the seat to come back.
    func seatLeft(_ seat: Seat) -> Intent?
}

extension ViewModel {
    /// No effects on first showing.
    public func start() -> [Effect<Intent>] { [] }
    /// No ticks: the screen waits for the player.
    public var ticks: Ticks<Intent>? { nil }
    /// Nothing to send: the host only stops the ticks.
    public var hold: Intent? { nil }
    /// Not said: any input since the last reported round counts as a round in play.
    public var roundInPlay: Bool? { nil }
    /// One seat: whoever sends it, the intent is handled as it always was.
    public func handle(_ intent: Intent, from seat: Seat?) -> [Effect<Intent>] { handle(intent) }
    /// Not said.
    public var turn: Seat? { nil }
    /// Nothing private.
    public func hidden(from seat: Seat) -> [String] { [] }
    /// Nothing private but text.
    public func privatePositions(of seat: Seat) -> [Int] { [] }
    /// Nothing: the game waits for the seat.
    public func seatLeft(_ seat: Seat) -> Intent? { nil }
}

/// A screen's request for steady time: `intent` every `interval`, from the host's clock.
/// The first comes `interval` after the request (or after the screen comes back on top);
/// an interval under 1 ms counts as 1 ms.
public struct Ticks<Intent: Codable & Sendable> {
    /// How often the intent arrives.
    public let interval: Duration
    /// The intent each tick sends.
    public let intent: Intent

    /// `intent` every `interval` while the screen is on top.
    public init(every interval: Duration, _ intent: Intent) {
        self.interval = interval
        self.intent = intent
    }
}
