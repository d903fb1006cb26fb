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

    /// `gamehost COMMAND --help` (and `gamehost help COMMAND`): the command's synopsis, what
    /// it does, its own options and the ones every command takes. nil for a name that is no
    /// command; the empty name (the launcher menu) is the whole usage.
    public static func usage(of name: String, program: String = "gamehost", scaffolds: Bool = true) -> String? {
        guard !name.isEmpty else { return usage(program: program, scaffolds: scaffolds) }
        guard let command = commands.first(where: { $0.name == name }) else { return nil }
        // Only the general options that do something for this command are offered.
        let general = describesProgram.contains(name) ? [] : command.general ?? generalOptions
        let own = command.options + command.described.map(\.name).filter { !command.options.contains($0) }
        var lines = ["Usage: " + program + " " + name + (command.synopsis.isEmpty ? "" : " " + command.synopsis)
                     + (general.isEmpty ? "" : " [options]"), ""]
        lines += DisplayWidth.wrap(command.detail, width: 78)
        func list(_ title: String, _ names: [String]) {
            lines += ["", title]
            for name in names {
                // The command's own words for an option, else the program's.
                guard let option = command.described.first(where: { $0.name == name })
                        ?? options.first(where: { $0.name == name }) else { continue }
                let left = "  " + option.name + (option.value.map { " " + $0 } ?? "")
                lines.append(left.count < 21 ? left.padded(to: 21) + option.summary : left + "  " + option.summary)
            }
        }
        if !own.isEmpty { list("Options:", own) }
        if !general.isEmpty { list(own.isEmpty ? "Options:" : "Options of every command:", general) }
        lines += ["", "See '" + program + " --help' for every command, and the keys."]
        let text = lines.joined(separator: "\n")
        return program == "gamehost" ? text
            : text.split(separator: "gamehost", omittingEmptySubsequences: false).joined(separator: program)
    }

    /// Commands that print something about the program and take no options.
    public static let describesProgram = ["completions", "man"]

    /// Options no command owns (--config, --data-dir…), --help and --version aside.
    static var generalOptions: [String] {
        let owned = Set(commands.flatMap(\.options))
        return options.map(\.name).filter { !owned.contains($0) && $0 != "--help" && $0 != "--version" }
    }
}
