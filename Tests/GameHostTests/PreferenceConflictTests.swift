import Foundation
@testable import GameHost
import Testing

/// Values each field allows alone may still not go together (audit #15: both slider
/// players named "Bob"): a schema's `conflict` rule, refused by the form and by `--set`. A
/// blank value is called blank (N25), and a text field stops at its limit, saying so (#12).
@Suite struct PreferenceConflictTests {
    struct Pair: Sendable {
        var left = "Ann"
        var right = "Bob"
        var size = 2
    }

    static let typed = PreferenceSchema(
        defaults: Pair(),
        fields: [.text("left", \.left, maxLength: 5, label: "Left", help: "The left name"),
                 .text("right", \.right, maxLength: 5, label: "Right", help: "The right name"),
                 .integer("size", \.size, in: 1...3, label: "Size", help: "How big")],
        presets: [PreferencePreset("Twins", Pair(left: "Cy", right: "Cy"))],
        conflict: { pair in
            pair.left.lowercased() == pair.right.lowercased()
                ? PreferenceConflict(keys: ["left", "right"], reason: "both are “\(pair.left)”") : nil
        })
    static let schema = AnyPreferenceSchema(typed)

    final class Saved {
        var values: PreferenceValues = [:]
    }

    func form(_ saved: Saved = Saved()) -> PreferencesFormViewModel {
        let store = PreferencesFormViewModel.Store(
            save: { key, value in saved.values[key] = value },
            reset: { saved.values = [:] },
            values: { Self.schema.defaults.merging(saved.values) { $1 } },
            source: { saved.values[$0] == nil ? .defaults : .saved })
        return PreferencesFormViewModel(game: GameInfo(id: "pair", title: "Pair", summary: "Test"),
                                        schema: Self.schema, mode: .launch, store: store, play: nil)
    }

    @Test func aSchemaWithoutARuleTakesEveryCombination() {
        let plain = AnyPreferenceSchema(PreferenceSchema(defaults: Pair(), fields: [
            .text("left", \.left, label: "Left", help: "L"), .text("right", \.right, label: "Right", help: "R")]))
        #expect(plain.conflict(in: ["left": .text("Cy"), "right": .text("Cy")]) == nil)
        #expect(Self.schema.conflict(in: ["right": .text("ANN")])?.keys == ["left", "right"])
        #expect(Self.schema.conflict(in: [:]) == nil)
    }

    @Test func theFormRefusesANameTheOtherFieldHasAndKeepsTheFieldOpen() {
        let saved = Saved()
        let model = form(saved)
        _ = model.handle(.select(2))            // Right
        _ = model.handle(.activate)
        _ = model.handle(.edit(.type("ann")))
        _ = model.handle(.commit)
        #expect(saved.values.isEmpty)
        #expect(model.editing?.text == "ann")
        #expect(model.message == "Not saved: both are “Ann”.")
        _ = model.handle(.edit(.type("e")))
        _ = model.handle(.commit)
        #expect(saved.values == ["right": .text("anne")])
        #expect(model.editing == nil && model.message == nil)
    }

    @Test func aPresetWhoseValuesClashIsNotApplied() {
        let saved = Saved()
        let model = form(saved)
        _ = model.handle(.pick(4))              // Preset: Twins
        #expect(saved.values.isEmpty)
        #expect(model.message == "Not saved: both are “Cy”.")
    }

    /// Undoing a reset brings the values back together, not one by one against the defaults.
    @Test func undoingAResetBringsBackNamesThatWouldClashOneByOne() {
        let saved = Saved()
        saved.values = ["left": .text("Bob"), "right": .text("Ann")]
        let model = form(saved)
        _ = model.handle(.reset)
        #expect(saved.values.isEmpty)
        _ = model.handle(.undo)
        #expect(saved.values == ["left": .text("Bob"), "right": .text("Ann")], "\(model.message ?? "")")
    }

    /// Esc leaves the field as every text field does; a name the other player has is not kept.
    @Test func escWithAClashingNameLeavesTheValueAsItWas() {
        let saved = Saved()
        let model = form(saved)
        _ = model.handle(.select(2))
        _ = model.handle(.activate)
        _ = model.handle(.edit(.type("ANN")))
        _ = model.handle(.cancel)
        #expect(saved.values.isEmpty && model.editing == nil)
        #expect(model.message == "Not saved: both are “Ann”.")
    }

    @Test func aBlankNameIsCalledBlank() {
        let model = form()
        _ = model.handle(.select(1))
        _ = model.handle(.activate)
        _ = model.handle(.edit(.type("   ")))
        _ = model.handle(.commit)
        #expect(model.message == "Left cannot be blank: it takes text of 1 to 5 characters, without control characters.")
        #expect(throws: PreferenceError.blank(game: "pair", key: "left", value: "", allowed: "text of 1 to 5 characters, without control characters")) {
            try Self.schema.validate(game: "pair", key: "left", argument: "")
        }
        let spaces = #"pair: 'left' cannot be blank (only spaces); allowed: text of 1 to 5 characters"#
        #expect { try Self.schema.validate(game: "pair", key: "left", argument: "   ") } throws: {
            "\($0)".hasPrefix(spaces)
        }
        #expect { try Self.schema.validate(game: "pair", key: "left", json: .string("")) } throws: {
            "\($0)".hasPrefix("pair: 'left' cannot be blank; allowed:")
        }
    }

    @Test func aNameStopsAtItsLimitAndSaysSo() {
        let saved = Saved()
        let model = form(saved)
        _ = model.handle(.select(1))
        _ = model.handle(.activate)
        _ = model.handle(.edit(.type("Alexandria")))
        #expect(model.message == "Left takes at most 5 characters; nothing more was added.")
        _ = model.handle(.edit(.type("Alexa")))
        _ = model.handle(.edit(.type("n")))
        #expect(model.editing?.text == "Alexa")
        #expect(model.message == "Left takes at most 5 characters; nothing more was added.")
        _ = model.handle(.commit)
        #expect(saved.values == ["left": .text("Alexa")])
    }

    enum PairGame: GameModule {
        static let info = GameInfo(id: "pair", title: "Pair", summary: "Two names")
        static let preferences = PreferenceConflictTests.typed
        static func makeRoot(_ preferences: Pair, _ context: GameContext) -> Screen {
            CounterGame.makeRoot(CounterGame.preferences.defaults, context)
        }
    }

    @Test func setRefusesValuesThatClashWithTheOthersWithExit64() throws {
        let directory = NSTemporaryDirectory() + "pair-conflict-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let launcher = Launcher(catalog: [GameEntry(PairGame.self)], builtInConfig: "{}", environment: [:])
        let base = ["--config", ArgumentsTests.emptyConfig, "--data-dir", directory]
        for words in [["play", "pair", "--set", "right=ANN"], ["prefs", "pair", "--set", "left=bob"],
                      ["play", "pair", "--set", "left=Cy", "--set", "right=cy"]] {
            #expect { try launcher.prepare(try Arguments.parse(words + base)) } throws: { error in
                (error as? Launcher.Failure)?.exitCode == 64
                    && "\(error)".contains("--set pair: 'left' and 'right' cannot go together: both are")
            }
        }
        // Both changed at once to names of their own: allowed.
        _ = try launcher.prepare(try Arguments.parse(["play", "pair", "--set", "left=Bob", "--set", "right=Ann"] + base))
        // A saved name counts: the other may not take it.
        #expect(launcher.run(try Arguments.parse(["prefs", "pair", "--set", "left=Dee"] + base)) == 0)
        #expect { try launcher.prepare(try Arguments.parse(["play", "pair", "--set", "right=dee"] + base)) } throws: {
            "\($0)".contains("both are “Dee”")
        }
        // Unless the saved name goes first: --reset drops it before the new one is saved.
        #expect(launcher.run(try Arguments.parse(["prefs", "pair", "--reset", "--set", "right=dee"] + base)) == 0)
    }
}
