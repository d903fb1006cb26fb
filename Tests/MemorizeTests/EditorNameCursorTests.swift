import Foundation
import GameHost
import GameHostTesting
@testable import Memorize
import Testing

/// The theme's name is a text field with a cursor: edited in the middle with the keys every
/// text field has, each change saved at once, a move of the cursor saving nothing.
@Suite struct EditorNameCursorTests {
    static func name(_ driver: TestDriver) -> String {
        guard let editor = driver.editor else { return "" }
        return String(editor.nameDraft.prefix(editor.state.nameCursor)) + "|"
            + editor.nameDraft.dropFirst(editor.state.nameCursor)
    }

    @Test func theNameIsEditedInTheMiddle() throws {
        let driver = try EditorTests.editing()
        driver.press(.left)
        #expect(driver.editor?.isNameSelected == false, "← keeps the name")
        #expect(Self.name(driver) == "|Animals", "with the cursor at its start")
        driver.press(.right, .right, .right)
        driver.type("X")
        #expect(Self.name(driver) == "AniX|mals")
        #expect(Fixture.savedThemes(driver)[1].name == "AniXmals", "saved at once")
        #expect(driver.text.contains("AniX▏mals"), "the cursor is drawn where it is")
        driver.press(.delete)
        #expect(Self.name(driver) == "AniX|als")
        driver.press(.backspace)
        #expect(Self.name(driver) == "Ani|als")
        driver.press(.home)
        driver.type("Z")
        #expect(Self.name(driver) == "Z|Anials")
        driver.press(.control("e"))
        driver.type("!")
        #expect(Self.name(driver) == "ZAnials!|")
        driver.press(.control("a"), .delete)
        #expect(Self.name(driver) == "|Anials!")
        driver.press(.end, .left, .backspace)
        #expect(Self.name(driver) == "Anial|!")
        #expect(Fixture.savedThemes(driver)[1].name == "Anial!")
    }

    /// The keys as a terminal sends them: Home, End and Delete in their usual encodings.
    @Test func theTerminalsKeysReachTheName() throws {
        let driver = try EditorTests.editing()
        driver.send("\u{1B}[H")
        #expect(Self.name(driver) == "|Animals")
        driver.send("\u{1B}[3~\u{1B}[C\u{1B}[3~")
        #expect(Self.name(driver) == "n|mals")
        driver.send("\u{1B}[F")
        #expect(Self.name(driver) == "nmals|")
        driver.send("\u{1B}[1~\u{1B}OF\u{1B}[D\u{1B}[7~\u{05}\u{01}x")
        #expect(Self.name(driver) == "x|nmals")
    }

    @Test func aPasteGoesInAtTheCursor() throws {
        let driver = try EditorTests.editing()
        driver.press(.right, .left, .left, .left, .left)
        driver.paste("🐦 and ")
        #expect(Self.name(driver) == "Ani🐦 and |mals")
        #expect(Fixture.savedThemes(driver)[1].name == "Ani🐦 and mals")
    }

    @Test func wideCharactersAreSteppedOverAndErasedWhole() throws {
        let driver = try EditorTests.editing()
        driver.type("🇫🇷👨‍👩‍👧e\u{301}漢")
        driver.press(.left, .left)
        #expect(Self.name(driver) == "🇫🇷👨‍👩‍👧|e\u{301}漢")
        driver.press(.backspace, .delete)
        #expect(Self.name(driver) == "🇫🇷|漢")
        #expect(driver.text.contains("🇫🇷▏漢"))
    }

    /// Moving the cursor is no edit: nothing is saved and nothing said; Backspace at the start
    /// of a name is not "empty already".
    @Test func movingTheCursorSavesNothingAndSaysNothing() throws {
        let driver = try EditorTests.editing()
        // A save writes a new file and renames it over the old one: a new inode, a new date.
        func stamp() throws -> String {
            let path = driver.dataDirectory + "/memorize/" + MemorizeConstants.themesFile
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            return "\(attributes[.systemFileNumber] ?? "") \(attributes[.modificationDate] ?? "")"
        }
        driver.type("Pets")
        let saved = try stamp()
        driver.press(.left, .right, .home, .end, .left)
        #expect(try stamp() == saved)
        driver.press(.home, .backspace, .left)
        #expect(driver.editor?.message == nil)
        #expect(Self.name(driver) == "|Pets")
    }
}
