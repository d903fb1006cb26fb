/// The commands that describe the program rather than run a game: `completions` and `man`.
/// Kept apart from Arguments so the dispatch needs one hook only.
public enum ShippingCommands {
    /// The exit status when `words` (without the program name) is one of these commands;
    /// nil for any other command line. The catalog is built only for these commands: it
    /// costs a good part of every start.
    public static func run(_ words: [String], catalog: @autoclosure () -> [GameEntry],
                           program: String = "gamehost", version: String = Launcher.version) -> Int32? {
        guard words.contains("completions") || words.contains("man") else { return nil }
        let optionsWithValue = CommandReference.optionsWithValue
        var positional: [String] = [], index = 0
        while index < words.count {
            let word = words[index]
            if optionsWithValue.contains(word) { index += 1 } else if !word.hasPrefix("-") { positional.append(word) }
            index += 1
        }
        guard let name = positional.first, name == "completions" || name == "man" else { return nil }
        if words.contains("--help") || words.contains("-h") {
            print(CommandReference.usage(of: name, program: program) ?? CommandReference.usage(program: program, scaffolds: true))
            return Launcher.ExitCode.ok
        }
        if let option = words.first(where: { $0.hasPrefix("-") }) {
            return usage("'\(name)' takes no options, not '\(option)'")
        }
        if name == "man" {
            guard positional.count == 1 else { return usage("unexpected '\(positional[1])' after 'man'") }
            print(ManPage.render(catalog: catalog(), version: version), terminator: "")
            return Launcher.ExitCode.ok
        }
        let shells = CommandReference.shells.joined(separator: ", ")
        guard positional.count >= 2 else { return usage("'completions' needs a shell: \(shells)") }
        guard positional.count == 2 else { return usage("unexpected '\(positional[2])' after 'completions \(positional[1])'") }
        guard let script = Completions.script(for: positional[1], catalog: catalog()) else {
            return usage("no completions for '\(positional[1])'; shells: \(shells)")
        }
        print(script, terminator: "")
        return Launcher.ExitCode.ok
    }

    private static func usage(_ message: String) -> Int32 {
        StandardError.write("\(UsageError(message))\n")
        return Launcher.ExitCode.usage
    }
}
