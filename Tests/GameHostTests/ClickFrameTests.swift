import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// A click is matched against the frame last drawn (issue 35, change 7): the player clicked on
/// what they saw, and the session need not draw it again to find what is under the pointer;
/// once anything changed since that frame, it is drawn anew, as a replay of the click would.
@Suite struct ClickFrameTests {
    /// Counts the screen's renders; a class, so the view (a value) shares it with the test.
    final class Renders: @unchecked Sendable {
        var count = 0
    }

    /// A button that moves one row down with each press of it.
    final class ButtonModel: ViewModel {
        enum Intent: String, Codable, Sendable { case press }
        private(set) var presses = 0
        var state: Int { presses }
        func handle(_ intent: Intent) -> [Effect<Intent>] {
            presses += 1
            return []
        }
    }

    struct ButtonView: ScreenView {
        let renders: Renders
        func title(_ model: ButtonModel) -> String { "Button" }
        func render(_ model: ButtonModel, in size: Size) -> Frame {
            renders.count += 1
            var frame = Frame(size: size)
            frame.button("[press]", row: model.presses, column: 2, ButtonModel.Intent.press)
            return frame
        }
        func bindings(_ model: ButtonModel) -> [KeyBinding<ButtonModel.Intent>] { [] }
    }

    func session() throws -> (TestDriver, ButtonModel, Renders) {
        let driver = try TestDriver(games: [GameEntry(CounterGame.self)])
        let model = ButtonModel(), renders = Renders()
        driver.session.push(Session.Layer(screen: Screen(id: "test.button", model: model, view: ButtonView(renders: renders)),
                                          owner: .host))
        return (driver, model, renders)
    }

    /// The header takes the first row: the button's row `n` is the terminal's row `n + 1`.
    func press(_ session: Session, row: Int) {
        session.handle(MouseEvent(.press(0), column: 4, row: row + 1))
    }

    @Test func aClickOnTheFrameJustDrawnDrawsNothingMore() throws {
        let (driver, model, renders) = try session()
        let session = driver.session
        _ = session.frame(session.screenSize)
        let drawn = renders.count
        press(session, row: 0)
        #expect(model.presses == 1)
        #expect(renders.count == drawn, "the click was matched against the frame drawn, not a new one")
    }

    @Test func aClickAfterAChangeIsMatchedAgainstTheScreenAsItIsNow() throws {
        let (driver, model, _) = try session()
        let session = driver.session
        _ = session.frame(session.screenSize)
        press(session, row: 0)
        // Not drawn since: the button has moved to row 1, and a click there finds it.
        press(session, row: 0)
        #expect(model.presses == 1, "row 0 holds nothing now")
        press(session, row: 1)
        #expect(model.presses == 2)
        // Drawn at another size than the terminal's: not what the player sees.
        _ = session.frame(Size(width: 60, height: 20))
        press(session, row: 2)
        #expect(model.presses == 3)
    }
}
