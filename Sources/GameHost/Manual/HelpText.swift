extension CommandReference {
    /// `gamehost --help`.
    public static var usage: String {
        var lines = ["Usage:"]
        for command in commands {
            let left = "  gamehost" + (command.name.isEmpty ? "" : " " + command.name)
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
        return lines.joined(separator: "\n")
    }
}
