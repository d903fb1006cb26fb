/// The command line, parsed. Options may stand before or after the command.
public struct Arguments: Equatable, Sendable {
    public enum Command: Equatable, Sendable {
        case menu
        case list
        case play(String)
        case prefs(String)
        case check(String?)
    }

    public var command: Command = .menu
    public var seed: UInt64?
    public var settings: [Setting] = []
    public var reset = false
    public var configPath: String?
    public var dataDirectory: String?
    public var plain = false
    public var noColor = false
    /// No mouse reports: the terminal's own text selection works.
    public var noMouse = false
    public var tracePath: String?
    /// Keys the conformance random walk takes per module (`check --keys N`).
    public var keys: Int?
    public var help = false
    public var version = false

    public struct Setting: Equatable, Sendable {
        public let key: String
        public let value: String
    }

    public init() {}

    public static let usage = """
        Usage:
          gamehost                          open the launcher menu
          gamehost list                     list the games
          gamehost play <id> [--seed N] [--set key=value]...
                                            play a game (--set applies to this run only)
          gamehost prefs <id> [--set key=value]... [--reset]
                                            save preferences, then show them and where each comes from
          gamehost check [<id>] [--keys N]  run the conformance suite on the games
                                            (--keys: random keys per game, for a soak)

        Options:
          --config PATH      read this config.json (default: ./config.json, else the built-in one)
          --data-dir PATH    keep preferences, scores and saved data here
          --plain            plain text frames on stdout, keys from stdin (automatic when piped)
          --no-color         no colors (also NO_COLOR=1 or TERM=dumb)
          --no-mouse         no clicks or wheel, so the terminal can select text (also config "mouse": false)
          --trace FILE       write one JSON line per key: key, intent, screen, state
          --seed N           seed the game's random numbers (a whole number ≥ 0)
          --help, --version

        Keys: arrows or hjkl move, Enter chooses, q or Esc goes back, ? lists every key, Ctrl-C quits.
        Mouse: click what you see (items, buttons, footer keys), the wheel scrolls lists.
        """

    public static func parse(_ words: [String]) throws(UsageError) -> Arguments {
        var arguments = Arguments()
        var positional: [String] = []
        var index = 0

        func value(for option: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < words.count else { throw UsageError("\(option) needs a value") }
            return words[index]
        }

        while index < words.count {
            let word = words[index]
            if word.hasPrefix("--") {
                let parts = word.split(separator: "=", maxSplits: 1)
                let option = String(parts[0])
                let inline = parts.count > 1 ? String(parts[1]) : nil
                switch option {
                case "--seed":
                    let text = try value(for: option, inline: inline)
                    guard let seed = UInt64(text) else {
                        throw UsageError("--seed must be a whole number from 0 to \(UInt64.max), not '\(text)'")
                    }
                    arguments.seed = seed
                case "--set":
                    let text = try value(for: option, inline: inline)
                    let pair = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    guard pair.count == 2, !pair[0].isEmpty else {
                        throw UsageError("--set needs key=value, not '\(text)'")
                    }
                    arguments.settings.append(Setting(key: String(pair[0]), value: String(pair[1])))
                case "--config": arguments.configPath = try value(for: option, inline: inline)
                case "--data-dir": arguments.dataDirectory = try value(for: option, inline: inline)
                case "--trace": arguments.tracePath = try value(for: option, inline: inline)
                case "--keys":
                    let text = try value(for: option, inline: inline)
                    guard let keys = Int(text), keys >= 1 else {
                        throw UsageError("--keys must be a whole number of keys from 1 up, not '\(text)'")
                    }
                    arguments.keys = keys
                case "--reset", "--plain", "--no-color", "--no-mouse", "--help", "--version":
                    guard inline == nil else { throw UsageError("\(option) takes no value") }
                    switch option {
                    case "--reset": arguments.reset = true
                    case "--plain": arguments.plain = true
                    case "--no-color": arguments.noColor = true
                    case "--no-mouse": arguments.noMouse = true
                    case "--help": arguments.help = true
                    default: arguments.version = true
                    }
                default:
                    throw UsageError("unknown option '\(option)'")
                }
            } else if word == "-h" {
                arguments.help = true
            } else if word.hasPrefix("-"), word != "-" {
                throw UsageError("unknown option '\(word)'")
            } else {
                positional.append(word)
            }
            index += 1
        }

        guard let name = positional.first else {
            try arguments.check(needsGame: false)
            return arguments
        }
        let rest = Array(positional.dropFirst())
        func game() throws(UsageError) -> String {
            guard let id = rest.first else { throw UsageError("'\(name)' needs a game id") }
            guard rest.count == 1 else { throw UsageError("unexpected '\(rest[1])' after '\(name) \(id)'") }
            return id
        }
        switch name {
        case "list":
            guard rest.isEmpty else { throw UsageError("unexpected '\(rest[0])' after 'list'") }
            arguments.command = .list
        case "play": arguments.command = .play(try game())
        case "prefs": arguments.command = .prefs(try game())
        case "check":
            guard rest.count <= 1 else { throw UsageError("unexpected '\(rest[1])' after 'check \(rest[0])'") }
            arguments.command = .check(rest.first)
        case "help": arguments.help = true
        default: throw UsageError("unknown command '\(name)'; commands: list, play, prefs, check")
        }
        try arguments.check(needsGame: true)
        return arguments
    }

    private func check(needsGame: Bool) throws(UsageError) {
        switch command {
        case .play, .prefs: break
        default:
            if !settings.isEmpty { throw UsageError("--set needs a game: use it with 'play <id>' or 'prefs <id>'") }
        }
        if reset, case .prefs = command {} else if reset {
            throw UsageError("--reset goes with 'prefs <id>'")
        }
        if keys != nil, case .check = command {} else if keys != nil {
            throw UsageError("--keys goes with 'check'")
        }
    }
}

/// A command line that cannot be run: one line saying what was wrong, and a hint.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = TextSanitizer.clean(message) }
    public var description: String { "gamehost: \(message) (try 'gamehost --help')" }
}
