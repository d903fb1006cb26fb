/// The host's lines around the top screen: a header saying where the player is, messages
/// above the footer, and a footer of key hints made from the screen's bindings; or, where the
/// screen does not fit, the "too small" notice. Pure: drawn from what it is given, so the
/// session, a watcher's and a room's screens draw the same lines.
struct Chrome {
    /// Rows the host takes from the terminal: one header line and one footer line.
    static let height = 2

    /// The titles of the stack's screens, bottom first.
    let titles: [String]
    /// What the header ends with (a hosted player's "2 watching"), if anything.
    let watched: String?
    /// The messages shown until the next key, the refusal of the last key among them.
    let messages: [String]
    /// The top screen's bindings of the moment.
    let bindings: [ScreenBinding]
    /// Whether q goes back (false: the last screen, where it quits).
    let goesBack: Bool
    /// Whether styles reach the player; plain text leaves out the keys it would have dimmed.
    let showsStyles: Bool
    /// The header and footer as last drawn, to copy where they are drawn from the same things
    /// again; nil: made anew.
    var rows: ChromeRows? = nil

    /// The whole terminal: the header, `content` (the top screen's drawing, `height` rows
    /// smaller than `size`, in parts one under the other: `Screen.parts`), the messages and the footer.
    func frame(_ size: Size, content: [Frame]) -> Frame {
        let header = rows?.header(of: self, width: size.width) ?? headerRow(width: size.width)
        var frame = Frame(stacking: [header] + content, size: size)
        let noticeLines = Self.noticeLines(messages, width: size.width - 2, room: size.height - Self.height)
        for (offset, line) in noticeLines.enumerated() {
            let row = size.height - 1 - noticeLines.count + offset
            frame.fill(row: row, column: 0, width: size.width)
            frame.write(" " + line, row: row, column: 0, style: Style(foreground: .yellow, bold: true))
            // A notice covers the content under it: a click there does nothing.
            frame.addRegion(HitRegion(Rect(column: 0, row: row, width: size.width), enabled: false, click: nil))
        }
        let buttons = Frame.buttonLabels(content.flatMap(\.regions))
        if let rows, content.reduce(0, { $0 + $1.size.height }) < size.height - 1 {
            // The footer's row is still blank here (a content of more rows would reach it):
            // the row as the footer alone draws it is the same.
            frame.draw(rows.footer(of: self, buttons: buttons, width: size.width), row: size.height - 1, column: 0)
        } else {
            drawFooter(buttons: buttons, into: &frame, row: size.height - 1)
        }
        return frame
    }

    /// The header's row: where the player is, and who watches.
    func headerRow(width: Int) -> Frame {
        var row = Frame(size: Size(width: width, height: 1))
        row.write(header(width: width), row: 0, column: 0, style: .bold)
        if let watched {
            // A hosted player sees that others watch, at the header's end.
            let text = " " + watched + " "
            row.write(text, row: 0, column: max(0, width - DisplayWidth.of(text)), style: .dim)
        }
        return row
    }

    /// The footer's row alone.
    func footerRow(buttons: [(button: MouseButton, label: String)], width: Int) -> Frame {
        var row = Frame(size: Size(width: width, height: 1))
        drawFooter(buttons: buttons, into: &row, row: 0)
        return row
    }

    /// The lines of the messages above the footer, wrapped. A message takes the rows it needs,
    /// up to the whole area between header and footer: it shows until the next key, and what
    /// it says (a file moved aside, and where to) matters more than the screen under it. Where
    /// even that is too little, every message keeps its beginning, which names what happened,
    /// and its last line shown ends in "…".
    static func noticeLines(_ messages: [String], width: Int, room: Int) -> [String] {
        let blocks = messages.map { DisplayWidth.wrap($0, width: width) }.filter { !$0.isEmpty }
        let room = max(1, room)
        guard blocks.reduce(0, { $0 + $1.count }) > room else { return blocks.flatMap { $0 } }
        // Rows dealt out one round at a time, so each message gets its first lines.
        var rows = Array(repeating: 0, count: blocks.count), left = room
        while left > 0, blocks.indices.contains(where: { rows[$0] < blocks[$0].count }) {
            for index in blocks.indices where left > 0 && rows[index] < blocks[index].count {
                rows[index] += 1
                left -= 1
            }
        }
        return blocks.indices.flatMap { index -> [String] in
            guard rows[index] > 0 else { return [] }
            guard rows[index] < blocks[index].count else { return blocks[index] }
            let last = DisplayWidth.truncate(blocks[index][rows[index] - 1], to: width - 1, ellipsis: false)
            return blocks[index].prefix(rows[index] - 1) + [last + "…"]
        }
    }

    /// "GameHost › Arithmetic Quiz › Quiz", shortened from the left when it does not fit.
    private func header(width: Int) -> String {
        // A game's form and its first screen often share the game's title: "Snake › Snake" says it once.
        var titles: [String] = []
        for title in self.titles where title != titles.last { titles.append(title) }
        var text = " " + Frame.join(titles, separator: " › ")
        while DisplayWidth.of(text) > width, titles.count > 1 {
            titles.removeFirst()
            text = " … › " + Frame.join(titles, separator: " › ")
        }
        return DisplayWidth.truncate(text, to: width)
    }

    struct Hint: Equatable {
        var keys: [String]
        let label: String
        let enabled: Bool
        /// The key a click on the hint presses.
        let key: Key

        var text: String { Self.join(keys) + " " + label }

        /// "1 2 3 4" reads better as "1-4" (in any order: a key that joined later still belongs).
        static func join(_ keys: [String]) -> String {
            let digits = keys.compactMap { Int($0) }.sorted()
            if digits.count == keys.count, digits.count > 2, digits == Array(digits[0]...digits[digits.count - 1]) {
                return "\(digits[0])-\(digits[digits.count - 1])"
            }
            return Frame.join(keys, separator: "/")
        }
    }

    /// Hints from the bindings, same labels merged, in the screen's order of importance;
    /// then the host's back. A label is shown available when any of its keys is: "1-5 rate"
    /// stays whole while the slider sits at 3 (pressing 3 says why it does nothing), rather
    /// than reading "1/2/4/5" and changing with every move. A mouse button that does what an
    /// enabled binding does (a region's `buttonLabels`) joins that binding's keys: "f/right-click flag".
    static func hints(_ bindings: [ScreenBinding], goesBack: Bool,
                      buttons: [(button: MouseButton, label: String)] = []) -> [Hint] {
        var hints: [Hint] = []
        let shown = bindings.filter { $0.showsHint && !$0.keys.isEmpty }
        let available = Set(shown.filter(\.isEnabled).map(\.label))
        for binding in shown {
            let symbol = binding.keys[0].symbol
            if let index = hints.firstIndex(where: { $0.label == binding.label }) {
                if !hints[index].keys.contains(symbol) { hints[index].keys.append(symbol) }
            } else {
                let enabled = available.contains(binding.label)
                let first = enabled ? shown.first { $0.label == binding.label && $0.isEnabled }! : binding
                hints.append(Hint(keys: [symbol], label: binding.label, enabled: enabled, key: first.keys[0]))
            }
        }
        for (button, label) in buttons {
            guard let index = hints.firstIndex(where: { $0.label == label && $0.enabled }) else { continue }
            hints[index].keys.append(button.description)
        }
        if let back = backHint(bindings, goesBack: goesBack) { hints.append(back) }
        return hints
    }

    /// "q back" (or "q quit", "Esc back" while a text field takes q), unless the screen binds back itself.
    private static func backHint(_ bindings: [ScreenBinding], goesBack: Bool) -> Hint? {
        // While a text field takes q as a letter, only Esc still goes back.
        let typesQ = Self.types(.character("q"), bindings)
        let claimsBack = bindings.contains { $0.keys.contains(.escape) || (!typesQ && $0.keys.contains(.character("q"))) }
        guard !claimsBack else { return nil }
        return Hint(keys: [typesQ ? "Esc" : "q"], label: goesBack ? "back" : "quit", enabled: true,
                    key: typesQ ? .escape : .character("q"))
    }

    /// True when a text field would take the key as a letter rather than leave it to the host.
    static func types(_ key: Key, _ bindings: [ScreenBinding]) -> Bool {
        !bindings.contains { $0.keys.contains(key) }
            && bindings.contains { $0.acceptsText && $0.isEnabled && $0.resolve(key) != nil }
    }

    /// The footer: as many hints as fit, dropped in one order on every screen — first keys
    /// that do nothing now, then the screen's keys from its least important (last) one,
    /// then back, and "? help" last of all.
    private func drawFooter(buttons: [(button: MouseButton, label: String)], into frame: inout Frame, row: Int) {
        var screen = Self.hints(bindings, goesBack: goesBack, buttons: buttons)
        let back = Self.backHint(bindings, goesBack: goesBack)
        if back != nil { screen.removeLast() }
        // Plain text shows no dimming: there a key that does nothing now is left out, rather
        // than listed as if it did something (audit #5).
        if !showsStyles { screen.removeAll { !$0.enabled } }
        let help = Self.types(.character("?"), bindings) ? nil
            : Hint(keys: ["?"], label: "help", enabled: true, key: .character("?"))
        func width(_ hints: [Hint]) -> Int { hints.reduce(-1) { $0 + DisplayWidth.of($1.text) + 2 } }
        var host: [Hint] = []
        if let back { host.append(back) }
        if let help { host.append(help) }
        // Measured once when all fit, as they mostly do: a measure walks every hint's text.
        if width(screen + host) > frame.size.width {
            while width(screen + host) > frame.size.width, let index = screen.lastIndex(where: { !$0.enabled }) {
                screen.remove(at: index)
            }
            while width(screen + host) > frame.size.width, !screen.isEmpty { screen.removeLast() }
            while width(screen + host) > frame.size.width, !host.isEmpty { host.removeFirst() }
        }
        var column = 1
        for hint in screen + host {
            let keys = Hint.join(hint.keys)
            let keyStyle: Style = hint.enabled ? .bold : .dim
            let start = column
            column = frame.write(keys, row: row, column: column, style: keyStyle)
            column = frame.write(" " + hint.label, row: row, column: column, style: hint.enabled ? .plain : .dim)
            // A click on a hint presses its key.
            frame.addRegion(HitRegion(Rect(column: start, row: row, width: column - start), enabled: hint.enabled,
                                      click: .key(hint.key)))
            column += 2
        }
    }

    /// Shown instead of a screen when the terminal is smaller than the screen needs: what is
    /// short (only the rows, when the width is enough), what the screen suggests, if anything,
    /// and what q does (at the top of the stack it quits).
    /// - Parameter chrome: rows of the terminal above and below `size` (a watcher's header and
    ///   footer): counted in the words, which speak of the terminal the player has.
    static func tooSmall(_ size: Size, needs: Size, quits: Bool = false, advice: String? = nil, chrome: Int = 0) -> Frame {
        var frame = Frame(size: size)
        let short: (String, String)
        let (has, needs) = (Size(width: size.width, height: size.height + chrome),
                            Size(width: needs.width, height: needs.height + chrome))
        switch (has.width < needs.width, has.height < needs.height) {
        case (false, true): short = ("\(has.height) rows here, \(needs.height) needed", "need \(needs.height) rows")
        case (true, false): short = ("\(has.width) columns here, \(needs.width) needed", "need \(needs.width) cols")
        default: short = ("\(has) here, \(needs) needed", "need \(needs)")
        }
        // Each line in words where they fit, else in short, so even 10×3 says what is wrong.
        var pairs = [("Terminal too small", "Too small"), short]
        if let advice { pairs.append((advice, "")) }
        pairs.append(quits ? ("Enlarge it, or press q to quit", "q: quit") : ("Enlarge it, or press q to go back", "q: back"))
        let lines = pairs.map { DisplayWidth.of($0.0) <= size.width ? $0.0 : $0.1 }.filter { !$0.isEmpty }
        let top = max(0, (size.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() where top + offset < size.height {
            frame.center(line, row: top + offset, style: offset == 0 ? .bold : .plain)
        }
        return frame
    }
}

extension Chrome {
    /// The whole terminal around `top`, the screen on top of a stack whose `titles` these
    /// are: the host's lines and the screen, or the "too small" notice where it does not fit.
    /// `goesBack`: whether q leads back from it (else it quits).
    static func frame(_ size: Size, top: Screen, titles: () -> [String], watched: String?, messages: () -> [String],
                      goesBack: Bool, showsStyles: Bool, rows: ChromeRows? = nil) -> Frame {
        let content = Size(width: size.width, height: max(0, size.height - height))
        guard top.minimumSize.fits(in: Size(width: size.width, height: size.height - height)) else {
            return tooSmall(size, needs: Size(width: top.minimumSize.width, height: top.minimumSize.height + height),
                            quits: !goesBack, advice: top.advice(toFit: content))
        }
        // In the order the lines were always made: titles, the screen, then the messages (drawing
        // may read a file whose damage is reported) and its bindings.
        let titles = titles()
        let drawn = top.parts(content)
        let chrome = Chrome(titles: titles, watched: watched, messages: messages(), bindings: top.bindings(),
                            goesBack: goesBack, showsStyles: showsStyles, rows: rows)
        return chrome.frame(size, content: drawn)
    }
}
