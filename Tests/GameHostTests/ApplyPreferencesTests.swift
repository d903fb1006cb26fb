import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// Audit #8: closing the preferences opened from inside a game threw a round in play away.
/// With a round in play the player is asked; without one the game starts anew at once.
@Suite struct ApplyPreferencesTests {
    struct Sizes: Sendable, Equatable {
        var size = 3
    }

    /// s starts a round, p opens the preferences.
    final class SheetViewModel: ViewModel {
        enum Intent: String, Codable, Sendable { case start, preferences }
        let size: Int
        private(set) var playing = false
        init(size: Int) { self.size = size }
        var state: Bool { playing }
        var roundInPlay: Bool? { playing }
        func handle(_ intent: Intent) -> [Effect<Intent>] {
            switch intent {
            case .start: playing = true
            case .preferences: return [.openPreferences]
            }
            return []
        }
    }

    struct SheetView: ScreenView {
        func title(_ model: SheetViewModel) -> String { "Sheet" }
        func render(_ model: SheetViewModel, in size: Size) -> Frame {
            var frame = Frame(size: size)
            frame.write("size \(model.size) \(model.playing ? "playing" : "waiting")", row: 0, column: 0)
            return frame
        }
        func bindings(_ model: SheetViewModel) -> [KeyBinding<SheetViewModel.Intent>] {
            [.keys(.character("s"), label: "start", .start), .keys(.character("p"), label: "preferences", .preferences)]
        }
    }

    enum SheetGame: GameModule {
        static let info = GameInfo(id: "sheet", title: "Sheet", summary: "Opens its preferences")
        static let preferences = PreferenceSchema(defaults: Sizes(), fields: [
            .integer("size", \.size, in: 1...9, label: "Size", help: "How big"),
        ])
        static func makeRoot(_ preferences: Sizes, _ context: GameContext) -> Screen {
            Screen(id: "sheet.main", model: SheetViewModel(size: preferences.size), view: SheetView())
        }
    }

    /// Opens the sheet, raises Size by one, closes it.
    func changeSize(_ driver: TestDriver) throws {
        driver.press(.character("p"))
        let form = try #require(driver.model(PreferencesFormViewModel.self))
        let row = try #require(form.rows.firstIndex(of: .field(0)))
        driver.send(PreferencesFormViewModel.Intent.step(row, 1))
        driver.press(.character("q"))
    }

    @Test func withNoRoundInPlayTheGameStartsAnewAtOnce() throws {
        let driver = try TestDriver(games: [GameEntry(SheetGame.self)], play: "sheet")
        try changeSize(driver)
        #expect(driver.screenID == "sheet.main" && driver.text.contains("size 4 waiting"))
    }

    @Test func withARoundInPlayThePlayerIsAskedAndKeepsPlaying() throws {
        let driver = try TestDriver(games: [GameEntry(SheetGame.self)], play: "sheet")
        driver.press(.character("s"))
        let playing = try #require(driver.model(SheetViewModel.self))
        try changeSize(driver)
        #expect(driver.screenID == "host.apply-preferences", "\(driver.screenIDs)")
        #expect(driver.text.contains("The new preferences need a new game of Sheet."))
        driver.press(.enter)
        #expect(driver.model(SheetViewModel.self) === playing && driver.text.contains("size 3 playing"))
        #expect(driver.session.notices == [ApplyPreferencesViewModel.keptNotice])
        // The next game takes them.
        driver.press(.character("q"), .enter)
        #expect(driver.text.contains("size 4 waiting"), "\(driver.text)")
    }

    @Test func withARoundInPlayANewGameTakesTheNewPreferences() throws {
        let driver = try TestDriver(games: [GameEntry(SheetGame.self)], play: "sheet")
        driver.press(.character("s"))
        try changeSize(driver)
        driver.press(.character("n"))
        #expect(driver.screenID == "sheet.main" && driver.text.contains("size 4 waiting"), "\(driver.text)")
    }

    @Test func escOnTheQuestionKeepsPlaying() throws {
        let driver = try TestDriver(games: [GameEntry(SheetGame.self)], play: "sheet")
        driver.press(.character("s"))
        try changeSize(driver)
        driver.press(.escape)
        #expect(driver.text.contains("size 3 playing"))
    }
}
