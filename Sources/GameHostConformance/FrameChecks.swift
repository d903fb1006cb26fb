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
    /// its grid is checked; a larger one is measured line by line.
    static func contentProblems(_ walker: Walker, at size: Size) -> [String] {
        guard let drawn = walker.content(at: size) else { return [] }
        let context = "\(drawn.screen.id) drawn in \(drawn.area) (a \(size) terminal)"
        if drawn.frame.size.fits(in: drawn.area) {
            return drawn.frame.invariantProblems().map { "\(context): \($0)" }
        }
        return problems(drawn.frame, size: drawn.area, context: context)
    }
}
