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

/// `gamehost host serve --data-dir HOST`: what sshd runs for one connection. The key sshd let
/// in names the player (signing up on its first visit); the launcher then runs as on one
/// terminal, with the player's own folder `HOST/players/NAME` as its data folder.
///
/// Nothing the client sends chooses a folder: the command line is sshd's (ForceCommand), and
/// of what the player typed after the host name (SSH_ORIGINAL_COMMAND) only a game's id, or
/// `keys`, is read.
public struct ServeConnection {
    let launcher: Launcher
    let hostDirectory: String
    let configPath: String?
    /// The text of the file SSH_USER_AUTH names (sshd's ExposeAuthInfo), nil when none.
    var authInfo: String?
    /// SSH_ORIGINAL_COMMAND: what the player typed after the host name.
    var originalCommand: String?

    /// The word of SSH_ORIGINAL_COMMAND that opens the player's keys.
    public static let keysWord = "keys"

    public init(launcher: Launcher, hostDirectory: String, configPath: String?) {
        self.launcher = launcher
        self.hostDirectory = hostDirectory
        self.configPath = configPath
        authInfo = ProcessEnvironment.value("SSH_USER_AUTH").flatMap {
            FileBytes.contents($0, limit: 1 << 20, followingLinks: true).map { String(decoding: $0, as: UTF8.self) }
        }
        originalCommand = ProcessEnvironment.value("SSH_ORIGINAL_COMMAND")
    }

    /// Runs the connection; returns the exit status.
    public func run() -> Int32 {
        // Every file a host makes is the hosting account's alone: players' journals included.
        umask(0o077)
        guard hostDirectory.hasPrefix("/") else {
            return failed("--data-dir must be an absolute path, not '\(hostDirectory)'", Launcher.ExitCode.usage)
        }
        guard let key = authInfo.flatMap(AuthorizedKey.fromAuthInfo) else {
            return failed("no SSH key in SSH_USER_AUTH: 'host serve' is run by sshd for a connection (ExposeAuthInfo yes); see 'gamehost host sshd-config'", Launcher.ExitCode.usage)
        }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            // ssh asks for no terminal when a command follows the host name (`ssh HOST snake`).
            print("GameHost needs a terminal: connect with ssh -t (as in ssh -t USER@HOST snake).")
            return Launcher.ExitCode.usage
        }
        var arguments = Arguments()
        arguments.configPath = configPath
        arguments.dataDirectory = hostDirectory + "/players"
        // The host's configuration, read before the player is known; nothing is written yet.
        let host: Launcher.Prepared
        do { host = try launcher.prepare(arguments) } catch {
            return failed(error.text(program: launcher.programName), error.exitCode)
        }
        // The limit first: a connection over it starts nothing, not even a sign-up.
        let registry = ConnectionRegistry(directory: hostDirectory + "/sessions")
        let keys = PlayerKeys(hostDirectory: hostDirectory, namedKeysPath: host.config.hosting.namedKeys,
                              report: { launcher.fail($0) })
        let limit = host.config.hosting.maxSessions
        // A key not signed up takes one of the fewer places strangers may hold.
        let signedUp = try? keys.player(for: key)
        let signUps = signedUp == nil ? host.config.hosting.signUpPlaces : nil
        var found = Result(catching: { try registry.takePlace(limit: limit, signUps: signUps) })
        if case .success(.full) = found, let name = signedUp {
            // A known player's second connection may still take their session over.
            found = Result(catching: { try registry.takePlace(limit: limit, inPlayFor: name) })
        }
        var place: String
        switch found {
        case .success(.taken(let name)): place = name
        case .success(.full(let count)):
            print("The host is full: \(count == 1 ? "1 player is" : "\(count) players are") on; try again later.")
            return Launcher.ExitCode.failure
        case .success(.signUpsFull(let count)):
            print("The host takes no more new keys right now (\(count) signing up); try again in a few minutes.")
            return Launcher.ExitCode.failure
        case .failure(let error): return failed("\(error)", Launcher.ExitCode.cannotCreate)
        }
        defer { registry.releasePlace(place) }
        var known: String?
        do { known = try keys.arrive(key) } catch {
            print("\(error)")
            return Launcher.ExitCode.failure
        }
        if known == nil {
            guard host.config.hosting.signUp else {
                print("This host takes no new players: your key is not one it knows. Ask its operator to add it.")
                return Launcher.ExitCode.failure
            }
            known = signUp(key, keys: keys, host)
            if known != nil { place = registry.signedUp(place) }
        }
        guard let name = known else { return Launcher.ExitCode.ok }
        if let ban = keys.ban(of: name) {
            print(ban.notice(for: name))
            return Launcher.ExitCode.failure
        }
        let player = HostedPlayer(name: name, hostDirectory: hostDirectory)
        arguments.dataDirectory = player.dataDirectory
        // Made now (0700, by the umask), so the name is held on disk from the first visit.
        guard Path.makeFolders(player.dataDirectory) else {
            return failed("cannot create the player's folder \(player.dataDirectory)", Launcher.ExitCode.cannotCreate)
        }
        let asked = Self.request(originalCommand, games: host.games.map(\.id))
        // An operator's `kill PID` ends the session (the round saved by the signal handlers):
        // the player reads why, below the restored screen, not only the shell's "Terminated".
        RawTerminal.sayOnTermination(saved: Self.terminatedSaved, plain: Self.terminated)
        let canLink = host.config.hosting.signUp
        if case .game(let id) = asked { arguments.command = .play(id) }
        do {
            let prepared = try launcher.prepare(arguments)
            try PlayCommand.run(prepared, arguments, environment: launcher.environment, player: player,
                                account: { $0.openKeys(keys, player: player, key: key, canLink: canLink) }) { session in
                if asked == .keys { session.openKeys(keys, player: player, key: key, canLink: canLink) }
            }
        } catch {
            return failed(error.text(program: launcher.programName), error.exitCode)
        }
        return Launcher.ExitCode.ok
    }

    static let terminatedSaved = "The host's operator ended this session; your game is saved."
    static let terminated = "The host's operator ended this session."

    /// What the player asked for after the host name.
    enum Request: Equatable {
        case menu
        case game(String)
        case keys
    }

    /// Reads SSH_ORIGINAL_COMMAND: one word that is a game's id, or `keys`; anything else (a
    /// shell command, flags, paths) is the menu, as if nothing were typed.
    static func request(_ command: String?, games: [String]) -> Request {
        let words = (command ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count == 1, let word = words.first.map(String.init) else { return .menu }
        if word == keysWord { return .keys }
        return games.contains(word) ? .game(word) : .menu
    }

    /// The sign-up screen, in a session of its own before the player's: returns the name the
    /// key now has (signed up, or linked to a player with a code), or nil when the player left.
    func signUp(_ key: AuthorizedKey, keys: PlayerKeys, _ host: Launcher.Prepared) -> String? {
        // A session of no game: nothing in it reads or writes the (unused) data folder.
        var setup = Session.Setup(games: [], preferences: host.preferences, scores: host.scores,
                                  dataDirectory: host.dataDirectory, seed: 0, clock: Date.init)
        setup.journals = false
        // A sign-up gives its place back after a short while, keys or not: strangers hold none long.
        let timeout = Duration.seconds(host.config.hosting.signUpTimeout)
        setup.timeLimit = (timeout, "Signing up takes at most \(Session.spoken(timeout)) here: connect again to choose a name.")
        let session = Session(setup)
        var name: String?
        let model = AccountViewModel(mode: .signUp, submit: { typed in
            do {
                name = try keys.signUp(typed, key: key)
                return nil
            } catch {
                return "\(error)"
            }
        }, done: { _ in [.host(.leave)] }, alternative: ("link to my player", {
            let link = LinkKeyViewModel(keys: keys, key: key, linked: { linked in
                name = linked
                return .host(.leave)
            })
            return .push(Screen(id: "host.link-key", model: link, view: LinkKeyView()))
        }))
        session.push(Session.Layer(screen: Screen(id: "host.sign-up", model: model, view: AccountView()), owner: .host,
                                   onPop: { [unowned session] in session.leave() }))
        do {
            let config = host.config
            let colors = (launcher.environment["NO_COLOR"] ?? "").isEmpty && config.color != .never
            try Runner.runTerminal(session, colors: colors,
                                   ambiguousIsWide: config.ambiguousWidth == .auto ? nil : config.ambiguousWidth == .wide,
                                   mouse: config.mouse)
        } catch {
            launcher.fail("\(error)")
            return nil
        }
        if let farewell = session.farewell { print(farewell) }
        return name
    }

    private func failed(_ message: String, _ status: Int32) -> Int32 {
        launcher.fail(message.hasPrefix(launcher.programName) ? message : "\(launcher.programName): \(message)")
        return status
    }
}

extension Session {
    /// Closes every screen: the session ends.
    func leave() {
        while !stack.isEmpty { popTop() }
    }

    /// The hosted player's keys over the menu, `key` being this connection's; `canLink`
    /// false on a host closed to sign-ups, where new keys never reach a screen.
    func openKeys(_ keys: PlayerKeys, player: HostedPlayer, key: AuthorizedKey, canLink: Bool) {
        let model = KeysViewModel(keys: keys, name: player.name, connectedWith: key, canLink: canLink)
        push(Layer(screen: Screen(id: "host.keys", model: model, view: KeysView()), owner: .host))
    }
}
