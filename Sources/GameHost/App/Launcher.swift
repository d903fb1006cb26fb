#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A launcher program: the command line of `gamehost` over a list of games. The work of
/// each command is a type of its own (ListCommand, PrefsCommand, PlayCommand…); `check` and
/// `new` are given by the program, since the conformance engine and the scaffold live
/// outside GameHost.
public struct Launcher {
    /// GameHost's version, as `--version` prints it.
    public static let version = "0.1.0"

    /// The exit statuses, after sysexits.h.
    public enum ExitCode {
        /// Done as asked.
        public static let ok: Int32 = 0
        /// The work failed (a game that does not conform, a terminal that cannot be set up).
        public static let failure: Int32 = 1
        /// A command line that cannot be run.
        public static let usage: Int32 = 64
        /// A file that cannot be written.
        public static let cannotCreate: Int32 = 73
        /// A config.json that was refused.
        public static let config: Int32 = 78
    }

    /// The games it offers, before config.json orders or hides them.
    public let catalog: [GameEntry]
    /// The text of config.json used when no file is named or found.
    public let builtInConfig: String
    /// The environment it reads (`ProcessEnvironment.names`: HOME, XDG_DATA_HOME, NO_COLOR, TERM, COLUMNS, LINES…).
    public let environment: [String: String]
    /// The name its messages and its help start with: the program's own.
    public var programName: String
    /// Runs `check [<id>]`; nil: the launcher has no `check`.
    public var check: ((Launcher, Arguments) -> Int32)?
    /// Runs `new <Name>`; nil: the launcher has no `new`.
    public var new: ((Launcher, String) -> Int32)?

    /// A launcher over `catalog`; `check` and `new` are set afterwards by the program that has them.
    public init(catalog: [GameEntry], builtInConfig: String,
                environment: [String: String] = ProcessEnvironment.variables(),
                programName: String = "gamehost") {
        self.catalog = catalog
        self.builtInConfig = builtInConfig
        self.environment = environment
        self.programName = programName
    }

    /// What a run needs, checked before anything is shown or written.
    public struct Prepared {
        /// The configuration, checked whole.
        public let config: Config
        /// The games of the menu, in its order.
        public let games: [GameEntry]
        /// Where data files go.
        public let dataDirectory: String
        /// Every game's preferences, in layers.
        public let preferences: PreferenceStore
        /// The finished rounds of every game.
        public let scores: ScoreBook
        let notices: NoticeCollector
        /// The `--set` values, checked against the game's schema.
        public let overrides: PreferenceValues
    }

    /// Why a command stopped, and the exit status that says so.
    public enum Failure: Error, CustomStringConvertible {
        case usage(UsageError)
        case config(ConfigError)
        case other(String, Int32)

        /// The line `gamehost` prints.
        public var description: String { text(program: "gamehost") }

        /// The line a launcher called `program` prints.
        public func text(program: String) -> String {
            switch self {
            case .usage(let error): error.text(program: program)
            case .config(let error): "\(program): \(error)"
            case .other(let message, _): "\(program): \(message)"
            }
        }

        /// The status the program exits with.
        public var exitCode: Int32 {
            switch self {
            case .usage: ExitCode.usage
            case .config: ExitCode.config
            case .other(_, let code): code
            }
        }
    }

    /// Parses and runs a command line (without the program's name); returns the exit status.
    public func main(_ words: [String]) -> Int32 {
        if let status = ShippingCommands.run(words, catalog: catalog, program: programName) { return status }
        // Hosting over OpenSSH has a command line of its own (sshd runs `host serve`); `host
        // --help` is every command's kind: what it does, its commands and its options; the
        // operator's commands on players have a help each (`host ban --help`).
        if words.first == "host" {
            let asksHelp = words.contains("--help") || words.contains("-h")
            guard asksHelp, !HostPlayersCommands.names.contains(words.dropFirst().first ?? "") else {
                return HostCommand.run(Array(words.dropFirst()), launcher: self)
            }
            print(CommandReference.usage(of: "host", program: programName, scaffolds: new != nil) ?? "")
            return ExitCode.ok
        }
        do {
            return run(try Arguments.parse(words))
        } catch {
            fail(error.text(program: programName))
            return ExitCode.usage
        }
    }

    /// Runs a parsed command line; returns the exit status.
    public func run(_ arguments: Arguments) -> Int32 {
        if arguments.help {
            if arguments.helpTopic == "new", new == nil { return unavailable("new") }
            print(CommandReference.usage(of: arguments.helpTopic ?? "", program: programName, scaffolds: new != nil)
                  ?? CommandReference.usage(program: programName, scaffolds: new != nil))
            return ExitCode.ok
        }
        if arguments.version {
            print(programName == "gamehost" ? "gamehost \(Self.version)" : "\(programName) (GameHost \(Self.version))")
            return ExitCode.ok
        }
        switch arguments.command {
        case .check:
            guard let check else { return unavailable("check") }
            return check(self, arguments)
        case .new(let name):
            guard let new else { return unavailable("new") }
            return new(self, name)
        default:
            break
        }
        do {
            let prepared = try prepare(arguments)
            switch arguments.command {
            case .list: ListCommand.run(prepared)
            case .prefs(let id): try PrefsCommand.run(id, prepared, arguments, program: programName)
            case .menu, .play: try PlayCommand.run(prepared, arguments, environment: environment)
            case .replay(let path): return try replay(path, prepared, arguments)
            case .check, .new: break
            }
            return ExitCode.ok
        } catch {
            fail(error.text(program: programName))
            return error.exitCode
        }
    }

    /// One line on standard error; messages quote files and arguments, so nothing in them may
    /// act on the terminal.
    public func fail(_ message: String) {
        StandardError.write(TextSanitizer.clean(message) + "\n")
    }

    private func unavailable(_ command: String) -> Int32 {
        fail(UsageError("this launcher has no '\(command)' command").text(program: programName))
        return ExitCode.usage
    }

    /// Reads the configuration and checks the command's game and `--set` values; writes nothing.
    public func prepare(_ arguments: Arguments) throws(Failure) -> Prepared {
        let ids = catalog.map(\.id)
        if let twice = ids.first(where: { id in ids.filter { $0 == id }.count > 1 }) {
            let titles = catalog.filter { $0.id == twice }.map(\.info.title).joined(separator: " and ")
            throw .other("two games have the id '\(twice)' (\(titles)); each game needs an id of its own",
                         ExitCode.failure)
        }
        let config: Config
        do {
            config = try Config.load(path: arguments.configPath, builtIn: builtInConfig, games: catalog,
                                     program: programName, environment: environment)
        } catch {
            throw .config(error)
        }
        let games = config.menu.compactMap { id in catalog.first { $0.id == id } }

        var overrides: PreferenceValues = [:]
        switch arguments.command {
        case .play(let id), .prefs(let id):
            guard let game = games.first(where: { $0.id == id }) else {
                throw .usage(UsageError("unknown game '\(id)'; games: \(games.map(\.id).joined(separator: ", "))"))
            }
            for setting in arguments.settings {
                do {
                    overrides[setting.key] = try game.schema.validate(game: id, key: setting.key, argument: setting.value)
                } catch {
                    throw .usage(UsageError("--set \(error)"))
                }
            }
        case .check(let id?):
            guard catalog.contains(where: { $0.id == id }) else {
                throw .usage(UsageError("unknown game '\(id)'; games: \(catalog.map(\.id).joined(separator: ", "))"))
            }
        default:
            break
        }

        let dataDirectory = arguments.dataDirectory.map { Config.expand($0, relativeTo: "") }
            ?? config.dataDirectory
            ?? defaultDataDirectory()
        let collector = NoticeCollector()
        let store = DataStore(directory: dataDirectory, report: collector.add)
        var sessionOverrides: [String: PreferenceValues] = [:]
        if case .play(let id) = arguments.command, !overrides.isEmpty { sessionOverrides[id] = overrides }
        let preferences = PreferenceStore(games: games, config: config, store: store,
                                          overrides: sessionOverrides, report: collector.add)
        // Each value was allowed alone; together with the others (saved, config.json) they
        // may still clash, as both slider players named "Bob".
        switch arguments.command {
        case .play(let id), .prefs(let id):
            // `play` checks even without --set: saved values may clash with a config.json changed since.
            if !overrides.isEmpty || arguments.command == .play(id), let game = games.first(where: { $0.id == id }) {
                // `prefs --reset` drops the saved values before it saves the new ones.
                var values = preferences.effective(id)
                if case .prefs = arguments.command, arguments.reset {
                    values = game.schema.defaults.merging(config.preferences[id] ?? [:]) { $1 }
                }
                do {
                    try game.schema.validate(game: id, values: values.merging(overrides) { $1 })
                } catch {
                    throw .usage(UsageError((overrides.isEmpty ? "" : "--set ") + "\(error)"))
                }
            }
        default:
            break
        }
        return Prepared(config: config, games: games, dataDirectory: dataDirectory, preferences: preferences,
                        scores: ScoreBook(store: store), notices: collector, overrides: overrides)
    }

    private func replay(_ path: String, _ prepared: Prepared, _ arguments: Arguments) throws(Failure) -> Int32 {
        let plain = arguments.plain || isatty(STDIN_FILENO) != 1 || isatty(STDOUT_FILENO) != 1
            || environment["TERM"] == "dumb"
        let colors = !plain && !arguments.noColor && (environment["NO_COLOR"] ?? "").isEmpty
            && prepared.config.color != .never
        var command = ReplayCommand(catalog: catalog, prepared: prepared, path: path, check: arguments.replayCheck,
                                    speed: arguments.speed ?? 1, plain: plain, colors: colors,
                                    size: { plain ? PlayCommand.plainSize(environment) : RawTerminal.size() })
        if let cast = arguments.castPath {
            // A recording is played in a terminal elsewhere: colours unless asked not to.
            command.cast = cast
            command.castSize = arguments.size ?? Size(width: 80, height: 24)
            command.colors = !arguments.noColor && (environment["NO_COLOR"] ?? "").isEmpty
                && prepared.config.color != .never
        }
        return try command.run()
    }

    /// `$XDG_DATA_HOME/gamehost`, else `~/.local/share/gamehost`.
    func defaultDataDirectory() -> String {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/gamehost" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Path.home(environment)
        return home + "/.local/share/gamehost"
    }
}
