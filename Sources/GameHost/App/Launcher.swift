import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `gamehost` program, given the catalog: everything but `check`, which lives with
/// the conformance suite.
public struct Launcher {
    public static let version = "0.1.0"

    public enum ExitCode {
        public static let ok: Int32 = 0
        public static let failure: Int32 = 1
        public static let usage: Int32 = 64
        public static let cannotCreate: Int32 = 73
        public static let config: Int32 = 78
    }

    public let catalog: [GameEntry]
    public let builtInConfig: String
    public let environment: [String: String]

    public init(catalog: [GameEntry], builtInConfig: String,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.catalog = catalog
        self.builtInConfig = builtInConfig
        self.environment = environment
    }

    /// What a run needs, checked before anything is shown or written.
    public struct Prepared {
        public let config: Config
        public let games: [GameEntry]
        public let dataDirectory: String
        public let preferences: PreferenceStore
        public let scores: ScoreBook
        let notices: NoticeCollector
        public let overrides: PreferenceValues
    }

    public enum Failure: Error, CustomStringConvertible {
        case usage(UsageError)
        case config(ConfigError)
        case other(String, Int32)

        public var description: String {
            switch self {
            case .usage(let error): "\(error)"
            case .config(let error): "gamehost: \(error)"
            case .other(let message, _): "gamehost: \(message)"
            }
        }

        public var exitCode: Int32 {
            switch self {
            case .usage: ExitCode.usage
            case .config: ExitCode.config
            case .other(_, let code): code
            }
        }
    }

    /// Runs a parsed command line; returns the exit status.
    public func run(_ arguments: Arguments) -> Int32 {
        if arguments.help {
            print(Arguments.usage)
            return ExitCode.ok
        }
        if arguments.version {
            print("gamehost \(Self.version)")
            return ExitCode.ok
        }
        do {
            let prepared = try prepare(arguments)
            switch arguments.command {
            case .list:
                list(prepared)
            case .prefs(let id):
                try prefs(id, prepared, arguments)
            case .menu, .play:
                try play(prepared, arguments)
            case .check:
                break
            }
            return ExitCode.ok
        } catch {
            // Messages quote files and arguments; nothing in them may act on the terminal.
            FileHandle.standardError.write(Data((TextSanitizer.clean(error.description) + "\n").utf8))
            return error.exitCode
        }
    }

    public func prepare(_ arguments: Arguments) throws(Failure) -> Prepared {
        let config: Config
        do {
            config = try Config.load(path: arguments.configPath, builtIn: builtInConfig, games: catalog)
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
        if case .play(let id) = arguments.command { sessionOverrides[id] = overrides }
        let preferences = PreferenceStore(games: games, config: config, store: store,
                                          overrides: sessionOverrides, report: collector.add)
        return Prepared(config: config, games: games, dataDirectory: dataDirectory, preferences: preferences,
                        scores: ScoreBook(store: store), notices: collector, overrides: overrides)
    }

    /// `$XDG_DATA_HOME/gamehost`, else `~/.local/share/gamehost`.
    func defaultDataDirectory() -> String {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/gamehost" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/gamehost"
    }

    private func list(_ prepared: Prepared) {
        let width = prepared.games.map(\.id.count).max() ?? 0
        for game in prepared.games {
            print(game.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + game.info.title
                  + " — " + game.info.summary)
        }
    }

    private func prefs(_ id: String, _ prepared: Prepared, _ arguments: Arguments) throws(Failure) {
        let store = prepared.preferences
        do {
            if arguments.reset { try store.reset(id) }
            for setting in arguments.settings {
                try store.set(id, key: setting.key, to: prepared.overrides[setting.key]!)
            }
        } catch {
            throw .other("cannot save preferences: \(error)", ExitCode.cannotCreate)
        }
        guard let game = prepared.games.first(where: { $0.id == id }) else { return }
        let values = store.effective(id)
        for notice in prepared.notices.drain() { FileHandle.standardError.write(Data(("gamehost: " + notice + "\n").utf8)) }
        let keyWidth = game.schema.fields.map(\.key.count).max() ?? 0
        print("\(game.info.title) (\(id)) preferences:")
        if game.schema.fields.isEmpty { print("  none") }
        for field in game.schema.fields {
            let value = values[field.key].map { "\($0.json)" } ?? "?"
            print("  " + field.key.padding(toLength: keyWidth, withPad: " ", startingAt: 0) + " = " + value
                  + "  (\(store.source(id, key: field.key).rawValue))")
        }
    }

    private func play(_ prepared: Prepared, _ arguments: Arguments) throws(Failure) {
        var traceFile: FileHandle?
        if let path = arguments.tracePath {
            guard FileManager.default.createFile(atPath: path, contents: nil),
                  let handle = FileHandle(forWritingAtPath: path) else {
                throw .other("cannot write the trace file \(path)", ExitCode.cannotCreate)
            }
            traceFile = handle
        }
        defer { try? traceFile?.close() }

        let session = Session(.init(games: prepared.games, preferences: prepared.preferences,
                                    scores: prepared.scores, dataDirectory: prepared.dataDirectory,
                                    seed: arguments.seed ?? UInt64.random(in: 0...UInt64.max),
                                    clock: Date.init))
        prepared.notices.forward(to: session.notify)
        if let traceFile {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            session.trace = { record in
                if let line = try? encoder.encode(record) { traceFile.write(line + Data("\n".utf8)) }
            }
        }
        if case .play(let id) = arguments.command { session.play(id) }

        let interactive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 && !arguments.plain
        if interactive {
            let colors = !arguments.noColor && (environment["NO_COLOR"] ?? "").isEmpty
                && environment["TERM"] != "dumb" && prepared.config.color != .never
            do {
                try Runner.runTerminal(session, colors: colors,
                                       mouse: !arguments.noMouse && prepared.config.mouse)
            } catch {
                throw .other("\(error)", ExitCode.failure)
            }
        } else {
            Runner.runPlain(session, size: plainSize())
        }
    }

    /// Plain frames are 80×24 unless COLUMNS and LINES say otherwise.
    func plainSize() -> Size {
        let width = environment["COLUMNS"].flatMap(Int.init).map { min(max($0, 10), 500) } ?? 80
        let height = environment["LINES"].flatMap(Int.init).map { min(max($0, 3), 300) } ?? 24
        return Size(width: width, height: height)
    }
}
