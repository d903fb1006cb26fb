import GameHost

/// Who the module says it is, and what the host shows when the terminal is too small.
enum InfoChecks {
    /// Lowercase letters and digits in words joined by single hyphens: ^[a-z0-9]+(-[a-z0-9]+)*$
    static func isIdentifier(_ text: String) -> Bool {
        let words = text.split(separator: "-", omittingEmptySubsequences: false)
        return words.allSatisfy { word in
            !word.isEmpty && word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        }
    }

    static func run(_ context: CheckContext) -> Int {
        let entry = context.entry
        if !isIdentifier(entry.id) {
            Checks.fail(context, "info", "id '\(entry.id)' does not match ^[a-z0-9]+(-[a-z0-9]+)*$")
        }
        if context.catalog.filter({ $0 == entry.id }).count > 1 {
            Checks.fail(context, "info", "id '\(entry.id)' is not unique")
        }
        if entry.info.title.trimmed.isEmpty { Checks.fail(context, "info", "empty title") }
        if entry.info.summary.trimmed.isEmpty { Checks.fail(context, "info", "empty summary") }
        return 0
    }

    /// Below the screen's minimum size the host shows its notice instead of the screen.
    static func tooSmall(_ context: CheckContext) -> Int {
        let start = WalkStart(variant: 0, label: "defaults", seed: context.options.seed, size: WalkChecks.sizes[0])
        guard let walker = try? Walker(context.entry, start, channel: context.channel),
              let minimum = walker.session.topScreen?.minimumSize else {
            Checks.fail(context, "too-small", "cannot start")
            return 0
        }
        let chrome = Session.chromeHeight
        for size in [Size(width: minimum.width - 1, height: minimum.height + chrome),
                     Size(width: minimum.width, height: minimum.height + chrome - 1), Size(width: 10, height: 3)] {
            let frame = walker.hostFrame(at: size)
            if !frame.text.lowercased().contains("too small") {
                Checks.fail(context, "too-small", "at \(size) (below the minimum \(minimum)) the 'too small' notice is missing")
            }
            for problem in FrameChecks.problems(frame, size: size, context: "too-small frame") {
                Checks.fail(context, "too-small", problem)
            }
        }
        return 0
    }
}
