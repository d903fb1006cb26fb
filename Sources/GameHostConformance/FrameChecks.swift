import GameHost

/// Checks on what a view drew: measured as the view returned it, before the host clips.
public enum FrameChecks {
    /// Too many lines, a line wider than the size, a control character, a broken grid.
    public static func problems(_ frame: Frame, size: Size, context: String) -> [String] {
        problems(frame.lines, size: size, context: context) + frame.invariantProblems().map { "\(context): \($0)" }
    }

    public static func problems(_ lines: [String], size: Size, context: String) -> [String] {
        var failures: [String] = []
        var used = lines[...]
        while used.last == "" { used.removeLast() }
        if used.count > size.height {
            failures.append("\(context): \(used.count) lines for a height of \(size.height)")
        }
        for (row, line) in used.enumerated() {
            let width = DisplayWidth.of(line)
            if width > size.width {
                failures.append("\(context): line \(row + 1) is \(width) cells wide for a width of \(size.width): \(line)")
            }
            if line.unicodeScalars.contains(where: TextSanitizer.isUnsafe) {
                failures.append("\(context): line \(row + 1) holds a control character")
            }
        }
        return failures
    }

    /// The top screen's own frame and the host's frame around it, at one terminal size.
    static func problems(_ walker: Walker, at size: Size) -> [String] {
        contentProblems(walker, at: size)
            + Self.problems(walker.hostFrame(at: size), size: size, context: "the host's frame at \(size)")
    }

    /// The top screen's own frame, as its view returned it. A frame no larger than the area
    /// cannot hold too many or too wide lines (its writes are cut at its edges), so then only
    /// its grid is checked, and the text its writes lost there; a larger one is measured line
    /// by line.
    static func contentProblems(_ walker: Walker, at size: Size) -> [String] {
        guard let drawn = walker.content(at: size) else { return [] }
        return contentProblems(drawn, walker: walker, size: size)
    }

    static func contentProblems(_ drawn: Walker.Drawn, walker: Walker, size: Size) -> [String] {
        let context = "\(drawn.screen.id) drawn in \(drawn.area) (a \(size) terminal)"
        guard drawn.frame.size.fits(in: drawn.area) else {
            return problems(drawn.frame, size: drawn.area, context: context)
        }
        let problems = drawn.frame.invariantProblems().map { "\(context): \($0)" }
        // The host's own screens (help, preferences) are the host's to test.
        guard problems.isEmpty, drawn.screen.id.hasPrefix(walker.entry.id + ".") else { return problems }
        return cutText(drawn.cuts).map { "\(context): \($0)" }
    }

    /// Words a write lost at its frame's edge, or at its `limit` (in `Frame.recordingCuts`),
    /// with no ellipsis in the cell at the edge to say so: a sentence must be drawn whole
    /// (wrapped) or marked cut (`DisplayWidth.truncate`, `wrap(limit:)`). Rules and blanks lost
    /// at an edge are layout. Rows and columns are the written frame's.
    package static func cutText(_ cuts: [Frame.Cut]) -> [String] {
        cuts.filter { !$0.marked && $0.lost.contains { $0.isLetter || $0.isNumber } }.map { cut in
            "row \(cut.row + 1) is cut at column \(cut.marker + 1) without an ellipsis: "
                + "“\(cut.shown.trimmingPrefixSpaces)” loses “\(cut.lost)” (draw it whole, or mark it cut "
                + "with DisplayWidth.truncate)"
        }
    }

    /// Drawing is reading: the state just drawn, drawn again with nothing between, gives the
    /// same frame and leaves the view model's state as it was (`before`, its fingerprint).
    static func redrawProblem(_ drawn: Walker.Drawn, before: Int, walker: Walker) -> String? {
        walker.announce("drawing \(drawn.screen.id) again at \(walker.size)")
        let again = drawn.screen.render(drawn.area)
        let changed = StateFingerprint.of(drawn.screen.state()) != before
        guard again != drawn.frame || changed else { return nil }
        guard changed else {
            // The state stayed: the view drew from something else (audit M1 was told the wrong cause).
            return "drawing \(drawn.screen.id) twice at \(drawn.area), with no input between, gave another frame "
                + "from the same state: a view draws only from its model (no random numbers, no clock in a view)"
        }
        let what = again != drawn.frame ? "gave another frame and changed its state" : "changed its state"
        return "drawing \(drawn.screen.id) twice at \(drawn.area), with no input between, \(what): "
            + "a view must not change its model"
    }
}

extension String {
    fileprivate var trimmingPrefixSpaces: Substring { drop { $0 == " " } }
}
