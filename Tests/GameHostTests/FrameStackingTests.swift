import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// A two-seat game whose frame holds everything a frame carries: styles, wide characters
/// (one in the last column, cut there), clusters, and regions of every kind.
final class StackViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable { case tap, at(Int, Int), button(Int, Int, Int), up, down }
    var state: [String] { [] }
    func handle(_ intent: Intent) -> [Effect<Intent>] { [] }
}

struct StackView: ScreenView {
    func title(_ model: StackViewModel) -> String { "Stack 漢字" }
    func render(_ model: StackViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        frame.write("👩‍💻 é\u{301} 中文 🇫🇷", row: 0, column: 1, style: Style(foreground: .cyan, bold: true))
        frame.write("漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字", row: 1, column: 1,
                    style: Style(background: .blue))
        frame.write("x中", row: 2, column: size.width - 2, style: .reverse)
        frame.box(row: 3, column: 0, width: 12, height: 4, style: .dim)
        frame.button("[tap]", row: 4, column: 2, StackViewModel.Intent.tap)
        frame.region(Rect(column: 14, row: 3, width: 6, height: 2)) { column, row in StackViewModel.Intent.at(column, row) }
        frame.region(Rect(column: 22, row: 3, width: 5, height: 3), labels: [.right: "flag"]) { column, row, button in
            StackViewModel.Intent.button(column, row, button.rawValue)
        }
        frame.wheel(Rect(column: 14, row: 5, width: 8), up: StackViewModel.Intent.up, down: StackViewModel.Intent.down)
        frame.region(Rect(column: 2, row: 6, width: 30, height: 9), enabled: false, StackViewModel.Intent.tap)
        return frame
    }
    func bindings(_ model: StackViewModel) -> [KeyBinding<StackViewModel.Intent>] {
        [.keys(.character("t"), label: "tap", .tap), .keys(.character("f"), label: "flag", .up)]
    }
    var minimumSize: Size { Size(width: 42, height: 8) }
}

enum StackGame: GameModule {
    static let info = GameInfo(id: "stack", title: "Stack", summary: "Everything a frame carries")
    static func seats(_ preferences: NoPreferences) -> Int { 2 }
    static func makeRoot(_ preferences: NoPreferences, _ context: GameContext) -> Screen {
        Screen(id: "stack.board", model: StackViewModel(), view: StackView())
    }
}

/// A stacked view whose parts do not fit its area: one wider, and more rows than there are.
struct OverflowingView: StackedView {
    func title(_ model: StackViewModel) -> String { "Overflowing" }
    func render(_ model: StackViewModel, in size: Size) -> Frame { Frame.drawing(parts(model, in: size, for: nil), size: size) }
    func parts(_ model: StackViewModel, in size: Size, for seat: Seat?) -> [Frame] {
        [FrameStackingTests.part("中文字 é\u{301}", width: size.width, height: 2),
         FrameStackingTests.part("ab中文字漢字中文字漢字中文字漢字中文字漢字中文字漢字中文字漢字", width: size.width + 1, height: size.height)]
    }
    func bindings(_ model: StackViewModel) -> [KeyBinding<StackViewModel.Intent>] { [] }
    var minimumSize: Size { Size(width: 10, height: 3) }
}

/// Frames stacked one under the other (`Frame(stacking:)`, the chrome over a screen's parts)
/// against the frames composed as they were before: a blank frame, each part drawn into it
/// with `draw`, the whole terminal's blank frame with the content's drawn into it. Cells,
/// clusters and regions (what every click and wheel turn on every cell asks for) must be the same.
@Suite struct FrameStackingTests {
    /// A part `height` rows tall of `text` on every row, with a region of each kind.
    static func part(_ text: String, width: Int, height: Int, style: Style = .plain) -> Frame {
        var frame = Frame(size: Size(width: width, height: height))
        for row in 0..<height { frame.write(text, row: row, column: row % 3, style: style) }
        frame.button("[ok]", row: 0, column: 1, StackViewModel.Intent.tap)
        frame.region(Rect(column: width - 3, row: 0, width: 6, height: height + 2)) { column, row in
            StackViewModel.Intent.at(column, row)
        }
        frame.wheel(Rect(column: 0, row: height - 1, width: 4), up: StackViewModel.Intent.up, down: StackViewModel.Intent.down)
        return frame
    }

    /// Everything about two frames that can differ, in words: cells as stored, clusters,
    /// regions, and what a press of each button and a turn of the wheel on each cell ask for.
    static func differences(_ made: Frame, _ expected: Frame) -> [String] {
        guard made.size == expected.size else { return ["size \(made.size), not \(expected.size)"] }
        var found: [String] = []
        if made.slots != expected.slots { found.append("slots:\n\(made.text)\n---\n\(expected.text)") }
        if made.clusters != expected.clusters { found.append("clusters \(made.clusters) / \(expected.clusters)") }
        if made != expected { found.append("cells") }
        func look(_ region: HitRegion) -> String {
            let click: String = switch region.click {
            case .key(let key): "key \(key.name)"
            case .intent(let value): "intent \(value)"
            case .position(let make): "position \(String(describing: make(0, 0)))"
            case nil: "none"
            }
            return "\(region.rect) \(region.isEnabled) \(click) \(region.wheel.map { "\($0.up) \($0.down)" } ?? "-") "
                + "\(region.buttons != nil) \(region.buttonLabels.sorted { $0.key.rawValue < $1.key.rawValue })"
        }
        if made.regions.map(look) != expected.regions.map(look) {
            found.append("regions \(made.regions.map(look)) / \(expected.regions.map(look))")
        }
        func asked(_ frame: Frame, _ event: MouseEvent) -> String {
            switch frame.pointing(event) {
            case .ignored: "ignored"
            case .swallowed: "swallowed"
            case .key(let key): "key \(key.name)"
            case .intent(let value): "intent \(String(describing: value))"
            }
        }
        let actions: [MouseEvent.Action] = [.press(0), .press(1), .press(2), .wheelUp, .wheelDown]
        for row in 0..<made.size.height {
            for column in 0..<made.size.width {
                for action in actions {
                    let event = MouseEvent(action, column: column, row: row)
                    if asked(made, event) != asked(expected, event) {
                        found.append("\(action) at \(column),\(row): \(asked(made, event)) / \(asked(expected, event))")
                    }
                }
            }
        }
        return found
    }

    @Test func stackedPartsAreThePartsDrawnIntoABlankFrame() {
        let width = 16
        let wide = Self.part("中文字漢字中文字漢", width: width, height: 2, style: Style(foreground: .red))
        let clusters = Self.part("é\u{301}👩‍💻🇫🇷a", width: width, height: 3, style: .bold)
        let more = Self.part("🇫🇷x👩‍💻e\u{301}", width: width, height: 1, style: .dim)
        let ascii = Self.part("plain text here", width: width, height: 2)
        let cases: [(String, [Frame], Size)] = [
            ("nothing", [], Size(width: width, height: 4)),
            ("one part filling the frame", [ascii], Size(width: width, height: 2)),
            ("parts with clusters, one after another", [clusters, ascii, more, clusters], Size(width: width, height: 10)),
            ("wide characters and blank rows under", [wide, clusters], Size(width: width, height: 9)),
            ("a part of no rows", [Frame(size: Size(width: width, height: 0)), more], Size(width: width, height: 2)),
            ("more rows than the frame's: cut", [clusters, wide, more], Size(width: width, height: 4)),
            ("a narrower part: a wide character cut at its edge", [wide, Self.part("中文字漢", width: 7, height: 2)],
             Size(width: width, height: 5)),
            ("a wider part: a wide character across the frame's edge", [more, Self.part("ab中文字漢字中文字漢", width: width + 1, height: 2)],
             Size(width: width, height: 4)),
            ("no columns", [Frame(size: Size(width: 0, height: 2))], Size(width: 0, height: 3)),
            ("a size below nothing", [more], Size(width: -2, height: -1)),
        ]
        for (name, parts, size) in cases {
            let stacked = Frame(stacking: parts, size: size)
            let drawn = Frame.drawing(parts, size: size)
            #expect(Self.differences(stacked, drawn).isEmpty, "\(name): \(Self.differences(stacked, drawn))")
            #expect(stacked.invariantProblems().isEmpty, "\(name): \(stacked.invariantProblems())")
        }
    }

    /// The whole terminal as it was composed before: the content's own frame (`content`, else
    /// the screen's), drawn with the header into a blank frame of the terminal's size, the
    /// messages over it, the footer under it.
    static func composedAsBefore(_ size: Size, top: Screen, titles: [String], messages: [String],
                                 content: ((Size) -> Frame)? = nil) -> Frame {
        let area = Size(width: size.width, height: max(0, size.height - Chrome.height))
        guard top.minimumSize.fits(in: area) else {
            return Chrome.tooSmall(size, needs: Size(width: top.minimumSize.width, height: top.minimumSize.height + Chrome.height),
                                   advice: top.advice(toFit: area))
        }
        let content = content?(area) ?? top.render(area)
        let chrome = Chrome(titles: titles, watched: nil, messages: messages, bindings: top.bindings(), goesBack: true,
                            showsStyles: true)
        var frame = Frame(size: size)
        frame.draw(chrome.headerRow(width: size.width), row: 0, column: 0)
        frame.draw(content, row: 1, column: 0)
        let notices = Chrome.noticeLines(messages, width: size.width - 2, room: size.height - Chrome.height)
        for (offset, line) in notices.enumerated() {
            let row = size.height - 1 - notices.count + offset
            frame.fill(row: row, column: 0, width: size.width)
            frame.write(" " + line, row: row, column: 0, style: Style(foreground: .yellow, bold: true))
            frame.addRegion(HitRegion(Rect(column: 0, row: row, width: size.width), enabled: false, click: nil))
        }
        frame.draw(chrome.footerRow(buttons: content.buttonLabels, width: size.width), row: size.height - 1, column: 0)
        return frame
    }

    /// A room's content as its view drew it before, while the game is played: a blank frame,
    /// the two lines drawn anew at the top, the game's frame (or the notice that it does not
    /// fit) drawn under them.
    static func roomAsBefore(_ model: RoomViewModel, _ size: Size) -> Frame {
        var frame = Frame(size: size)
        frame.draw(RoomView.draw(RoomView.Lines(status: model.status, seats: model.seats, width: size.width)), row: 0,
                   column: 0)
        guard let top = model.game.top else { return frame }
        let area = Size(width: size.width, height: max(0, size.height - 2))
        if top.minimumSize.fits(in: area) {
            frame.draw(RoomView.clicks(of: top.render(area, for: model.seat), size: area, seat: model.seat,
                                       bindings: model.game.bindings(for: model.seat)), row: 2, column: 0)
        } else {
            frame.draw(Chrome.tooSmall(area, needs: top.minimumSize, chrome: 2 + Session.chromeHeight), row: 2, column: 0)
        }
        return frame
    }

    func expectComposedAsBefore(_ screen: Screen, _ step: String, content: ((Size) -> Frame)? = nil,
                                sizes: [Size] = [Size(width: 40, height: 14), Size(width: 44, height: 20),
                                                 Size(width: 45, height: 13), Size(width: 20, height: 6)]) {
        let rows = ChromeRows()
        for size in sizes {
            for messages in [[], ["Something happened, and it takes more words than one row has room for"]] {
                let titles = ["GameHost", "Stack", screen.title()]
                for kept in [nil, rows] {
                    let made = Chrome.frame(size, top: screen, titles: { titles }, watched: nil, messages: { messages },
                                            goesBack: true, showsStyles: true, rows: kept)
                    let before = Self.composedAsBefore(size, top: screen, titles: titles, messages: messages,
                                                       content: content)
                    let differences = Self.differences(made, before)
                    #expect(differences.isEmpty, "\(step), \(size), \(messages.count) messages: \(differences.prefix(3))")
                }
            }
        }
    }

    @Test func gameScreensAreComposedAsBefore() throws {
        for game in [GameEntry(StackGame.self), GameEntry(CounterGame.self), GameEntry(DuelGame.self)] {
            let driver = try TestDriver(games: [game], play: game.id)
            expectComposedAsBefore(try #require(driver.session.topScreen), game.id)
        }
        expectComposedAsBefore(Screen(id: "test.overflowing", model: StackViewModel(), view: OverflowingView()),
                               "a stacked view's parts cut by its area")
    }

    @Test func aRoomIsComposedAsBefore() throws {
        let host = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: host) }
        let games = [GameEntry(StackGame.self)]
        let ada = try TestDriver(games: games, size: Size(width: 44, height: 20), dataDirectory: host, player: "ada")
        ada.press(.character("g"), .enter, .character("o"))
        let room = try #require(ada.session.topScreen)
        let code = try #require(ada.model(RoomViewModel.self)?.code, "\(ada.text)")
        expectComposedAsBefore(room, "waiting")
        let bob = try TestDriver(games: games, dataDirectory: host, player: "bob")
        #expect(bob.session.hosting!.joinRoom(code) == nil)
        #expect(ada.model(RoomViewModel.self)?.watcher?.wait(milliseconds: 1000) == true)
        ada.wakeUp()
        #expect(ada.text.contains("[tap]"), "\(ada.text)")
        // At 40×14 the game does not fit under the room's lines: the room's notice is there instead.
        for (driver, step) in [(ada, "playing"), (bob, "playing, bob")] {
            let model = try #require(driver.model(RoomViewModel.self))
            expectComposedAsBefore(try #require(driver.session.topScreen), step) { Self.roomAsBefore(model, $0) }
        }
        let frame = ada.frame
        let tap = try #require(frame.lines.firstIndex { $0.contains("[tap]") })
        #expect(frame.region(atColumn: 4, row: tap)?.click != nil, "the game's regions reach the terminal's frame")
    }
}
