import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// A board whose cells answer every button: what the last press did, by button and cell.
final class ButtonsViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable { case press(button: Int, cell: Int) }
    private(set) var presses: [String] = []
    var state: [String] { presses }
    func handle(_ intent: Intent) -> [Effect<Intent>] {
        if case .press(let button, let cell) = intent { presses.append("\(button)@\(cell)") }
        return []
    }
}

struct ButtonsView: ScreenView {
    func title(_ model: ButtonsViewModel) -> String { "Buttons" }
    func render(_ model: ButtonsViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        frame.write("[0][1][2]", row: 2, column: 0)
        // Cells 0 and 1 answer left and right; the middle button only on cell 2.
        frame.region(Rect(column: 0, row: 2, width: 9)) { column, _, button in
            let cell = column / 3
            return button == .middle && cell != 2 ? nil : ButtonsViewModel.Intent.press(button: button.rawValue, cell: cell)
        }
        frame.button("[left only]", row: 4, column: 0, ButtonsViewModel.Intent.press(button: 9, cell: 9))
        frame.write(model.presses.joined(separator: " "), row: 6, column: 0)
        return frame
    }
    func bindings(_ model: ButtonsViewModel) -> [KeyBinding<ButtonsViewModel.Intent>] { [] }
}

enum ButtonsGame: GameModule {
    static let info = GameInfo(id: "buttons", title: "Buttons", summary: "Press cells with any button")
    static func makeRoot(_ preferences: NoPreferences, _ context: GameContext) -> Screen {
        Screen(id: "buttons.board", model: ButtonsViewModel(), view: ButtonsView())
    }
}

/// Right and middle clicks reach a game's regions (audit F2): from the terminal's SGR
/// reports, through traces and journals, to `play --keys`.
@Suite struct MouseButtonTests {
    var presses: (TestDriver) -> String = { $0.lines[7].trimmingCharacters(in: .whitespaces) }

    @Test func sgrReportsOfTheMiddleAndRightButtonsDecode() {
        var decoder = KeyDecoder()
        let events = decoder.feed(Array("\u{1B}[<1;4;3M\u{1B}[<2;4;3M\u{1B}[<2;4;3m".utf8))
        #expect(events == [.mouse(MouseEvent(.press(1), column: 3, row: 2)),
                           .mouse(MouseEvent(.press(2), column: 3, row: 2)),
                           .mouse(MouseEvent(.release(2), column: 3, row: 2))])
    }

    /// The bytes a terminal sends reach the region as that button; a region that answers the
    /// left button only takes no other, and such a press is not traced.
    @Test func eachButtonReachesTheRegionThatAnswersIt() throws {
        let driver = try TestDriver(games: [GameEntry(ButtonsGame.self)], play: "buttons", trace: true)
        // Row 3 of the terminal is the frame's row 2 (the header is row 0).
        driver.send("\u{1B}[<2;5;4M\u{1B}[<2;5;4m")     // right on cell 1
        driver.send("\u{1B}[<0;2;4M")                   // left on cell 0
        driver.send("\u{1B}[<1;2;4M")                   // middle on cell 0: nothing
        driver.send("\u{1B}[<1;8;4M")                   // middle on cell 2
        driver.send("\u{1B}[<2;3;6M")                   // right on a left-only button: nothing
        #expect(presses(driver) == "2@1 0@0 1@2")
        let mice = driver.traceLines.filter { $0.contains("click ") }
        // The middle click on cell 0 reached the region, which made nothing of it: traced
        // without an intent, as a left click there would be.
        #expect(mice.count == 4, "\(mice.joined(separator: "\n"))")
        #expect(mice.first?.contains(#""input":"right-click 4,3","intent""#) == true, "\(mice)")
        #expect(mice.dropFirst(2).first?.contains(#""input":"middle-click 1,3","screen""#) == true, "\(mice)")
        #expect(mice.last?.contains(#""input":"middle-click 7,3","intent""#) == true, "\(mice)")
    }

    @Test func aRightClickLineRoundTripsThroughTheJournal() throws {
        for code in 0...2 {
            let line = JournalLine.input(.mouse(MouseEvent(.press(code), column: 4, row: 3), Size(width: 80, height: 24)),
                                         time: 2)
            let data = try JSONEncoder().encode(line)
            #expect(try JSONDecoder().decode(JournalLine.self, from: data) == line)
        }
        #expect(String(decoding: try JSONEncoder().encode(JournalLine.input(
            .mouse(MouseEvent(.press(2), column: 4, row: 3), Size(width: 80, height: 24)), time: 2)), as: UTF8.self)
            .contains(#""mouse":"right-click""#))
        #expect(JournalHeader.currentFormat == 3, "a format 2 reader would stop at a right-click line")
    }

    /// `play --keys` spells the buttons as traces do, and plays them.
    @Test func playKeysSpellsAndReplaysEveryButton() throws {
        let words = ["right-click:4,3", "middle-click:7,3", "click:1,3"]
        let inputs = words.compactMap(PlayInput.init(word:))
        #expect(inputs.map(\.word) == words)
        let driver = try TestDriver(games: [GameEntry(ButtonsGame.self)], play: "buttons")
        driver.session.play(inputs)
        #expect(presses(driver) == "2@1 1@2 0@0")
    }

    /// A hosted or resumable session journals its right clicks.
    @Test func aRightClickIsJournaled() throws {
        let data = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let first = try TestDriver(games: [GameEntry(ButtonsGame.self)], dataDirectory: data, journals: true)
        first.press(.enter, .enter)
        first.send("\u{1B}[<2;5;4M")
        first.send("\u{1B}[<0;8;4M")
        #expect(presses(first) == "2@1 0@2")
        let files = FileManager.default.enumerator(atPath: data)?.compactMap { $0 as? String } ?? []
        let path = try #require(files.first { $0.hasSuffix(".jsonl") }, "\(files)")
        let journal = try Journal.parse(try Data(contentsOf: URL(fileURLWithPath: data + "/" + path)))
        #expect(journal.inputs.contains { if case .mouse(let event, _) = $0.input { event.action == .press(2) } else { false } })
    }
}

/// In a room a seat's right and middle clicks go through the room's screen to the journal
/// and back to the game as that seat's input, as its left clicks do.
@Suite struct RoomMouseButtonTests {
    @Test func aRoomSeatsRightClickIsJournaledAsOneAndResolvedForThatSeat() throws {
        let folder = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = DataStore(directory: folder, report: { _ in })
        let context = GameContext(gameID: "buttons", seed: 1, storage: store, clock: { Date(timeIntervalSince1970: 0) },
                                  seatCount: 2, seating: .room)
        let screen = ButtonsGame.makeRoot(NoPreferences(), context)
        let size = Size(width: 40, height: 10)
        let mapped = RoomView.clicks(of: screen.render(size, for: Seat(0)), size: size, seat: Seat(0),
                                     bindings: screen.bindings(for: Seat(0)))
        let region = try #require(mapped.region(atColumn: 4, row: 2))
        #expect(region.buttonLabels.isEmpty && region.buttons != nil, "the room's region answers every button")
        guard case .intent(let value)? = region.sends(.right, column: 4, row: 2) else {
            Issue.record("a right click on the room's copy of the board sends nothing")
            return
        }
        #expect(value as? RoomViewModel.Intent == .click(column: 4, row: 2, size: size, button: 2,
                                                          label: "press(button: 2, cell: 1)"))
        if case .intent(let left)? = region.sends(.left, column: 4, row: 2) {
            #expect(left as? RoomViewModel.Intent == .click(column: 4, row: 2, size: size, label: "press(button: 0, cell: 1)"),
                    "a left click as before")
        }
        // Every copy of the room resolves the journaled right click to the game's intent.
        let resolved = try #require(RoomGame.resolve(MouseEvent(.press(2), column: 4, row: 2), on: screen, for: Seat(0), at: size))
        guard case .intent(let intent) = resolved.action else {
            Issue.record("resolved to a key")
            return
        }
        #expect(intent as? ButtonsViewModel.Intent == .press(button: 2, cell: 1))
        #expect(RoomGame.resolve(MouseEvent(.press(2), column: 3, row: 4), on: screen, for: Seat(0), at: size) == nil,
                "a right click on a left-only button does nothing")
    }
}
