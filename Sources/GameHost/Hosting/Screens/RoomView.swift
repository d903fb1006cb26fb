#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct RoomView: StackedView {
    func title(_ model: RoomViewModel) -> String { model.title }

    /// Two lines about the room above the game, drawn for this process's seat and size.
    func render(_ model: RoomViewModel, in size: Size) -> Frame {
        Frame(stacking: parts(model, in: size, for: model.seat), size: size)
    }

    /// The two lines, kept from frame to frame, and the game's frame under them; or, before
    /// the game and after it, one frame of the room's. Drawn for this process's seat, whatever `seat`.
    func parts(_ model: RoomViewModel, in size: Size, for seat: Seat?) -> [Frame] {
        let lines = Lines(status: model.status, seats: model.seats, width: size.width)
        guard size.height >= 2 else {
            var frame = Frame(size: size)
            Self.draw(lines, into: &frame)
            return [frame]
        }
        let kept = model.lines.frame(for: lines, draw: Self.draw)
        guard model.room.started != nil, let top = model.game.top else {
            guard model.room.started == nil, !model.room.isEnded else { return [kept] }
            var frame = Frame(stacking: [kept], size: size)
            drawWaiting(model, into: &frame)
            return [frame]
        }
        let area = Size(width: size.width, height: size.height - 2)
        guard top.minimumSize.fits(in: area) else {
            return [kept, Chrome.tooSmall(area, needs: top.minimumSize, chrome: 2 + Session.chromeHeight)]
        }
        // A spectator's frame is drawn for no seat: the game shows it what every seat may see.
        return [kept, Self.clicks(of: top.render(area, for: model.seat), size: area, seat: model.seat,
                                  bindings: model.game.bindings(for: model.seat))]
    }

    /// What the two lines above the game say, at a width.
    struct Lines: Equatable {
        let status: String
        let seats: String
        let width: Int
    }

    static func draw(_ lines: Lines) -> Frame {
        var frame = Frame(size: Size(width: lines.width, height: 2))
        draw(lines, into: &frame)
        return frame
    }

    private static func draw(_ lines: Lines, into frame: inout Frame) {
        frame.fill(row: 0, column: 0, width: lines.width)
        frame.write(DisplayWidth.truncate(lines.status, to: max(0, lines.width - 2)), row: 0, column: 1, style: .reverse)
        frame.write(DisplayWidth.truncate(lines.seats, to: max(0, lines.width - 2)), row: 1, column: 1, style: .dim)
    }

    /// Before the game: the code, large enough to read aloud, and how the others come in.
    private func drawWaiting(_ model: RoomViewModel, into frame: inout Frame) {
        let width = max(1, min(frame.size.width - 4, 64))
        let seats = model.room.seats.count
        let how = model.seat == nil
            ? "The game starts when all \(seats) seats are taken; you will watch it from here."
            : model.room.isByCodeOnly
            ? "Tell the others this code: in the lobby they press c and type it. Only those who type it "
                + "may join. The game starts when all \(seats) seats are taken; anyone else may watch it "
                + "from the lobby."
            : "Tell the others this code. In the lobby they press c and type it, or pick the room "
                + "in the list and press Enter. The game starts when all \(seats) seats are taken; "
                + "anyone else may watch it from the lobby."
        let code = "Room code: \(model.code.text)"
        let lines = DisplayWidth.wrap(how, width: width)
        var row = max(3, 2 + (frame.size.height - 2 - 3 - lines.count) / 2)
        frame.write(code, row: row, column: max(0, (frame.size.width - DisplayWidth.of(code)) / 2), style: .bold)
        row += 2
        for line in lines where row < frame.size.height {
            frame.write(line, row: row, column: max(0, (frame.size.width - DisplayWidth.of(line)) / 2))
            row += 1
        }
    }

    /// The game's frame with its clickable places sending the room's intents: a seat's click
    /// goes to the journal with its place and what the place sends in this frame (its label),
    /// and every copy resolves it for that seat. A spectator's clicks reach nothing.
    static func clicks(of game: Frame, size: Size, seat: Seat?, bindings: @autoclosure () -> [ScreenBinding]) -> Frame {
        game.mappingRegions { region in
            guard seat != nil else { return nil }
            let rect = region.rect
            // A region that sends a key (games' send intents) is named by the seat's binding now.
            let keyLabel: String? = if case .key(let key) = region.click {
                RoomGame.binding(bindings(), key)?.label
            } else { nil }
            @Sendable func click(_ column: Int, _ row: Int, _ button: MouseButton) -> RoomViewModel.Intent {
                let place = (column: rect.column + column, row: rect.row + row)
                let label = RoomGame.click(button, column: place.column, row: place.row, on: region) { _ in keyLabel }?.label
                return .click(column: place.column, row: place.row, size: size,
                              button: button == .left ? nil : button.rawValue, label: label)
            }
            let clicked: HitRegion.Click? = region.click == nil ? nil : .position { click($0, $1, .left) }
            // A wheel's intents have no place: the region's corner stands for it.
            let wheel = region.wheel.map { _ in
                let up = RoomGame.wheel(up: true, column: rect.column, row: rect.row, on: game)?.label
                let down = RoomGame.wheel(up: false, column: rect.column, row: rect.row, on: game)?.label
                return (up: RoomViewModel.Intent.wheel(up: true, column: rect.column, row: rect.row, size: size,
                                                       label: up) as any Sendable,
                        down: RoomViewModel.Intent.wheel(up: false, column: rect.column, row: rect.row, size: size,
                                                         label: down) as any Sendable)
            }
            // A region that answers every button keeps doing so, with its labels for the footer.
            guard region.buttons != nil else { return HitRegion(rect, enabled: region.isEnabled, click: clicked, wheel: wheel) }
            return HitRegion(rect, enabled: region.isEnabled, wheel: wheel, labels: region.buttonLabels) { column, row, button in
                click(column, row, button)
            }
        }
    }

    func bindings(_ model: RoomViewModel) -> [KeyBinding<RoomViewModel.Intent>] {
        if model.room.isEnded { return [.keys(.enter, .space, label: "back to the lobby", .press(.enter))] }
        if model.canChooseByCode {
            return [.keys(.character("p"), label: model.room.isByCodeOnly ? "let anyone join" : "by code only",
                          .byCodeOnly)]
        }
        guard model.room.started != nil, model.game.top != nil else { return [] }
        // A spectator's keys never reach the game, and it looks through no seat's eyes.
        guard let seat = model.seat else { return [] }
        return model.forwarded.bindings(from: model.game.bindings(for: seat))
    }
}

/// The room's keys, forwarded from the game's bindings for the seat: made again only when
/// those show something else, since a forwarded binding takes nothing from the game's but its
/// keys and what it shows (the frame asks for them each time it is drawn). The same forwarded
/// array is returned while they are kept, so the room's screen keeps its erased copies too
/// (`KeptScreenBindings`).
final class ForwardedBindings {
    private var kept: (from: [ScreenBinding], bindings: [KeyBinding<RoomViewModel.Intent>])?

    func bindings(from game: [ScreenBinding]) -> [KeyBinding<RoomViewModel.Intent>] {
        // The game's screen returns the array it kept while its view's bindings are the same.
        if let kept, kept.from.sharesStorage(with: game)
            || kept.from.count == game.count && zip(kept.from, game).allSatisfy({ $0.showsSame(as: $1) }) {
            return kept.bindings
        }
        let bindings = Self.forward(game)
        kept = (game, bindings)
        return bindings
    }

    static func forward(_ game: [ScreenBinding]) -> [KeyBinding<RoomViewModel.Intent>] {
        game.filter { !$0.keys.contains(.control("c")) }.map { KeyBinding.forwarding($0) { .press($0) } }
    }
}
