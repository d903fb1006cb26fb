/// The view model half of a screen: state and intents, no terminal code.
///
/// Everything a player does reaches it as an `Intent`; its `state` is what a trace records
/// after each key, so a session can be read back and replayed.
public protocol ViewModel: AnyObject {
    associatedtype Intent: Codable & Sendable
    associatedtype State: Encodable
    var state: State { get }
    func handle(_ intent: Intent)
}

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
    public let minimumSize: Size
    /// The view model, for tests that need to look inside.
    public let model: AnyObject
    private let makeTitle: () -> String
    private let makeFrame: (Size) -> Frame
    private let makeBindings: () -> [ScreenBinding]
    private let makeState: () -> any Encodable

    public init<View: ScreenView>(id: String, model: View.Model, view: View) {
        self.id = id
        self.model = model
        minimumSize = view.minimumSize
        makeTitle = { view.title(model) }
        makeFrame = { view.render(model, in: $0) }
        makeBindings = { view.bindings(model).map { ScreenBinding($0, model: model) } }
        makeState = { model.state }
    }

    public func title() -> String { makeTitle() }
    /// The content area as the view draws it now.
    public func render(_ size: Size) -> Frame { makeFrame(size) }
    public func bindings() -> [ScreenBinding] { makeBindings() }
    /// The view model's state, for traces and tests.
    public func state() -> any Encodable { makeState() }
}

/// A key binding with its intent type erased: what the host matches keys against.
public struct ScreenBinding {
    public let keys: [Key]
    public let label: String
    public let isEnabled: Bool
    public let showsHint: Bool
    public let acceptsText: Bool
    /// Resolves a key into the intent it means, ready to perform and to trace.
    let resolve: (Key) -> HostIntent?

    init<Model: ViewModel>(_ binding: KeyBinding<Model.Intent>, model: Model) {
        keys = binding.keys
        label = binding.label
        isEnabled = binding.isEnabled
        showsHint = binding.showsHint
        acceptsText = binding.acceptsText
        resolve = { key in
            binding.intent(for: key).map { intent in
                HostIntent(perform: { model.handle(intent) }, value: intent)
            }
        }
    }

}

struct HostIntent {
    let perform: () -> Void
    let value: any Encodable
}
