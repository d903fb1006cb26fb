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

/// No command, or `play <id>`: a session in the terminal (or in plain text when piped),
/// from the menu or straight into the game.
enum PlayCommand {
    /// `player` and `opening` are a hosted session's: who plays, and a screen to open first.
    static func run(_ prepared: Launcher.Prepared, _ arguments: Arguments, environment: [String: String],
                    player: HostedPlayer? = nil, account: ((Session) -> Void)? = nil,
                    opening: ((Session) -> Void)? = nil) throws(Launcher.Failure) {
        var traceFile: OutputFile?
        if let path = arguments.tracePath {
            guard let handle = OutputFile(creating: path) else {
                throw .other("cannot write the trace file \(path)", Launcher.ExitCode.cannotCreate)
            }
            traceFile = handle
        }
        defer { traceFile?.close() }

        var setup = Session.Setup(games: prepared.games, preferences: prepared.preferences,
                                  scores: prepared.scores, dataDirectory: prepared.dataDirectory,
                                  seed: arguments.seed ?? UInt64.random(in: 0...UInt64.max),
                                  clock: Date.init)
        // A run that asks for something (a seed, settings, keys, a trace) plays exactly that:
        // no offer to resume, and no journal, so a game waiting in the data folder stays there.
        setup.journals = prepared.config.resume && !arguments.asksForARun
        setup.journalHistory = prepared.config.journalHistory
        if let player {
            let config = prepared.config.hosting
            var hosting = HostedServices.Setup(player: player)
            hosting.openAccount = account
            if config.idleTimeout > 0 { hosting.idleTimeout = .seconds(config.idleTimeout) }
            hosting.roomTimeout = Double(config.roomTimeout)
            hosting.journalLimit = config.maxJournalKB * 1024
            hosting.maxSessions = config.maxSessions
            hosting.dataLimit = FolderLimit(folder: prepared.dataDirectory, bytes: config.maxDataKB * 1024)
            prepared.scores.store.limit = hosting.dataLimit
            setup.hosting = hosting
        }
        let session = Session(setup)
        defer { session.closeJournal() }
        prepared.notices.forward(to: session.notify)
        if let traceFile {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            var playing: String?
            if case .play(let id) = arguments.command { playing = id }
            let header = TraceHeader(trace: TraceHeader.currentFormat, seed: String(setup.seed), game: playing,
                                     preferences: Dictionary(uniqueKeysWithValues: prepared.games.map {
                                         ($0.id, prepared.preferences.effective($0.id).mapValues(\.json))
                                     }),
                                     started: session.now.timeIntervalSince1970)
            if let line = try? encoder.encode(header) { traceFile.write(Array(line) + [UInt8(ascii: "\n")]) }
            session.trace = { record in
                if let line = try? encoder.encode(record) { traceFile.write(Array(line) + [UInt8(ascii: "\n")]) }
            }
        }
        // A dumb terminal (an editor's shell buffer, a serial console) cannot move the cursor
        // or switch screens: it gets plain frames, as a pipe does, with ASCII for the glyphs
        // some terminals draw 2 cells wide (nothing measures a dumb terminal's widths).
        let interactive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 && !arguments.plain
            && environment["TERM"] != "dumb"
        if case .play(let id) = arguments.command {
            // A hosted player's q leads back to the lobby; one's own goes back to the shell.
            session.play(id, alone: setup.hosting == nil)
            if !arguments.playInputs.isEmpty {
                // Clicks mean what is drawn at the size the frames will have.
                session.terminalSize = interactive ? RawTerminal.size() : plainSize(environment)
                session.play(arguments.playInputs)
            }
        }
        opening?(session)
        if interactive {
            let colors = !arguments.noColor && (environment["NO_COLOR"] ?? "").isEmpty
                && prepared.config.color != .never
            do {
                let ambiguous = prepared.config.ambiguousWidth
                try Runner.runTerminal(session, colors: colors, ambiguousIsWide: ambiguous == .auto ? nil : ambiguous == .wide,
                                       mouse: !arguments.noMouse && prepared.config.mouse,
                                       ascii: ASCIIText.localeIsASCII(environment))
            } catch {
                throw .other("\(error)", Launcher.ExitCode.failure)
            }
        } else {
            // A person at a dumb terminal types lines, and a real-time game runs on real time. A
            // locale of C or POSIX says the terminal (or the file) takes ASCII: nothing measures
            // a pipe, so it is believed.
            let dumb = environment["TERM"] == "dumb"
            Runner.runPlain(session, size: plainSize(environment), narrowGlyphs: dumb,
                            ascii: ASCIIText.localeIsASCII(environment),
                            lineMode: dumb && isatty(STDIN_FILENO) == 1 && !arguments.plain)
        }
        // Said after the terminal is restored, so it stays on the player's screen.
        if let farewell = session.farewell { print(farewell) }
    }

    /// Plain frames are 80×24 unless COLUMNS and LINES say otherwise.
    static func plainSize(_ environment: [String: String]) -> Size {
        let width = environment["COLUMNS"].flatMap(Int.init).map { min(max($0, 10), 500) } ?? 80
        let height = environment["LINES"].flatMap(Int.init).map { min(max($0, 3), 300) } ?? 24
        return Size(width: width, height: height)
    }
}
