/// The view half of a screen: a pure function from view-model state and a size to a frame,
/// and the key bindings of the moment. A view decides no game logic and mutates nothing.
public protocol ScreenView {
    associatedtype Model: ViewModel
    /// The smallest content area the view can draw in (the terminal minus the host's header
    /// and footer lines); below it the host shows a "terminal too small" notice instead.
    var minimumSize: Size { get }
    /// A short title for the host's header line.
    func title(_ model: Model) -> String
    /// Draws the content area; the host adds the header and the footer around it.
    func render(_ model: Model, in size: Size) -> Frame
    func bindings(_ model: Model) -> [KeyBinding<Model.Intent>]
    /// Draws the content area for one seat: `Seat(k)` in a room, nil on the one shared
    /// terminal. A seat's frame never shows what `model.hidden(from: seat)` lists.
    /// Default: `render(model, in: size)`.
    func render(_ model: Model, in size: Size, for seat: Seat?) -> Frame
    /// The bindings of the moment for one seat (a seat waiting for its turn may see them
    /// disabled, saying why). Default: `bindings(model)`.
    func bindings(_ model: Model, for seat: Seat?) -> [KeyBinding<Model.Intent>]
    /// A sentence for the "terminal too small" notice when the content area is `size`: what the
    /// player could change to fit it ("Board: small fits this terminal").
    /// Default: nil, nothing to suggest.
    func advice(_ model: Model, toFit size: Size) -> String?
}

extension ScreenView {
    /// A 40×12 terminal, less the host's two lines.
    public var minimumSize: Size { Size(width: 40, height: 10) }
    /// The same frame for every seat.
    public func render(_ model: Model, in size: Size, for seat: Seat?) -> Frame { render(model, in: size) }
    /// The same bindings for every seat.
    public func bindings(_ model: Model, for seat: Seat?) -> [KeyBinding<Model.Intent>] { bindings(model) }
    /// Nothing to suggest.
    public func advice(_ model: Model, toFit size: Size) -> String? { nil }
}

/// One view model and its view, as the host's navigation stack holds them.
///
/// The generic parts are captured in closures so the host can hold screens of every game
/// in one stack without knowing their types.
public final class Screen {
    /// A stable name for traces, starting with the game's id: "arithmetic-quiz.quiz", "host.menu".
    public let id: String
    /// The view's minimum content size; below it the host shows a notice.
    public let minimumSize: Size
    /// The view model, for the test kit; the host itself never looks inside.
    package let model: AnyObject
    private let makeTitle: () -> String
    private let makeFrame: (Size, Seat?) -> Frame
    /// A stacked view's frames (`StackedView`); nil: the view draws one frame.
    private let makeParts: ((Size, Seat?) -> [Frame])?
    private let makeBindings: (Seat?) -> [ScreenBinding]
    private let makeState: () -> any Encodable
    private let makeTicks: () -> TickRequest?
    private let makeHold: () -> HostIntent?
    private let makeStart: () -> [HostEffect]
    private let makeIntent: (Any, Seat?) -> HostIntent?
    private let makeRoundInPlay: () -> Bool?
    private let makeTurn: () -> Seat?
    private let makeHidden: (Seat) -> [String]
    private let makePrivatePositions: (Seat) -> [Int]
    private let makeAdvice: (Size) -> String?
    private let makeSeatLeft: (Seat) -> HostIntent?

    /// A screen of `model` drawn by `view`; `id` starts with the game's id.
    public init<View: ScreenView>(id: String, model: View.Model, view: View) {
        self.id = id
        self.model = model
        minimumSize = view.minimumSize
        makeTitle = { view.title(model) }
        makeFrame = { view.render(model, in: $0, for: $1) }
        makeParts = Self.stackedParts(view, model)
        // Loops rather than `map`: these closures run unspecialized for every game's types,
        // and each generic collection call made the runtime build types at first use.
        let kept = KeptScreenBindings()
        makeBindings = { seat in
            kept.bindings(of: view.bindings(model, for: seat), for: seat) { all in
                var bindings: [ScreenBinding] = []
                bindings.reserveCapacity(all.count)
                for binding in all { bindings.append(ScreenBinding(binding, model: model, among: all, seat: seat)) }
                return bindings
            }
        }
        makeState = { model.state }
        makeTicks = {
            guard let ticks = model.ticks else { return nil }
            return TickRequest(interval: ticks.interval, intent: HostIntent(ticks.intent, model: model))
        }
        makeHold = { model.hold.map { HostIntent($0, model: model) } }
        makeStart = { HostEffect.all(model.start(), model: model) }
        makeIntent = { value, seat in (value as? View.Model.Intent).map { HostIntent($0, model: model, seat: seat) } }
        makeRoundInPlay = { model.roundInPlay }
        makeTurn = { model.turn }
        makeHidden = { model.hidden(from: $0) }
        makePrivatePositions = { model.privatePositions(of: $0) }
        makeAdvice = { view.advice(model, toFit: $0) }
        makeSeatLeft = { seat in model.seatLeft(seat).map { HostIntent($0, model: model) } }
    }

    /// The header's title for the screen now.
    public func title() -> String { makeTitle() }
    /// The content area as the view draws it now, on the one shared terminal.
    public func render(_ size: Size) -> Frame { makeFrame(size, nil) }
    /// The content area as `seat` sees it (nil: the one shared terminal).
    public func render(_ size: Size, for seat: Seat?) -> Frame { makeFrame(size, seat) }
    /// The content area on the one shared terminal as frames one under the other, for the
    /// chrome to stack: `render`'s frame alone, or a stacked view's parts.
    func parts(_ size: Size) -> [Frame] { makeParts?(size, nil) ?? [makeFrame(size, nil)] }
    /// The key bindings of the moment, on the one shared terminal.
    public func bindings() -> [ScreenBinding] { makeBindings(nil) }
    /// The key bindings of the moment for `seat`; what they resolve to is performed as
    /// that seat's input.
    public func bindings(for seat: Seat?) -> [ScreenBinding] { makeBindings(seat) }
    /// Whose turn the view model says it is (nil: everyone's, or not said).
    public func turn() -> Seat? { makeTurn() }
    /// What must not appear in `seat`'s frame now.
    public func hidden(from seat: Seat) -> [String] { makeHidden(seat) }
    /// Where `seat` points now that no other seat may see (a cursor, an aim).
    public func privatePositions(of seat: Seat) -> [Int] { makePrivatePositions(seat) }
    /// What the view suggests to fit a content area of `size`, for the too-small notice.
    public func advice(toFit size: Size) -> String? { makeAdvice(size) }
    /// The view model's state, for traces and tests.
    public func state() -> any Encodable { makeState() }
    /// Whether the view model says a round is in play on this screen; nil when it does not say.
    public func roundInPlay() -> Bool? { makeRoundInPlay() }
    /// The screen's request for ticks now, if any.
    func ticks() -> TickRequest? { makeTicks() }
    /// Whether the screen asks for ticks now (for the conformance suite's room of processes).
    package var asksForTicks: Bool { makeTicks() != nil }
    /// What the view model wants sent when its time stops unasked, if anything.
    func hold() -> HostIntent? { makeHold() }
    /// What the view model wants sent when `seat` leaves its room, if anything.
    func seatLeft(_ seat: Seat) -> HostIntent? { makeSeatLeft(seat) }
    /// Holds the view model as the host holds a resumed game (its `hold`, if it asks for
    /// ticks now), outside any session: for the conformance suite, which compares the game
    /// it left, so held, with the game resumed.
    package func holdIfMoving() {
        guard ticks() != nil, let hold = hold() else { return }
        _ = hold.perform()
    }
    /// The effects the screen wants when it is first shown.
    func start() -> [HostEffect] { makeStart() }
    /// An intent of this screen's view model, ready to perform; nil for another type.
    func intent(_ value: Any) -> HostIntent? { makeIntent(value, nil) }
    /// An intent of this screen's view model, to perform as `seat`'s input.
    func intent(_ value: Any, from seat: Seat?) -> HostIntent? { makeIntent(value, seat) }
    /// Whether a region's value is an intent of this screen (for the conformance suite).
    package func takes(_ value: Any) -> Bool { makeIntent(value, nil) != nil }

    /// `Ticks` with the intent erased. A struct, not a tuple: the runtime builds a tuple's
    /// type (and its optional's) at first use.
    struct TickRequest {
        let interval: Duration
        let intent: HostIntent
    }
}

/// A key binding with its intent type erased: what the host matches keys against.
public struct ScreenBinding {
    /// The keys of the binding.
    public let keys: [Key]
    /// What the footer and the help screen call it.
    public let label: String
    /// Whether its keys do anything now.
    public let isEnabled: Bool
    /// Whether the footer lists it.
    public let showsHint: Bool
    /// Whether it takes typed characters.
    public let acceptsText: Bool
    /// Why the binding does nothing while disabled, if it says.
    public let refusal: String?
    /// Resolves a key into the intent it means, ready to perform and to trace.
    let resolve: (Key) -> HostIntent?

    init<Model: ViewModel>(_ binding: KeyBinding<Model.Intent>, model: Model, among all: [KeyBinding<Model.Intent>],
                           seat: Seat? = nil) {
        keys = binding.keys
        label = binding.label
        isEnabled = binding.isEnabled
        showsHint = binding.showsHint
        acceptsText = binding.acceptsText
        refusal = binding.isEnabled ? nil : binding.refusal?(all)
        resolve = { key in binding.intent(for: key).map { HostIntent($0, model: model, seat: seat) } }
    }

    /// Whether the two show the same everywhere a binding is shown (the footer, the help, a
    /// room's forwarded keys), whatever their intents: what lets a kept footer or kept
    /// forwarded keys stand for bindings made anew.
    func showsSame(as other: ScreenBinding) -> Bool {
        keys == other.keys && label == other.label && isEnabled == other.isEnabled && showsHint == other.showsHint
            && acceptsText == other.acceptsText && refusal == other.refusal
    }

    /// Whether the binding would turn `key` into an intent (for the test kit's key checks).
    public func accepts(_ key: Key) -> Bool { resolve(key) != nil }
    /// The intent the binding turns `key` into, if any (for the conformance suite, which
    /// matches it against what a click sends).
    package func intent(for key: Key) -> (any Encodable)? { resolve(key)?.value }
}

/// An intent bound to its view model and the seat it comes from, with its type erased.
struct HostIntent {
    let value: any Encodable
    /// Whose input it is: nil on the one shared terminal, and for ticks and timers.
    let seat: Seat?
    let perform: () -> [HostEffect]

    init<Model: ViewModel>(_ intent: Model.Intent, model: Model, seat: Seat? = nil) {
        value = intent
        self.seat = seat
        perform = { HostEffect.all(model.handle(intent, from: seat), model: model) }
    }
}

/// An effect with its intent type erased, as the session carries it out.
struct HostEffect: CustomStringConvertible {
    enum Action {
        case push(Screen)
        case pop
        case openPreferences
        case reportRound(RoundResult)
        case notify(String)
        case after(Duration, HostIntent)
        case host(HostRequest)
    }

    let action: Action
    /// Made only when a trace asks: describing an intent goes through reflection.
    private let describe: () -> String
    var description: String { describe() }

    /// Each of a view model's effects, in order.
    static func all<Model: ViewModel>(_ effects: [Effect<Model.Intent>], model: Model) -> [HostEffect] {
        var all: [HostEffect] = []
        all.reserveCapacity(effects.count)
        for effect in effects { all.append(HostEffect(effect, model: model)) }
        return all
    }

    init<Model: ViewModel>(_ effect: Effect<Model.Intent>, model: Model) {
        describe = { effect.description }
        switch effect.action {
        case .push(let screen): action = .push(screen)
        case .pop: action = .pop
        case .openPreferences: action = .openPreferences
        case .reportRound(let result): action = .reportRound(result)
        case .notify(let message): action = .notify(message)
        case .after(let delay, let intent): action = .after(delay, HostIntent(intent, model: model))
        case .host(let request): action = .host(request)
        }
    }
}
