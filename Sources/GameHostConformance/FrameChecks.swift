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
        var problems: [String] = []
        if let drawn = walker.content(at: size) {
            problems += Self.problems(drawn.frame, size: drawn.area,
                                      context: "\(drawn.screen.id) drawn in \(drawn.area) (a \(size) terminal)")
        }
        problems += Self.problems(walker.hostFrame(at: size), size: size, context: "the host's frame at \(size)")
        return problems
    }
}
