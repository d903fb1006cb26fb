import GameHost

struct CoinView: ScreenView {
    var minimumSize: Size { Size(width: 24, height: 5) }

    func title(_ model: CoinViewModel) -> String { "Coin Toss" }

    func render(_ model: CoinViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        let row = max(0, (size.height - 5) / 2)
        frame.center(model.question, row: row, style: .bold)
        frame.center(model.outcome, row: row + 2)
        frame.center(model.score, row: row + 4, style: .dim)
        return frame
    }

    func bindings(_ model: CoinViewModel) -> [KeyBinding<CoinViewModel.Intent>] {
        [.keys(.character("h"), label: "heads", .call(.heads)),
         .keys(.character("t"), label: "tails", .call(.tails))]
    }
}
