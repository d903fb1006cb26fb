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
}

extension ScreenView {
    /// A 40×12 terminal, less the host's two lines.
    public var minimumSize: Size { Size(width: 40, height: 10) }
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
    private let makeFrame: (Size) -> Frame
    private let makeBindings: () -> [ScreenBinding]
    private let makeState: () -> any Encodable
    private let makeTicks: () -> TickRequest?
    private let makeStart: () -> [HostEffect]
    private let makeIntent: (Any) -> HostIntent?
    private let makeRoundInPlay: () -> Bool?

    /// A screen of `model` drawn by `view`; `id` starts with the game's id.
    public init<View: ScreenView>(id: String, model: View.Model, view: View) {
        self.id = id
        self.model = model
        minimumSize = view.minimumSize
        makeTitle = { view.title(model) }
        makeFrame = { view.render(model, in: $0) }
        // Loops rather than `map`: these closures run unspecialized for every game's types,
        // and each generic collection call made the runtime build types at first use.
        makeBindings = {
            let all = view.bindings(model)
            var bindings: [ScreenBinding] = []
            bindings.reserveCapacity(all.count)
            for binding in all { bindings.append(ScreenBinding(binding, model: model, among: all)) }
            return bindings
        }
        makeState = { model.state }
        makeTicks = {
            guard let ticks = model.ticks else { return nil }
            return TickRequest(interval: ticks.interval, intent: HostIntent(ticks.intent, model: model))
        }
        makeStart = { HostEffect.all(model.start(), model: model) }
        makeIntent = { ($0 as? View.Model.Intent).map { HostIntent($0, model: model) } }
        makeRoundInPlay = { model.roundInPlay }
    }

    /// The header's title for the screen now.
    public func title() -> String { makeTitle() }
    /// The content area as the view draws it now.
    public func render(_ size: Size) -> Frame { makeFrame(size) }
    /// The key bindings of the moment.
    public func bindings() -> [ScreenBinding] { makeBindings() }
    /// The view model's state, for traces and tests.
    public func state() -> any Encodable { makeState() }
    /// Whether the view model says a round is in play on this screen; nil when it does not say.
    public func roundInPlay() -> Bool? { makeRoundInPlay() }
    /// The screen's request for ticks now, if any.
    func ticks() -> TickRequest? { makeTicks() }
    /// The effects the screen wants when it is first shown.
    func start() -> [HostEffect] { makeStart() }
    /// An intent of this screen's view model, ready to perform; nil for another type.
    func intent(_ value: Any) -> HostIntent? { makeIntent(value) }
    /// Whether a region's value is an intent of this screen (for the conformance suite).
    package func takes(_ value: Any) -> Bool { makeIntent(value) != nil }

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

    init<Model: ViewModel>(_ binding: KeyBinding<Model.Intent>, model: Model, among all: [KeyBinding<Model.Intent>]) {
        keys = binding.keys
        label = binding.label
        isEnabled = binding.isEnabled
        showsHint = binding.showsHint
        acceptsText = binding.acceptsText
        refusal = binding.isEnabled ? nil : binding.refusal?(all)
        resolve = { key in binding.intent(for: key).map { HostIntent($0, model: model) } }
    }

    /// Whether the binding would turn `key` into an intent (for the test kit's key checks).
    public func accepts(_ key: Key) -> Bool { resolve(key) != nil }
    /// The intent the binding turns `key` into, if any (for the conformance suite, which
    /// matches it against what a click sends).
    package func intent(for key: Key) -> (any Encodable)? { resolve(key)?.value }
}

/// An intent bound to its view model, with its type erased.
struct HostIntent {
    let value: any Encodable
    let perform: () -> [HostEffect]

    init<Model: ViewModel>(_ intent: Model.Intent, model: Model) {
        value = intent
        perform = { HostEffect.all(model.handle(intent), model: model) }
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
        case session((Session) -> Void)
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
        case .session(_, let work): action = .session(work)
        }
    }
}
