import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// A two-seat game of one button and one wheel, whose view counts its renders.
final class TapViewModel: ViewModel {
    enum Intent: String, Codable, Sendable { case tap, up, down }
    private(set) var taps: [String] = []
    var state: [String] { taps }
    func handle(_ intent: Intent) -> [Effect<Intent>] { handle(intent, from: nil) }
    func handle(_ intent: Intent, from seat: Seat?) -> [Effect<Intent>] {
        taps.append("\(intent.rawValue)@\(seat?.index ?? -1)")
        return []
    }
}

struct TapView: ScreenView {
    /// Counts the renders; a class, so every copy's view (a value) shares it with the test.
    final class Renders: @unchecked Sendable {
        var count = 0
    }
    static let renders = Renders()

    func title(_ model: TapViewModel) -> String { "Tap" }
    func render(_ model: TapViewModel, in size: Size) -> Frame { render(model, in: size, for: nil) }
    func render(_ model: TapViewModel, in size: Size, for seat: Seat?) -> Frame {
        Self.renders.count += 1
        var frame = Frame(size: size)
        frame.button("[tap]", row: 1, column: 2, TapViewModel.Intent.tap)
        frame.write("(wheel)", row: 3, column: 2)
        frame.wheel(Rect(column: 2, row: 3, width: 7), up: TapViewModel.Intent.up, down: TapViewModel.Intent.down)
        frame.write(model.taps.joined(separator: " "), row: 5, column: 2)
        return frame
    }
    func bindings(_ model: TapViewModel) -> [KeyBinding<TapViewModel.Intent>] { [] }
}

enum TapGame: GameModule {
    static let info = GameInfo(id: "tap", title: "Tap", summary: "Two seats tap one button")
    static func seats(_ preferences: NoPreferences) -> Int { 2 }
    static func makeRoot(_ preferences: NoPreferences, _ context: GameContext) -> Screen {
        Screen(id: "tap.board", model: TapViewModel(), view: TapView())
    }
}

/// A room seat's click is matched against the frame that seat last drew (issue 35, change 7),
/// as a click on one terminal is: what the place sends is read from the drawn frame and goes
/// to the journal as the line's label, and the game is drawn only where every copy draws it,
/// to apply the journal's line.
@Suite struct RoomClickFrameTests {
    @Test func aSeatsClickOrWheelDrawsTheGameOnceToApplyItsLine() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let games = [GameEntry(TapGame.self)]
        let ada = try TestDriver(games: games, dataDirectory: host, player: "ada")
        ada.press(.character("g"), .enter, .character("o"))
        let code = try #require(ada.model(RoomViewModel.self)?.code, "\(ada.text)")
        let bob = try TestDriver(games: games, dataDirectory: host, player: "bob")
        #expect(bob.session.hosting!.joinRoom(code) == nil)
        ada.wakeUp()
        let tap = try #require(ada.lines.firstIndex { $0.contains("[tap]") }, "\(ada.text)")
        let wheel = try #require(ada.lines.firstIndex { $0.contains("(wheel)") }, "\(ada.text)")

        let session = ada.session
        _ = session.frame(session.screenSize)
        var drawn = TapView.renders.count
        session.handle(MouseEvent(.press(0), column: 4, row: tap))
        #expect(TapView.renders.count == drawn + 1,
                "one render, this copy applying the journal's line; the click was matched against the frame drawn")
        _ = session.frame(session.screenSize)
        drawn = TapView.renders.count
        session.handle(MouseEvent(.wheelUp, column: 4, row: wheel))
        #expect(TapView.renders.count == drawn + 1, "the wheel's line alike")

        // The journal's lines mean what they meant: each copy applies them as the seat's.
        #expect(bob.model(RoomViewModel.self)?.watcher?.wait(milliseconds: 1000) == true)
        bob.wakeUp()
        for driver in [ada, bob] {
            #expect(driver.text.contains("tap@0 up@0"), "\(driver.text)")
        }
        let lines = try RoomJournalReader(path: Rooms(directory: host + "/rooms").journalPath(code)).readNew()
        #expect(lines.compactMap(\.label) == ["tap", "up"], "\(lines)")
    }
}
