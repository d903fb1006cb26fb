@testable import GameHost
import Testing

/// Esc means one thing in every text field (audit N9): it leaves the field keeping what was
/// typed, as the theme editor, which saves as it is typed, always did; a value the field
/// cannot take is left as it was, saying so.
@Suite struct TextFieldEscapeTests {
    struct Named: Sendable {
        var name = "Ann"
    }

    static let schema = AnyPreferenceSchema(PreferenceSchema(
        defaults: Named(), fields: [.text("name", \.name, label: "Name", help: "Who plays")]))

    func form(_ saved: PresetFormTests.Saved) -> PreferencesFormViewModel {
        let store = PreferencesFormViewModel.Store(
            save: { key, value in saved.values[key] = value },
            reset: { saved.values = [:] },
            values: { Self.schema.defaults.merging(saved.values) { $1 } },
            source: { saved.values[$0] == nil ? .defaults : .saved })
        return PreferencesFormViewModel(game: GameInfo(id: "named", title: "Named", summary: "Test"),
                                        schema: Self.schema, mode: .launch, store: store, play: nil)
    }

    func edit(_ form: PreferencesFormViewModel, typing text: String) {
        let row = form.rows.firstIndex(of: .field(0))!
        _ = form.handle(.select(row))
        _ = form.handle(.activate)
        for character in text { _ = form.handle(.edit(.type(String(character)))) }
    }

    @Test func escKeepsWhatWasTyped() {
        let saved = PresetFormTests.Saved()
        let form = form(saved)
        edit(form, typing: "Zed")
        _ = form.handle(.cancel)
        #expect(form.editing == nil && saved.values["name"] == .text("Zed"))
        #expect(PreferencesFormView().bindings(form).isEmpty == false)
    }

    @Test func escLeavesAValueTheFieldCannotTakeAsItWas() {
        let saved = PresetFormTests.Saved()
        let form = form(saved)
        edit(form, typing: "")
        _ = form.handle(.edit(.clear))
        _ = form.handle(.cancel)
        #expect(form.editing == nil && saved.values["name"] == nil)
        #expect(form.message?.hasPrefix("Name is left as it was: it must be") == true, "\(form.message ?? "")")
    }

    @Test func escUntouchedSavesNothing() {
        let saved = PresetFormTests.Saved()
        let form = form(saved)
        edit(form, typing: "")
        _ = form.handle(.cancel)
        #expect(saved.values.isEmpty, "nothing typed, nothing saved: the value stays a default")
    }

    @Test func theFooterSaysDoneWhileEditing() {
        let form = form(PresetFormTests.Saved())
        edit(form, typing: "Z")
        let escape = PreferencesFormView().bindings(form).first { $0.keys.contains(.escape) }
        #expect(escape?.label == "done")
    }
}

/// Audit #6: r on a form wiped the saved preferences, saying only "Reset to defaults.", with
/// no way back. It says what it put away, and u brings it back until the next key.
@Suite struct FormResetUndoTests {
    @Test func resetSaysWhatItPutAwayAndUBringsItBack() {
        let saved = PresetFormTests.Saved()
        saved.values = ["name": .text("Zed")]
        let form = TextFieldEscapeTests().form(saved)
        _ = form.handle(.reset)
        #expect(saved.values.isEmpty && form.message == "Reset to defaults: u brings back your value.")
        #expect(PreferencesFormView().bindings(form).contains { $0.keys.contains(.character("u")) && $0.isEnabled })
        _ = form.handle(.undo)
        #expect(saved.values == ["name": .text("Zed")] && form.message == "Your values are back.")
    }

    @Test func theUndoLastsUntilTheNextIntent() {
        let saved = PresetFormTests.Saved()
        saved.values = ["name": .text("Zed")]
        let form = TextFieldEscapeTests().form(saved)
        _ = form.handle(.reset)
        _ = form.handle(.move(1))
        _ = form.handle(.undo)
        #expect(saved.values.isEmpty && form.message == "Nothing to undo.")
    }

    @Test func resetWithNothingSavedSaysSo() {
        let form = TextFieldEscapeTests().form(PresetFormTests.Saved())
        _ = form.handle(.reset)
        #expect(form.message == "These are the defaults already." && form.undoable == nil)
    }
}

/// Audits #21 and #24: a stepper at its end dims the arrow that cannot step, and a value too
/// long for its room is cut with "…" before its closing arrow.
@Suite struct FormValueDrawingTests {
    func row(_ frame: Frame, containing text: String) -> Int? {
        frame.lines.firstIndex { $0.contains(text) }
    }

    @Test func anArrowThatCannotStepIsDimmed() throws {
        let saved = PresetFormTests.Saved()
        saved.values = ["level": .integer(5)]
        let form = PresetFormTests().form(.launch, saved)
        let frame = PreferencesFormView().render(form, in: Size(width: 80, height: 22))
        let y = try #require(row(frame, containing: "Level"))
        let line = frame.lines[y]
        let left = try #require(line.firstIndex(of: "‹").map { line.distance(from: line.startIndex, to: $0) })
        let right = try #require(line.firstIndex(of: "›").map { line.distance(from: line.startIndex, to: $0) })
        #expect(!frame[y, left].style.dim && frame[y, right].style.dim, "\(line)")
    }

    @Test func aLongValueIsCutWithAnEllipsisAndKeepsItsArrow() throws {
        let saved = PresetFormTests.Saved()
        saved.values = ["name": .text("李小龍李小龍李小龍李小龍")]
        let form = TextFieldEscapeTests().form(saved)
        let frame = PreferencesFormView().render(form, in: Size(width: 30, height: 12))
        let line = try #require(frame.lines.first { $0.contains("Name") })
        #expect(line.contains("…") && line.trimmingCharacters(in: .whitespaces).hasSuffix("›"), "\(line)")
    }
}
