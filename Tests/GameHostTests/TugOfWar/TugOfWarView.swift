import GameHost

// View/TugOfWarView.swift — draws the rope and binds each seat's pull; decides nothing.
struct TugOfWarView: ScreenView {
    var minimumSize: Size { Size(width: 40, height: 5) }

    func title(_ model: TugOfWarViewModel) -> String { "Tug of War" }

    func render(_ model: TugOfWarViewModel, in size: Size) -> Frame { render(model, in: size, for: nil) }

    func render(_ model: TugOfWarViewModel, in size: Size, for seat: Seat?) -> Frame {
        var frame = Frame(size: size)
        let reach = TugOfWarRope.reach, top = size.height / 2 - 1
        let rope = (-reach...reach).map { $0 == model.rope.knot ? "●" : $0 == 0 ? "┼" : "─" }.joined()
        frame.center(model.status, row: top, style: .bold)
        frame.center("Player 1 " + rope + " Player 2", row: top + 2)
        return frame
    }

    func bindings(_ model: TugOfWarViewModel) -> [KeyBinding<TugOfWarViewModel.Intent>] { bindings(model, for: nil) }

    /// A room's seat pulls with Space; one terminal's two players with a and l; a spectator not at all.
    func bindings(_ model: TugOfWarViewModel, for seat: Seat?) -> [KeyBinding<TugOfWarViewModel.Intent>] {
        let playing = model.rope.winner == nil
        let pulls: [KeyBinding<TugOfWarViewModel.Intent>] = switch (model.seating, seat) {
        case (.room, .some(let seat)): [.keys(.space, label: "pull", enabled: playing, .pull(player: seat.index))]
        case (.room, nil): []
        default: [.keys(.character("a"), label: "Player 1 pulls", enabled: playing, .pull(player: 0)),
                  .keys(.character("l"), label: "Player 2 pulls", enabled: playing, .pull(player: 1))]
        }
        return pulls + [.keys(.character("n"), label: "again", enabled: model.mayStartAgain(seat), .again)]
    }
}
