import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// A paste is journaled as what the screen took: nothing where no field takes text, and a
/// field's paste as the characters that went in (a full field's refusals are not the game's).
@Suite struct PasteJournalTests {
    static let games = [GameEntry(NoteGame.self), GameEntry(CounterGame.self)]

    func journal(_ driver: TestDriver, _ game: String) -> String {
        String(decoding: FileManager.default.contents(atPath: driver.dataDirectory + "/\(game)/journal.jsonl") ?? Data(),
               as: UTF8.self)
    }

    @Test func aFieldsPasteIsJournaledAsTheTextThatWentIn() throws {
        let folder = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let driver = try TestDriver(games: Self.games, play: "note", dataDirectory: folder, journals: true)
        let started = Date()
        driver.paste(String(repeating: "abcdefghij", count: 100_000))
        // The rest of a large paste is not offered one character at a time to a full field.
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(driver.model(NoteViewModel.self)?.text == String(repeating: "abcdefghij", count: 3))
        let written = journal(driver, "note")
        #expect(written.contains(#""text":"\#(String(repeating: "abcdefghij", count: 3))""#), "\(written.prefix(600))")
        #expect(written.utf8.count < 1024, "\(written.utf8.count) bytes")
        // Characters the field refuses in the middle are left out; the ones after it kept.
        driver.press(.character("r"))
        driver.paste("x\u{7}y 1-z")
        #expect(driver.model(NoteViewModel.self)?.text == "xy1z")
        #expect(journal(driver, "note").contains(#""text":"xy1z""#))
    }

    @Test func aRefusedPasteIsJournaledAsNothing() throws {
        let folder = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let driver = try TestDriver(games: Self.games, play: "counter", dataDirectory: folder, journals: true)
        driver.press(.up)
        driver.paste(String(repeating: "secret", count: 10_000))
        #expect(driver.session.noticeLog.last == "Nothing here takes pasted text: paste into a text field.")
        driver.press(.up)
        let written = journal(driver, "counter")
        #expect(written.contains(#""kind":"key""#))
        #expect(!written.contains("paste") && !written.contains("secret"), "\(written)")
    }

    @Test func aJournaledPasteResumesToTheSameText() throws {
        let folder = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let driver = try TestDriver(games: Self.games, play: "note", dataDirectory: folder, journals: true)
            driver.paste(String(repeating: "0123456789", count: 50))
            driver.session.closeJournal()
        }
        let again = try TestDriver(games: Self.games, play: "note", dataDirectory: folder, journals: true)
        #expect(again.screenID == "host.resume")
        again.press(.character("r"))
        #expect(again.model(NoteViewModel.self)?.text == String(repeating: "0123456789", count: 3))
    }
}

/// A one-field game: a note of at most 30 letters and digits (no spaces, no dashes), `r` clears it.
enum NoteGame: GameModule {
    static let info = GameInfo(id: "note", title: "Note", summary: "Write a short note")
    static var preferences: PreferenceSchema<CounterPreferences> { CounterGame.preferences }
    static func makeRoot(_ preferences: CounterPreferences, _ context: GameContext) -> Screen {
        Screen(id: "note.main", model: NoteViewModel(), view: NoteView())
    }
}

final class NoteViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable { case type(String), clear }
    struct State: Encodable { let text: String }
    private(set) var text = ""
    var state: State { State(text: text) }
    /// A note is being written until it is cleared: a round in play, so a journal keeps it.
    var roundInPlay: Bool? { !text.isEmpty }

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .type(let character):
            if text.count < 30, character.allSatisfy({ $0.isLetter || $0.isNumber }) { text += character }
        case .clear:
            text = ""
        }
        return []
    }
}

struct NoteView: ScreenView {
    func title(_ model: NoteViewModel) -> String { "Note" }
    func render(_ model: NoteViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        frame.write("Note: " + model.text, row: 1, column: 1)
        return frame
    }
    func bindings(_ model: NoteViewModel) -> [KeyBinding<NoteViewModel.Intent>] {
        [.keys(.character("r"), label: "clear", .clear),
         // The field makes no intent of a dash at all (a space it takes, and the model refuses).
         .text(label: "write") { $0 == "-" ? nil : .type(String($0)) }]
    }
}

/// A paste that closes the field it went into is the game's input all the same.
@Suite struct PasteClosingItsFieldTests {
    static let games = [GameEntry(NameGame.self)]

    /// The field closes on "." with the name typed so far: a paste of "Bob." is journaled though
    /// its screen is gone when it is, and a resume gives the same name back.
    @Test func aPasteThatClosesItsFieldIsJournaled() throws {
        let folder = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let driver = try TestDriver(games: Self.games, play: "name", dataDirectory: folder, journals: true)
            driver.press(.character("n"))
            #expect(driver.screenID == "name.field")
            driver.paste("Bob.")
            #expect(driver.screenID == "name.main")
            #expect(driver.model(NameViewModel.self)?.name == "Bob")
            driver.session.closeJournal()
        }
        let again = try TestDriver(games: Self.games, play: "name", dataDirectory: folder, journals: true)
        #expect(again.screenID == "host.resume")
        again.press(.character("r"))
        #expect(again.screenID == "name.main")
        #expect(again.model(NameViewModel.self)?.name == "Bob")
    }
}

/// A game with a name, given in a field of its own that "." closes.
enum NameGame: GameModule {
    static let info = GameInfo(id: "name", title: "Name", summary: "Give a name")
    static var preferences: PreferenceSchema<CounterPreferences> { CounterGame.preferences }
    static func makeRoot(_ preferences: CounterPreferences, _ context: GameContext) -> Screen {
        Screen(id: "name.main", model: NameViewModel(), view: NameView())
    }
}

final class NameViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable { case ask }
    struct State: Encodable { let name: String }
    var name = ""
    private var asked = false
    var state: State { State(name: name) }
    var roundInPlay: Bool? { asked }

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        asked = true
        let field = NameFieldViewModel { [weak self] in self?.name = $0 }
        return [.push(Screen(id: "name.field", model: field, view: NameFieldView()))]
    }
}

struct NameView: ScreenView {
    func title(_ model: NameViewModel) -> String { "Name" }
    func render(_ model: NameViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        frame.write("Name: " + model.name, row: 1, column: 1)
        return frame
    }
    func bindings(_ model: NameViewModel) -> [KeyBinding<NameViewModel.Intent>] {
        [.keys(.character("n"), label: "name", .ask)]
    }
}

final class NameFieldViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable { case type(String) }
    struct State: Encodable { let typed: String }
    private(set) var typed = ""
    private let done: (String) -> Void
    var state: State { State(typed: typed) }

    init(done: @escaping (String) -> Void) { self.done = done }

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        guard case .type(let character) = intent else { return [] }
        guard character != "." else {
            done(typed)
            return [.pop]
        }
        typed += character
        return []
    }
}

struct NameFieldView: ScreenView {
    func title(_ model: NameFieldViewModel) -> String { "Name?" }
    func render(_ model: NameFieldViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        frame.write("Name? " + model.typed, row: 1, column: 1)
        return frame
    }
    func bindings(_ model: NameFieldViewModel) -> [KeyBinding<NameFieldViewModel.Intent>] {
        [.text(label: "type the name") { .type(String($0)) }]
    }
}
