/// The command line, parsed. Options may stand before or after the command.
public struct Arguments: Equatable, Sendable {
    /// What to do; each command's work is a type of its own (ListCommand, PlayCommand…).
    public enum Command: Equatable, Sendable {
        /// No command: the launcher menu.
        case menu
        case list
        case play(String)
        case prefs(String)
        /// The conformance suite, on one game or all.
        case check(String?)
        /// A new game folder from the scaffold, named this.
        case new(String)
        /// Plays a journal or a trace back (`replay FILE`).
        case replay(String)
    }

    /// What to do; the menu when no command is given.
    public var command: Command = .menu
    /// `--seed N`: the game's random numbers start from N.
    public var seed: UInt64?
    /// `--set key=value`, in the order given.
    public var settings: [Setting] = []
    /// `--reset`: `prefs` forgets the saved values first.
    public var reset = false
    /// `--config PATH`: the config.json to read.
    public var configPath: String?
    /// `--data-dir PATH`: where preferences, scores and saved data go.
    public var dataDirectory: String?
    /// `--plain`: plain text frames on stdout, keys from stdin.
    public var plain = false
    /// `--no-color`.
    public var noColor = false
    /// No mouse reports: the terminal's own text selection works.
    public var noMouse = false
    /// `--trace FILE`: one JSON line per input goes there.
    public var tracePath: String?
    /// Keys the conformance random walk takes per module (`check --keys N`).
    public var keys: Int?
    /// Keys pressed at the start of a game, by name (`play <id> --keys 'down enter'`): the
    /// keys among `playInputs`.
    public var playKeys: [Key] = []
    /// Everything `play <id> --keys` does at the start of a game, in order: keys, waits
    /// (`wait:300`) and clicks (`click:12,5`); how a conformance failure is replayed.
    public var playInputs: [PlayInput] = []
    /// Seconds a key or a draw may take in `check` (`--time-limit S`).
    public var timeLimit: Double?
    /// `check --strict`: a warning fails the game too (a key shown as available that does nothing).
    public var strict = false
    /// `replay --check`: replay without drawing, compare every recorded state.
    public var replayCheck = false
    /// `replay --speed X`: how many times faster than recorded.
    public var speed: Double?
    /// `replay --cast OUT`: write an asciinema recording instead of playing on screen.
    public var castPath: String?
    /// `--size WxH`: with `replay --cast OUT`, the recording's size; with `check <id> --room`,
    /// the terminal's.
    public var size: Size?
    /// `check <id> --room NAME`: replay one room walk of the seats check, from the starting
    /// point NAME (as the report names it), with `--seed` the walk's seed, `--size` its
    /// terminal and `--keys` its steps (`player2:enter`, `player1:click:3,2`, `wait:300`).
    public var room: String?
    /// The steps of `check <id> --room`, as words; the suite reads them.
    public var roomSteps: [String] = []
    /// `--help`, `-h` or `help`: print the usage and stop.
    public var help = false
    /// The command whose usage `--help` asks for (`play --help`, `help play`); nil: the whole usage.
    public var helpTopic: String?
    /// `--version`: print the version and stop.
    public var version = false

    /// One `--set key=value`, not yet checked against a schema.
    public struct Setting: Equatable, Sendable {
        /// The preference's key.
        public let key: String
        /// The value as typed; the game's schema reads it.
        public let value: String
    }

    /// No command, no options: the menu.
    public init() {}

    /// Whether the command line asks for one run in particular (`--seed`, `--set`, `--keys`
    /// or `--trace`): the same arguments give the same frames whatever the data folder holds.
    public var asksForARun: Bool {
        seed != nil || !settings.isEmpty || !playInputs.isEmpty || tracePath != nil
    }

    /// `--help` for a launcher called `program`, rendered from CommandReference, which the
    /// man page shares; `new` is listed only where the launcher has it.
    public static func usage(program: String = "gamehost", scaffolds: Bool = true) -> String {
        CommandReference.usage(program: program, scaffolds: scaffolds)
    }

    /// Parses the words after the program's name; throws one message naming what was wrong.
    public static func parse(_ words: [String]) throws(UsageError) -> Arguments {
        var arguments = Arguments()
        var positional: [String] = []
        var index = 0
        var keysText: String?

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
                case "--keys": keysText = try value(for: option, inline: inline)
                case "--time-limit":
                    let text = try value(for: option, inline: inline)
                    guard let seconds = Double(text), seconds > 0, seconds <= 3_600 else {
                        throw UsageError("--time-limit must be a number of seconds above 0, not '\(text)'")
                    }
                    arguments.timeLimit = seconds
                case "--speed":
                    let text = try value(for: option, inline: inline)
                    guard let speed = Double(text), speed.isFinite, speed >= 0.1, speed <= 1000 else {
                        throw UsageError("--speed must be a number from 0.1 to 1000 (2 is twice as fast), not '\(text)'")
                    }
                    arguments.speed = speed
                case "--cast": arguments.castPath = try value(for: option, inline: inline)
                case "--room": arguments.room = try value(for: option, inline: inline)
                case "--size":
                    let text = try value(for: option, inline: inline)
                    guard let size = CastRecording.size(text) else {
                        let (w, h) = CastRecording.sizes
                        throw UsageError("--size must be COLUMNSxROWS, \(w.lowerBound)-\(w.upperBound) by "
                                         + "\(h.lowerBound)-\(h.upperBound), such as 80x24, not '\(text)'")
                    }
                    arguments.size = size
                case "--reset", "--plain", "--no-color", "--no-mouse", "--help", "--version", "--check", "--strict":
                    guard inline == nil else { throw UsageError("\(option) takes no value") }
                    switch option {
                    case "--reset": arguments.reset = true
                    case "--plain": arguments.plain = true
                    case "--no-color": arguments.noColor = true
                    case "--no-mouse": arguments.noMouse = true
                    case "--help": arguments.help = true
                    case "--check": arguments.replayCheck = true
                    case "--strict": arguments.strict = true
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

        // Help is asked before anything is required: `play --help` needs no game id.
        if arguments.help || positional.first == "help" { return try arguments.helping(positional) }
        guard let name = positional.first else {
            try arguments.readKeys(keysText)
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
        case "new":
            guard let game = rest.first else { throw UsageError("'new' needs a name for the game, e.g. 'new Guess'") }
            guard rest.count == 1 else { throw UsageError("unexpected '\(rest[1])' after 'new \(game)'") }
            arguments.command = .new(game)
        case "replay":
            guard let file = rest.first else { throw UsageError("'replay' needs a journal or trace file") }
            guard rest.count == 1 else { throw UsageError("unexpected '\(rest[1])' after 'replay \(file)'") }
            arguments.command = .replay(file)
        default: throw UsageError("unknown command '\(name)'; commands: \(CommandReference.commandNames.joined(separator: ", "))")
        }
        try arguments.readKeys(keysText)
        try arguments.check(needsGame: true)
        return arguments
    }

    /// `COMMAND --help`, `--help COMMAND` or `help [COMMAND]`: the usage of that command,
    /// whatever else the line holds.
    private func helping(_ positional: [String]) throws(UsageError) -> Arguments {
        var arguments = self
        arguments.help = true
        let words = positional.first == "help" ? Array(positional.dropFirst()) : positional
        guard let name = words.first else { return arguments }
        guard CommandReference.commandNames.contains(name) else {
            throw UsageError("no help for '\(name)'; commands: \(CommandReference.commandNames.joined(separator: ", "))")
        }
        arguments.helpTopic = name
        return arguments
    }

    /// `--keys` is a number with `check`, key names with `play`.
    private mutating func readKeys(_ text: String?) throws(UsageError) {
        guard let text else { return }
        switch command {
        case .check where room != nil:
            roomSteps = text.split(separator: " ").map(String.init)
        case .check:
            guard let keys = Int(text), keys >= 1 else {
                throw UsageError("--keys must be a whole number of keys from 1 up, not '\(text)'")
            }
            self.keys = keys
        case .play:
            for name in text.split(separator: " ") {
                guard let input = PlayInput(word: String(name)) else {
                    throw UsageError("--keys: unknown key '\(name)'; keys are names such as up, enter, esc, space, ctrl-x, f5, or one character; wait:MS lets time pass, click:COLUMN,ROW clicks (right-click:, middle-click: the other buttons)")
                }
                playInputs.append(input)
                if case .key(let key) = input { playKeys.append(key) }
            }
        default:
            throw UsageError("--keys goes with 'check' (a number) or 'play <id>' (key names)")
        }
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
        if timeLimit != nil, case .check = command {} else if timeLimit != nil {
            throw UsageError("--time-limit goes with 'check'")
        }
        if strict, case .check = command {} else if strict {
            throw UsageError("--strict goes with 'check'")
        }
        if case .replay = command {} else if replayCheck || speed != nil || castPath != nil {
            throw UsageError("\(replayCheck ? "--check" : speed != nil ? "--speed" : "--cast") goes with 'replay FILE'")
        }
        if room != nil, case .check(let id) = command, id != nil {} else if room != nil {
            throw UsageError("--room goes with 'check <id>'")
        }
        if size != nil, castPath == nil, room == nil {
            throw UsageError("--size goes with 'replay FILE --cast OUT' or 'check <id> --room NAME'")
        }
        if replayCheck, castPath != nil { throw UsageError("--check and --cast go separately: one checks, one records") }
    }
}

/// A command line that cannot be run: one line saying what was wrong, and a hint.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, without the program's name.
    public let message: String
    /// A usage error with this message (control characters removed).
    public init(_ message: String) { self.message = TextSanitizer.clean(message) }
    /// The line `gamehost` prints.
    public var description: String { text(program: "gamehost") }
    /// The line a launcher called `program` prints.
    public func text(program: String) -> String { "\(program): \(message) (try '\(program) --help')" }
}
