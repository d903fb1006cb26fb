import Foundation
import GameHost
import GameHostTesting
@testable import Snake
import Testing

/// Snake's view draws only the cells that show something, and copies the border's top edge
/// kept from the frame before while its words and width are the same. Here every frame of
/// many random rooms is held to the plain way (the border written afresh, the board's symbols
/// drawn cell by cell, row by row) and to a view that keeps nothing, through resizes,
/// renames, eating, crashes and players leaving.
@Suite struct SnakeDrawingTests {
    /// Sizes where cells are drawn 4×2 (the apple twice), 2×1 (the apple once) and 1×1 (`*`).
    static let sizes = [Size(width: 160, height: 40), Size(width: 80, height: 24), Size(width: 40, height: 12)]

    /// The board as first drawn: the border written afresh, then every cell of the board, row
    /// by row, from its symbol.
    static func plain(_ model: SnakeViewModel, _ layout: BoardLayout, size: Size) -> Frame {
        var frame = Frame(size: size)
        let words = SnakeView.BorderWords(width: layout.outerWidth, wrap: model.preferences.wrap,
                                          status: model.statusText,
                                          scores: model.playerScores.map { .init(player: $0.player, text: $0.text) })
        SnakeView.drawBorder(words, top: layout.top, left: layout.left, height: layout.outerHeight, into: &frame)
        let symbols = model.symbols
        for y in 0..<layout.rows {
            for x in 0..<layout.columns {
                let symbol = symbols[y * layout.columns + x]
                if case .empty = symbol { continue }
                let origin = layout.origin(x: x, y: y)
                let style: Style = switch symbol {
                case .empty, .food: .plain
                case .head(_, let player), .body(let player):
                    Style(foreground: SnakeView.colors[player % SnakeView.colors.count])
                case .crash: Style(foreground: .red, bold: true, reverse: true)
                }
                let wide = symbol.wideGlyph.flatMap { layout.cellWidth % 2 == 0 ? $0 : nil }
                for line in 0..<layout.cellHeight {
                    if let wide {
                        frame.write(String(repeating: wide, count: layout.cellWidth / 2), row: origin.row + line,
                                    column: origin.column, style: style)
                    } else {
                        frame.fill(row: origin.row + line, column: origin.column, width: layout.cellWidth,
                                   character: symbol.glyph, style: style)
                    }
                }
            }
        }
        return frame
    }

    /// Where `frame` and the plain drawing differ, cell by cell.
    static func differences(_ frame: Frame, _ plain: Frame) -> [String] {
        var found: [String] = []
        for row in 0..<frame.size.height {
            for column in 0..<frame.size.width where frame[row, column] != plain[row, column] {
                found.append("row \(row) column \(column): \(frame[row, column]) for \(plain[row, column])")
            }
        }
        return found
    }

    /// Counts of what the frames showed, so the test knows it drew the cases that matter.
    struct Seen {
        var crashes = 0, covered = 0, renames = 0, resizes = 0, frames = 0
    }

    @Test func everyFrameIsTheBoardDrawnThePlainWay() {
        var seen = Seen()
        var steer = SeededGenerator(seed: 21)
        for round in 0..<120 {
            let players = 2 + round % 7
            let preferences = SnakePreferences(speed: 4, wrap: round % 2 == 0, board: .small, players: players)
            let context = GameContext(gameID: "snake", seed: UInt64(round),
                                      storage: DataStore(directory: TestDriver.temporaryDirectory(), report: { _ in }),
                                      clock: { Date(timeIntervalSince1970: 0) }, seatCount: players, seating: .room)
            var names: [String?] = (0..<players).map { "p\($0)" }
            context.seatNames = { names }
            let model = SnakeViewModel(preferences: preferences, context: context)
            let view = SnakeView(board: preferences.board)
            for seat in 0..<players { _ = model.handle(.turn(seat % 2 == 0 ? .up : .down), from: Seat(seat)) }
            var size = Self.sizes[round % Self.sizes.count]
            var steps = 0
            while model.phase != .over, steps < 400 {
                steps += 1
                // Mostly toward the food, so snakes eat and meet there.
                for seat in 0..<players where Int.random(in: 0..<3, using: &steer) == 0 {
                    if let food = model.board.food, Int.random(in: 0..<4, using: &steer) > 0 {
                        _ = model.handle(.turnToward(x: food.x, y: food.y), from: Seat(seat))
                    } else {
                        _ = model.handle(.turn(Direction.allCases.randomElement(using: &steer)!), from: Seat(seat))
                    }
                }
                if Int.random(in: 0..<40, using: &steer) == 0 {
                    _ = model.handle(.left(player: Int.random(in: 0..<players, using: &steer)))
                }
                if Int.random(in: 0..<25, using: &steer) == 0 {
                    names[Int.random(in: 0..<players, using: &steer)] = "n\(steps)"
                    seen.renames += 1
                }
                if Int.random(in: 0..<30, using: &steer) == 0 {
                    size = Self.sizes.randomElement(using: &steer)!
                    seen.resizes += 1
                }
                _ = model.handle(.tick)
                let frame = view.render(model, in: size)
                // Compared as a Bool: a failing frame would print every cell.
                let fresh = frame == SnakeView(board: preferences.board).render(model, in: size)
                #expect(fresh, "round \(round) step \(steps): the kept border is what a view keeping nothing draws")
                guard model.banner == nil, model.waitingNote == nil else { continue }
                let layout = BoardLayout(board: preferences.board, in: size)
                let wrong = Self.differences(frame, Self.plain(model, layout, size: size))
                #expect(wrong.isEmpty, "round \(round) step \(steps): \(wrong.prefix(3))")
                seen.frames += 1
                let shown = model.board.snakes.filter { model.board.shows($0) }
                if shown.contains(where: { $0.fate == .crashed }) { seen.crashes += 1 }
                var laid = 0
                var cells = Set<Point>()
                model.layEachSymbol { point, _ in
                    laid += 1
                    cells.insert(point)
                }
                if laid > cells.count { seen.covered += 1 }
            }
        }
        #expect(seen.frames > 1_000 && seen.crashes > 20 && seen.renames > 20 && seen.resizes > 20)
        #expect(seen.covered > 3, "a head on the tail of a snake that went out on that step")
    }

    /// Food can land under a snake shown on the step it went out (another ate on that step):
    /// the body's fill covers both columns of the apple drawn before it, as if none were.
    @Test func aFillCoversAnAppleAsIfItWereNotThere() {
        for width in [2, 4] {
            var covered = Frame(size: Size(width: 8, height: 1))
            covered.write(String(repeating: "🍎", count: width / 2), row: 0, column: 2)
            covered.fill(row: 0, column: 2, width: width, character: "█", style: SnakeView.style(player: 1))
            var plain = Frame(size: Size(width: 8, height: 1))
            plain.fill(row: 0, column: 2, width: width, character: "█", style: SnakeView.style(player: 1))
            #expect(covered == plain)
        }
    }

    @Test func aBoardTooLargeForTheFrameIsDrawnAfreshEachTime() {
        let context = GameContext(gameID: "snake", seed: 1,
                                  storage: DataStore(directory: TestDriver.temporaryDirectory(), report: { _ in }),
                                  clock: { Date(timeIntervalSince1970: 0) })
        let model = SnakeViewModel(preferences: SnakePreferences(board: .large), context: context)
        let view = SnakeView(board: .large)
        let small = Size(width: 30, height: 10)
        let (_, first) = Frame.recordingCuts { view.render(model, in: small) }
        let (_, again) = Frame.recordingCuts { view.render(model, in: small) }
        #expect(!first.isEmpty, "the border is cut at the frame's edge")
        #expect(again.count == first.count, "a second frame records its cuts as the first did")
    }
}
