import GameHost

/// A topic rated together in a room, drawn for one seat: its own marker framed, its own
/// slider, and of the other player only whether they have locked in. A spectator (nil)
/// sees both players' progress and no slider.
extension SliderView {
    func drawTogether(_ model: SliderViewModel, for seat: Seat?, into frame: inout Frame) {
        guard let topic = model.topic, let progress = model.progressText, let lockIn = model.together else { return }
        let width = frame.size.width
        let roomy = frame.size.height >= Self.roomyHeight
        let me = model.player(for: seat)
        let other = me.map { status(of: $0.other, model, lockIn, width: width - 2) }
        var rows = Layout.Rows(centering: roomy ? 16 : 10, in: frame.size.height)
        // Roomy, the other's progress has a row of its own under the button when the frame
        // has two rows more than the 16 this needs (at 16 or 17 it would fall off the bottom).
        let otherBelow = roomy && rows.row + 17 < frame.size.height
        drawMarkers(model, into: &frame, row: rows.take(roomy ? 4 : 3), boxed: .some(me))
        if roomy {
            let line = otherBelow ? progress : Self.beside(progress, other, width: width - 2)
            frame.center(line, row: rows.take(2), style: .dim)
        }
        let question = me.map { Self.fitted(SliderViewModel.question, name: model.name($0), width: width - 2) }
            ?? SliderViewModel.spectatorQuestion
        frame.center(question, row: rows.take(roomy ? 2 : 1))
        frame.center(topic, row: rows.take(roomy ? 3 : 1), style: .bold)
        let row = rows.row
        guard let me else {
            // A spectator: where each player is, never what they rated.
            for (offset, player) in Player.allCases.enumerated() {
                frame.center(status(of: player, model, lockIn, width: width - 2), row: row + offset,
                             style: Style(foreground: Self.color(player)))
            }
            if !roomy { frame.center(progress, row: row + 3, style: .dim) }
            return
        }
        drawSlider(lockIn.slider(of: me), color: Self.color(me), into: &frame, row: row)
        if otherBelow, let other {
            frame.center(other, row: row + 6, style: .dim)
        } else if !roomy {
            // Compact: the other player's progress shares the row with the topic count.
            frame.center(Self.beside(progress, other, width: width - 2), row: row + 3, style: .dim)
        }
        if lockIn.hasLocked(me) {
            let waiting = Self.fitted(SliderViewModel.waiting, name: model.name(me.other), width: width - 2)
            let line = SliderViewModel.youLockedIn(lockIn.slider(of: me)) + " " + waiting
            frame.center(DisplayWidth.of(line) <= width - 2 ? line : SliderViewModel.youLockedIn(lockIn.slider(of: me)),
                         row: row + 4, style: Style(foreground: Self.color(me), bold: true))
            return
        }
        for range in frame.buttons([(model.recordTitle, keyName(.record, model), true)], row: row + 4,
                                   padding: Self.buttonPadding(width)) {
            frame.region(Rect(column: range.lowerBound, row: row + 4, width: range.count), SliderViewModel.Intent.record)
        }
    }

    /// "Topic 2 of 5 · Grace has locked in." where it fits the width, else the second part alone.
    static func beside(_ progress: String, _ other: String?, width: Int) -> String {
        guard let other else { return progress }
        let line = progress + " · " + other
        return DisplayWidth.of(line) <= width ? line : other
    }

    /// "Grace has locked in." or "Grace is rating…", the name cut to fit.
    private func status(of player: Player, _ model: SliderViewModel, _ lockIn: LockIn, width: Int) -> String {
        Self.fitted(lockIn.hasLocked(player) ? SliderViewModel.hasLockedIn : SliderViewModel.isRating,
                    name: model.name(player), width: width)
    }

    /// A seat rates and locks in its own slider; once locked, its keys say what it waits for.
    /// A spectator's keys do nothing, and say why.
    func togetherBindings(_ model: SliderViewModel, for seat: Seat?) -> [KeyBinding<SliderViewModel.Intent>] {
        let mine = model.canRate(seat)
        let reason = model.player(for: seat).map(model.lockedText) ?? SliderViewModel.watchingText
        return roomBindings(model, enter: .keys(.enter, .space, label: "lock in", enabled: mine, because: reason,
                                                hint: mine, .record),
                            sliding: mine ? model.player(for: seat).flatMap { model.together?.slider(of: $0) } : nil,
                            because: reason)
    }

    /// A room's keys before the results: Enter as given, the slider's keys for the seat's slider
    /// where it stands (nil: saying why not), and scrolling and preferences, which wait.
    func roomBindings(_ model: SliderViewModel, enter: KeyBinding<SliderViewModel.Intent>, sliding: Rating?,
                      because reason: Prose<SliderViewModel.Intent>) -> [KeyBinding<SliderViewModel.Intent>] {
        var bindings = [enter] + sliderBindings(model, at: sliding, because: reason)
        let noScroll = model.noScrollText
        bindings.append(.keys(.up, .character("k"), label: "scroll", enabled: false, because: noScroll, hint: false,
                              .scroll(-1)))
        bindings.append(.keys(.down, .character("j"), label: "scroll", enabled: false, because: noScroll, hint: false,
                              .scroll(1)))
        // Never in a room, so not offered in its footer either.
        bindings.append(.keys(.character("p"), label: "preferences", enabled: false,
                              because: model.preferencesLaterText, hint: false, .openPreferences))
        return bindings
    }
}
