@testable import GameHost
import Testing

/// The form offers a schema's presets: a row each, after the fields; Enter saves the
/// preset's values that differ, the help line says what it would change.
@Suite struct PresetFormTests {
    struct Tone: Sendable {
        var level = 2
        var loud = false
    }

    static let schema = AnyPreferenceSchema(PreferenceSchema(
        defaults: Tone(),
        fields: [.integer("level", \.level, in: 1...5, label: "Level", help: "How much"),
                 .toggle("loud", \.loud, label: "Loud", help: "Whether it is loud")],
        presets: [PreferencePreset("Quiet", Tone(level: 1)), PreferencePreset("Party", Tone(level: 5, loud: true))]))

    /// Saved values, as the form's store keeps them; `failing` keys cannot be saved.
    final class Saved {
        var values: PreferenceValues = [:]
        var order: [String] = []
        var failing: Set<String> = []
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String { "disk full" }
    }

    func form(_ mode: PreferencesFormViewModel.Mode = .launch, _ saved: Saved = Saved()) -> PreferencesFormViewModel {
        let store = PreferencesFormViewModel.Store(
            save: { key, value in
                if saved.failing.contains(key) { throw Refused() }
                saved.values[key] = value
                saved.order.append(key)
            },
            reset: { saved.values = [:] },
            values: { Self.schema.defaults.merging(saved.values) { $1 } },
            source: { saved.values[$0] == nil ? .defaults : .saved })
        return PreferencesFormViewModel(game: GameInfo(id: "tone", title: "Tone", summary: "Test"),
                                        schema: Self.schema, mode: mode, store: store, play: nil)
    }

    @Test func presetsAreRowsAfterTheFields() {
        #expect(form(.launch).rows == [.play, .field(0), .field(1), .preset(0), .preset(1), .scores, .reset])
        #expect(form(.sheet).rows == [.done, .field(0), .field(1), .preset(0), .preset(1), .reset])
    }

    @Test func enterSavesWhatThePresetChanges() {
        let saved = Saved()
        let model = form(.launch, saved)
        _ = model.handle(.select(4))
        #expect(model.changes(ofPreset: 1) == "Level 5 · Loud on")
        #expect(!model.isInUse(preset: 1))
        _ = model.handle(.activate)
        #expect(saved.values == ["level": .integer(5), "loud": .toggle(true)])
        #expect(saved.order == ["level", "loud"])
        #expect(model.message == "Party set.")
        #expect(model.isInUse(preset: 1) && !model.isInUse(preset: 0))
        #expect(model.changes(ofPreset: 1) == "The values now are this preset's")
        // Quiet turns loud off again: it sets every field, not only those it changes from the defaults.
        #expect(model.changes(ofPreset: 0) == "Level 1 · Loud off")
        saved.order = []
        _ = model.handle(.pick(3))
        #expect(saved.order == ["level", "loud"] && model.isInUse(preset: 0))
    }

    @Test func aValueThatCannotBeSavedStopsThePresetAndSaysSo() {
        let saved = Saved()
        saved.failing = ["loud"]
        let model = form(.launch, saved)
        _ = model.handle(.pick(4))
        #expect(saved.values == ["level": .integer(5)])
        #expect(model.message == "Could not save loud: disk full")
    }

    @Test func theRowShowsThePresetAndTheHelpLineItsChanges() {
        let model = form()
        _ = model.handle(.select(4))
        var text = PreferencesFormView().render(model, in: Size(width: 80, height: 24)).text
        #expect(text.contains("Preset: Quiet") && text.contains("Preset: Party"))
        #expect(text.contains("Level 5 · Loud on"))
        #expect(PreferencesFormView().bindings(model).contains { $0.label == "apply" })
        _ = model.handle(.activate)
        text = PreferencesFormView().render(model, in: Size(width: 80, height: 24)).text
        #expect(text.contains("Preset: Party ✓") && !text.contains("Preset: Quiet ✓"))
    }
}
