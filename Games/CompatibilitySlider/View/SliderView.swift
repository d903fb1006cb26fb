import GameHost

/// Draws the slider game: a turn, the hand-over or the result (in a room: rating together
/// and each topic's reveal), and lists the keys of the moment. It decides nothing; it asks the view model.
struct SliderView: ScreenView {
    var minimumSize: Size { Size(width: 40, height: 10) }

    /// Below this content height the screens drop their spacing.
    static let roomyHeight = 16

    func title(_ model: SliderViewModel) -> String { model.title }

    func render(_ model: SliderViewModel, in size: Size) -> Frame { render(model, in: size, for: nil) }

    /// A seat of a room sees its own slider only; on one terminal (and for nil) the screen
    /// is the same for everyone.
    func render(_ model: SliderViewModel, in size: Size, for seat: Seat?) -> Frame {
        var frame = Frame(size: size)
        switch model.phase {
        case .turn: drawTurn(model, into: &frame)
        case .handOver: drawHandOver(model, into: &frame)
        case .results: drawResults(model, for: seat, into: &frame)
        case .together: drawTogether(model, for: seat, into: &frame)
        case .reveal: drawReveal(model, for: seat, into: &frame)
        }
        return frame
    }

    func bindings(_ model: SliderViewModel) -> [KeyBinding<SliderViewModel.Intent>] { bindings(model, for: nil) }

    func bindings(_ model: SliderViewModel, for seat: Seat?) -> [KeyBinding<SliderViewModel.Intent>] {
        if case .together = model.phase { return togetherBindings(model, for: seat) }
        if case .reveal = model.phase { return revealBindings(model, for: seat) }
        let sliding = model.canSlide
        let scrolling = model.canScroll && model.maxScroll > 0
        var bindings: [KeyBinding<SliderViewModel.Intent>] = []
        switch model.phase {
        case .turn: bindings.append(.keys(.enter, .space, label: model.recordTitle.lowercased(), .record))
        case .handOver: bindings.append(.keys(.enter, .space, label: "start", .beginSecondTurn))
        case .results:
            let action = model.zone?.action.lowercased() ?? "new round"
            bindings.append(.keys(.enter, .space, label: action, .newRound))
        case .together, .reveal: break
        }
        let noSlider = model.noSliderText, noScroll = model.noScrollText
        bindings += sliderBindings(model, at: sliding ? model.slider : nil, because: noSlider)
        bindings.append(.keys(.up, .character("k"), label: "scroll", enabled: scrolling, because: noScroll,
                              hint: scrolling, .scroll(-1)))
        bindings.append(.keys(.down, .character("j"), label: "scroll", enabled: scrolling, because: noScroll,
                              hint: scrolling, .scroll(1)))
        bindings.append(.keys(.character("p"), label: "preferences", enabled: model.canOpenPreferences,
                              because: model.preferencesLaterText, hint: !model.inRoom, .openPreferences))
        return bindings
    }

    /// ←/→ and 1–5 for a slider at `rating` (nil: it cannot move now, for `reason`). A key
    /// that would leave the slider where it is does nothing and says why (audit M6); its hint
    /// stays, so the footer keeps reading "←/→ slide  1-5 rate" as the slider moves.
    func sliderBindings(_ model: SliderViewModel, at rating: Rating?,
                        because reason: Prose<SliderViewModel.Intent>) -> [KeyBinding<SliderViewModel.Intent>] {
        let stays = rating.map(SliderViewModel.staysText) ?? reason
        func moves(to target: Rating?) -> Bool { rating != nil && target != rating }
        let lower = moves(to: rating?.moved(by: -1)), higher = moves(to: rating?.moved(by: 1))
        let shown = rating != nil
        return [.keys(.left, .character("h"), label: "slide", enabled: lower, because: stays, hint: shown, .slide(-1)),
                .keys(.right, .character("l"), label: "slide", enabled: higher, because: stays, hint: shown, .slide(1))]
            + Rating.allCases.map { target in
                .keys(.digit(target.rawValue), label: "rate", enabled: moves(to: target), because: stays,
                      hint: shown, .choose(target.rawValue))
            }
    }

    // MARK: - Shared pieces

    static func color(_ player: Player) -> Color { player == .first ? .cyan : .magenta }

    /// A name cut to a width, marked with "…" and with no space left dangling before it.
    static func fit(_ name: String, to width: Int) -> String {
        guard DisplayWidth.of(name) > width else { return name }
        var cut = DisplayWidth.truncate(name, to: max(0, width - 1), ellipsis: false)
        while cut.last?.isWhitespace == true { cut.removeLast() }
        return cut + "…"
    }

    /// A sentence with a name in it, the name cut so the sentence fits the width.
    static func fitted(_ sentence: (String) -> String, name: String, width: Int) -> String {
        let room = width - DisplayWidth.of(sentence(""))
        return sentence(fit(name, to: max(3, room)))
    }
}
