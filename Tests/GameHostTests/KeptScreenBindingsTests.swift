@testable import GameHost
import Testing

/// A screen's erased bindings kept with the view's (`KeptScreenBindings`) against those
/// erased anew, as the view keeps its array, makes a new one, and as each seat asks.
@Suite struct KeptScreenBindingsTests {
    final class Model: ViewModel {
        enum Intent: Codable, Sendable, Equatable { case go, stop, type(String) }
        struct State: Encodable {}
        var state: State { State() }
        /// What the view's bindings are made from; the view keeps them while it is the same.
        var label = "go"
        var enabled = true
        var kept: (label: String, enabled: Bool, bindings: [KeyBinding<Intent>])?
        func handle(_ intent: Intent) -> [Effect<Intent>] { [] }
    }

    /// Keeps its bindings as Snake's view does, returning the same array while they show the same.
    struct View: ScreenView {
        func title(_ model: Model) -> String { "Kept" }
        func render(_ model: Model, in size: Size) -> Frame { Frame(size: size) }
        func bindings(_ model: Model) -> [KeyBinding<Model.Intent>] {
            if let kept = model.kept, kept.label == model.label, kept.enabled == model.enabled { return kept.bindings }
            let bindings = Self.bindings(label: model.label, enabled: model.enabled)
            model.kept = (model.label, model.enabled, bindings)
            return bindings
        }

        static func bindings(label: String, enabled: Bool) -> [KeyBinding<Model.Intent>] {
            [.keys(.enter, label: label, enabled: enabled, because: "\(key: .stop) first", .go),
             .keys(.escape, label: "stop", .stop),
             .text(label: "name") { .type(String($0)) }]
        }
    }

    /// What a binding shows, and what it sends for each key, from which seat.
    func look(_ bindings: [ScreenBinding]) -> [String] {
        bindings.map { binding in
            let sent = [Key.enter, .escape, .character("x")].map { key in
                binding.resolve(key).map { "\($0.value) from \(String(describing: $0.seat))" } ?? "nothing"
            }
            return "\(binding.keys) \(binding.label) \(binding.isEnabled) \(binding.showsHint) \(binding.acceptsText) "
                + "\(String(describing: binding.refusal)) \(sent)"
        }
    }

    @Test func keptBindingsAreTheBindingsErasedAnewForEverySeatAndChange() {
        let model = Model()
        let view = View()
        let screen = Screen(id: "test.kept", model: model, view: view)
        func expectSame(_ step: String) {
            for seat in [nil, Seat(0), Seat(1), Seat(0), nil] {
                let all = view.bindings(model, for: seat)
                let fresh = all.map { ScreenBinding($0, model: model, among: all, seat: seat) }
                #expect(look(screen.bindings(for: seat)) == look(fresh), "\(step), \(String(describing: seat))")
            }
            #expect(look(screen.bindings()) == look(screen.bindings(for: nil)), "\(step), the shared terminal")
        }
        expectSame("first")
        expectSame("the same again")
        model.label = "start"
        expectSame("a label changed")
        model.enabled = false
        expectSame("disabled, with its refusal")
        model.kept = nil
        expectSame("the same bindings in a new array")
        model.enabled = true
        expectSame("enabled again")
    }

    @Test func arraysShareStorageOnlyAsCopiesOfOne() {
        let made = [1, 2, 3]
        var copy = made
        #expect(copy.sharesStorage(with: made))
        #expect(!Array([1, 2, 3]).sharesStorage(with: made), "equal elements in another storage")
        copy.append(4)
        #expect(!copy.sharesStorage(with: made), "a copy changed has a storage of its own")
        let longer = [1, 2, 3, 4, 5]
        #expect(!Array(longer.prefix(3)).sharesStorage(with: longer), "a shorter array is never the same")
    }
}
