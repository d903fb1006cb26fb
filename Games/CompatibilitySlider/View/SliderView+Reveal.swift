import GameHost

/// A topic's reveal in a room, drawn for one seat: both markers (its own framed), the topic,
/// each player's rating under their marker in their colour, how alike they are on it and so
/// far, and the button to the next topic, or whom the seat waits for. A spectator (nil) sees
/// the same, with where each player is instead of a button.
extension SliderView {
    func drawReveal(_ model: SliderViewModel, for seat: Seat?, into frame: inout Frame) {
        guard let topic = model.topic, let progress = model.progressText, let ratings = model.revealedRatings,
              let alike = model.topicCompatibility, let soFar = model.compatibilitySoFar,
              let ready = model.ready else { return }
        let width = frame.size.width
        let roomy = frame.size.height >= Self.roomyHeight
        let me = model.player(for: seat)
        // The rows of `drawTogether`, so the markers and the topic stay where they were.
        var rows = Layout.Rows(centering: roomy ? 16 : 10, in: frame.size.height)
        drawMarkers(model, into: &frame, row: rows.take(3), boxed: .some(me))
        if roomy {
            rows.skip(1)
            frame.center(progress, row: rows.take(2), style: .dim)
        }
        frame.center(topic, row: rows.take(roomy ? 2 : 1), style: .bold)
        drawRatings(ratings, roomy: roomy, into: &frame, row: rows.take(roomy ? 3 : 1))
        frame.center(SliderViewModel.topicAlike(alike), row: rows.take(1))
        frame.center(SliderViewModel.soFar(soFar), row: rows.take(roomy ? 2 : 1), style: .bold)
        let row = rows.row
        guard let me else {
            // A spectator: where each player is; the topic count last where room is short.
            for (offset, player) in Player.allCases.enumerated() {
                let sentence = ready.isReady(player) ? SliderViewModel.isReady : SliderViewModel.waiting
                frame.center(Self.fitted(sentence, name: model.name(player), width: width - 2), row: row + offset,
                             style: Style(foreground: Self.color(player)))
            }
            if !roomy { frame.center(progress, row: row + 2, style: .dim) }
            return
        }
        let other = ready.isReady(me.other)
            ? Self.fitted(SliderViewModel.isReady, name: model.name(me.other), width: width - 2) : nil
        let buttonRow = roomy ? row : row + 2
        if roomy {
            if let other { frame.center(other, row: row + 1, style: Style(foreground: Self.color(me.other))) }
        } else {
            // Compact: the other player's readiness shares the row with the topic count.
            frame.center(Self.beside(progress, other, width: width - 2), row: row + 1, style: .dim)
        }
        if ready.isReady(me) {
            frame.center(Self.fitted(SliderViewModel.waiting, name: model.name(me.other), width: width - 2),
                         row: buttonRow, style: Style(foreground: Self.color(me), bold: true))
            return
        }
        for range in frame.buttons([(SliderViewModel.nextTopicTitle, keyName(.nextTopic, model), true)], row: buttonRow,
                                   padding: Self.buttonPadding(width)) {
            frame.region(Rect(column: range.lowerBound, row: buttonRow, width: range.count),
                         SliderViewModel.Intent.nextTopic)
        }
    }

    /// Each player's rating centred under their marker, in their colour: the face above
    /// "5 · great" where there is room, "😍 5 · great" on one row where not.
    private func drawRatings(_ ratings: (first: Rating, second: Rating), roomy: Bool, into frame: inout Frame,
                             row: Int) {
        let (origin, half) = Self.halves(frame.size.width)
        for player in Player.allCases {
            let rating = player == .first ? ratings.first : ratings.second
            let style = Style(foreground: Self.color(player), bold: true)
            let column = origin + player.seatIndex * half
            if roomy {
                frame.center(SliderViewModel.faces[rating]!, row: row, style: style, column: column, width: half)
                frame.center("\(rating.rawValue) · \(SliderViewModel.words[rating]!)", row: row + 1, style: style,
                             column: column, width: half)
            } else {
                frame.center(SliderViewModel.revealed(rating), row: row, style: style, column: column, width: half)
            }
        }
    }

    /// At a reveal a seat presses on once; the slider's keys are done with this topic. A
    /// spectator's keys do nothing, and say why.
    func revealBindings(_ model: SliderViewModel, for seat: Seat?) -> [KeyBinding<SliderViewModel.Intent>] {
        let mine = model.canGoOn(seat)
        let player = model.player(for: seat)
        let wait = player.map(model.readyText) ?? SliderViewModel.watchingText
        return roomBindings(model, enter: .keys(.enter, .space, label: "next topic", enabled: mine, because: wait,
                                                hint: mine, .nextTopic),
                            sliding: nil, because: player == nil ? SliderViewModel.watchingText : SliderViewModel.revealedText)
    }
}
