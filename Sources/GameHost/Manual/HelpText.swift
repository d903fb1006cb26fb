extension CommandReference {
    /// `gamehost --help`.
    public static var usage: String { usage(program: "gamehost", scaffolds: true) }

    /// `--help` of a launcher called `program`; `new` only where it scaffolds games.
    public static func usage(program: String, scaffolds: Bool) -> String {
        var lines = ["Usage:"]
        for command in commands where scaffolds || command.name != "new" {
            let left = "  " + program + (command.name.isEmpty ? "" : " " + command.name)
                + (command.synopsis.isEmpty ? "" : " " + command.synopsis)
            if left.count < 36 {
                lines.append(left.padded(to: 36) + command.summary)
            } else {
                lines.append(left)
                lines.append(String(repeating: " ", count: 36) + command.summary)
            }
        }
        lines.append("")
        lines.append("Options:")
        for option in options {
            let left = "  " + option.name + (option.value.map { " " + $0 } ?? "")
            lines.append(left.padded(to: 21) + option.summary)
        }
        lines.append("")
        lines.append("config.json: the first of (never ./config.json)")
        for (place, meaning) in configLookup { lines.append("  " + place.padded(to: 40) + meaning) }
        lines.append("")
        lines.append("Keys: " + keys)
        // Another launcher's folders and pages are named for it, as Config.searchPath does.
        let text = lines.joined(separator: "\n")
        return program == "gamehost" ? text
            : text.split(separator: "gamehost", omittingEmptySubsequences: false).joined(separator: program)
    }
}
